"""A Hal for tests (CPython and MicroPython): the real SSD1683 driver on a
fake bus, the bus's virtual clock as the hal's clock, button lines from a
bitmask the test sets, deep sleep raising hal.base.SleepWake (as every
backend that cannot power down does).  tests/ui_mp/ui_hal builds the
whole-game runs' hal on the same bus."""
import os

from hal.base import Hal, SleepWake
from hal.epd_ssd1683 import SSD1683
from hal.storage import Storage


def folder_storage(root):
    """Storage in folder `root` (created if missing), logging nothing."""
    try:
        os.mkdir(root)
    except OSError:
        pass
    return Storage(root, log=lambda s: None)


class BusHal(Hal):
    def __init__(self, bus, storage):
        self.bus = bus
        self.lines = 0
        super().__init__(SSD1683(bus), storage)

    def read_buttons(self):
        return self.lines

    def ticks_ms(self):
        return self.bus.now

    def sleep_ms(self, ms):
        self.bus.now += ms

    def deep_sleep(self):
        raise SleepWake()
