"""A hal for running the app on the MicroPython unix port (and CPython).

The real SSD1683 driver on the hal tests' counting bus (tests/hal_mp/
fake_bus: never busy, counts bytes, a virtual clock), buttons from a bitmask
the test sets, storage in a folder, deep sleep raising hal.base.SleepWake.
Used by the heap-capped whole-game run and the framebuffer comparison.
"""
import os

from hal.base import Hal, SleepWake
from hal.buttons import NAMES, bit
from hal.epd_ssd1683 import SSD1683
from hal.storage import Storage
from fake_bus import CountingBus


def mkdir(path):
    try:
        os.mkdir(path)
    except OSError:
        pass


class TestHal(CountingBus, Hal):
    """Also the display's bus and its clock: one object, not two, in the
    capped heap."""
    name = "test"
    lines = 0
    until = 0

    def __init__(self, root):
        mkdir(root)
        self.root = root
        super().__init__(SSD1683(self), Storage(root, log=lambda s: None))

    def read_buttons(self):
        if self.lines and self.now >= self.until:
            self.lines = 0
        return self.lines

    def deep_sleep(self):
        raise SleepWake()


def start_score_log(root, log_id):
    """A score log in root started with id log_id (the device draws one
    from os.urandom): the match id, in every save, has as many digits
    every run, so a heap cap plays one game.  The modules that took are
    dropped (the app loads them again when it logs)."""
    import gc
    import sys
    from ui import forget
    before = set(sys.modules)
    from sync import scorelog
    scorelog._new_log_id = lambda: log_id
    mkdir(root)
    from sync.matchid import reserve
    reserve(scorelog.ScoreLog(root + "/" + scorelog.LOG_PATH))
    reserve = None
    scorelog = None
    for name in list(sys.modules):
        if name not in before:
            forget(name)
    before = None
    gc.collect()


def press(app, name, ms=80):
    """Hold a button for `ms` of virtual time, then let the app settle."""
    h = app.hal
    h.lines = bit(NAMES.index(name))
    h.until = h.now + ms
    app.run_for(ms + 150)
