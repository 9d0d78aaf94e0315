"""Heap check of the whole hal stack: driver, buttons, storage, base, sleep.

Run with a capped heap (`micropython -X heapsize=...`) on .mpy files the way
the device runs them; prints 'ok <bytes allocated after gc> <bytes sent>'.
"""
import gc

from hal.base import Hal
from hal.buttons import bit, A
from hal.epd_ssd1683 import SSD1683, BLACK, WHITE
from hal.sleep import IdleSleep
from hal.storage import Storage


class Slept(Exception):
    pass


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


class MemHal(Hal):
    def __init__(self):
        self.bus = CountingBus()
        self.lines = 0
        try:
            import os
            os.mkdir("/tmp/hal_mem")
        except OSError:
            pass
        super().__init__(SSD1683(self.bus), Storage("/tmp/hal_mem", log=lambda s: None))

    def read_buttons(self):
        return self.lines

    def ticks_ms(self):
        return self.bus.now

    def sleep_ms(self, ms):
        self.bus.now += ms

    def deep_sleep(self):
        raise Slept()


gc.collect()
h = MemHal()
d = h.display
d.fill(WHITE)
d.text("Pocket Rummikub", 10, 10, BLACK)
d.refresh_full()
state = bytearray(600)
idle = IdleSleep(h, 5000)
for i in range(40):
    h.lines = bit(A) if i % 4 < 2 else 0
    ev = h.poll()
    idle.note(ev)
    if ev:
        d.fill_rect(8 * (i % 40), 40, 16, 16, BLACK)
        d.refresh_partial(8 * (i % 40), 40, 16, 16)
        h.storage.save("game", state)
    h.sleep_ms(20)
assert h.storage.load("game") == state
h.sleep_ms(6000)
assert idle.due()
try:
    idle.sleep_now(lambda: h.storage.save("game", state))
except Slept:
    pass
gc.collect()
print("ok", gc.mem_alloc(), h.bus.sent)
