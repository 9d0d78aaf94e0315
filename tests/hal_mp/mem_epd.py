"""Heap check: driver + framebuffer + every refresh kind in a small heap.

Run with `micropython -X heapsize=32k`; prints 'ok <free bytes>'.  The bus
only counts bytes, so what is measured is the driver's own footprint.
"""
import gc

from hal.epd_ssd1683 import SSD1683, BLACK, WHITE
# after the driver: loaded first, its code splits the heap so that the
# 15 KB framebuffer no longer fits at 48k
from fake_bus import CountingBus


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
