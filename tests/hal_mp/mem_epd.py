"""Heap check: driver + framebuffer + every refresh kind in a small heap.

Run with `micropython -X heapsize=32k`; prints 'ok <free bytes>'.  The bus
only counts bytes, so what is measured is the driver's own footprint.
"""
import gc

from hal.epd_ssd1683 import SSD1683, BLACK, WHITE


class CountingBus:
    def __init__(self):
        self.now = 0
        self.sent = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms

    def busy(self):
        return False

    def reset(self):
        pass

    def command(self, c):
        self.sent += 1

    def data(self, buf):
        self.sent += len(buf)


gc.collect()
bus = CountingBus()
epd = SSD1683(bus)
epd.fill(WHITE)
epd.text("Pocket Rummikub", 10, 10, BLACK)
epd.refresh_full()
epd.refresh_fast()
for i in range(20):
    epd.fill_rect(8 * i, 40, 16, 16, BLACK)
    epd.refresh_partial(8 * i, 40, 16, 16)
epd.sleep()
gc.collect()
print("ok", gc.mem_free(), bus.sent)
