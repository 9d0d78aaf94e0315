"""A hal for running the app on the MicroPython unix port (and CPython).

The real SSD1683 driver on a bus that is never busy and only counts bytes,
a virtual clock, buttons from a bitmask the test sets, storage in a folder.
Used by the heap-capped whole-game run and the framebuffer comparison.
"""
import os

from hal.base import Hal
from hal.buttons import NAMES, bit
from hal.epd_ssd1683 import SSD1683
from hal.storage import Storage


class Asleep(Exception):
    pass


class Bus:
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


def mkdir(path):
    try:
        os.mkdir(path)
    except OSError:
        pass


class TestHal(Hal):
    name = "test"

    def __init__(self, root):
        self.bus = Bus()
        self.lines = 0
        self.until = 0
        mkdir(root)
        self.root = root
        super().__init__(SSD1683(self.bus), Storage(root, log=lambda s: None))

    def read_buttons(self):
        if self.lines and self.bus.now >= self.until:
            self.lines = 0
        return self.lines

    def ticks_ms(self):
        return self.bus.now

    def sleep_ms(self, ms):
        self.bus.now += ms

    def deep_sleep(self):
        raise Asleep()


def press(app, name, hold=80):
    """Hold a button for `hold` ms of virtual time, then let the app settle."""
    h = app.hal
    h.lines = bit(NAMES.index(name))
    h.until = h.bus.now + hold
    app.run_for(hold + 150)
