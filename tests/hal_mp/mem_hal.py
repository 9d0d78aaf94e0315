"""Heap check of the whole hal stack: driver, buttons, storage, base, sleep.

Run with a capped heap (`micropython -X heapsize=...`) on .mpy files the way
the device runs them; prints 'ok <bytes allocated after gc> <bytes sent>'.
"""
import gc

from fake_bus import CountingBus
from hal_fakes import BusHal, folder_storage
from hal.base import SleepWake
from hal.buttons import bit, A
from hal.epd_ssd1683 import BLACK, WHITE
from hal.sleep import IdleSleep


gc.collect()
h = BusHal(CountingBus(), folder_storage("/tmp/hal_mem"))
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
except SleepWake:
    pass
gc.collect()
print("ok", gc.mem_alloc(), h.bus.sent)
