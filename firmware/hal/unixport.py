"""The MicroPython unix port as a handheld: the backend main.py picks when
there is no ESP32, so the device simulator (host_tools.devsim FOLDER
--run-main) runs the real app with its serial line on the simulator's pty.

    serial    the unix port's stdin/stdout (the pty), as on the board's USB
    display   the real SSD1683 driver on a bus that goes nowhere; at every
              refresh the text drawn in the frame is written to screen.txt
              ("y x text" per line, top to bottom): how to see the screen
    buttons   the file `keys` in the flash folder: button names separated by
              spaces (up down left right a b start; NAME_LONG holds it), read
              and removed at once, then pressed one after another
    storage   data/ (as /data on the board); score log at the folder root
    battery   the file `battery_uv` in the flash folder, if there: the
              microvolts the divider's pin reads (through the reference
              board's ratio, hal.board), else no battery pin
    clock     ticks in real time (the radio's clock with the simulated radio,
              below); the date unset until a sync sets it (as a board's
              RTC), then kept as a difference in `rtc`; device id
              generated once (hal.devid)
    link      the simulated radio (hal.simradio), when the environment
              names its port and this console's address (POCKET_AIR,
              POCKET_MAC: 12 hex digits); its clock is then the radio's
    sleep     deep_sleep() waits for the next keys, then exits: devsim
              restarts the interpreter into main.py, as a wake boots the board
"""
import os
import time

from hal import board
from hal.base import Hal
from hal.buttons import NAMES
from hal.epd_ssd1683 import SSD1683
from hal.storage import Storage

KEYS = "keys"
BATTERY_UV = "battery_uv"
SCREEN = "screen.txt"
HOLD_MS = 80
LONG_MS = 1000
GAP_MS = 150
_RTC = "rtc"            # storage key: set date minus the system clock's (s)


class _Bus:
    """Never busy; the bytes go nowhere."""

    def __init__(self, hal):
        self.hal = hal

    def busy(self):
        return False

    def reset(self):
        pass

    def command(self, c):
        pass

    def data(self, buf):
        pass

    def ticks_ms(self):
        return time.ticks_ms()

    def sleep_ms(self, ms):
        time.sleep_ms(ms)


class TextPanel(SSD1683):
    """The driver, noting each text drawn since the last fill()."""

    def __init__(self, bus):
        super().__init__(bus)
        self.lines = []

    def fill(self, c):
        self.lines = []
        super().fill(c)

    def text(self, s, x, y, c=1):
        self.lines.append((y, x, s))
        super().text(s, x, y, c)

    def _dump(self):
        try:
            with open(SCREEN + ".tmp", "w") as f:
                for y, x, s in sorted(self.lines):
                    f.write("%d %d %s\n" % (y, x, s))
            os.rename(SCREEN + ".tmp", SCREEN)
        except OSError:
            pass

    def refresh_full(self):
        super().refresh_full()
        self._dump()

    def refresh_fast(self):
        super().refresh_fast()
        self._dump()

    def refresh_partial(self, x, y, w, h):
        r = super().refresh_partial(x, y, w, h)
        self._dump()
        return r


class UnixHal(Hal):
    name = "unix"
    battery_ratio = board.BATTERY_RATIO

    def __init__(self, root="data", log=print):
        try:
            os.mkdir(root)
        except OSError:
            pass
        super().__init__(TextPanel(_Bus(self)), Storage(root, log=log))
        self.queue = []          # [(bit mask, hold ms)] still to press
        self.lines = 0
        self.until = 0           # current press ends (then a gap) at this tick

    def _take_keys(self):
        try:
            with open(KEYS) as f:
                words = f.read().split()
            os.remove(KEYS)
        except OSError:
            return
        for w in words:
            w = w.lower()
            hold = HOLD_MS
            if w.endswith("_long"):
                w, hold = w[:-5], LONG_MS
            if w in NAMES:
                self.queue.append((1 << NAMES.index(w), hold))

    def read_buttons(self):
        now = time.ticks_ms()
        if time.ticks_diff(now, self.until) < 0:
            return self.lines
        if self.lines:           # released: a gap before the next press
            self.lines = 0
            self.until = time.ticks_add(now, GAP_MS)
            return 0
        if not self.queue:
            self._take_keys()
        if self.queue:
            self.lines, hold = self.queue.pop(0)
            self.until = time.ticks_add(now, hold)
        return self.lines

    _link = None

    def link(self):
        if self._link is None and os.getenv("POCKET_AIR") and os.getenv("POCKET_MAC"):
            from hal.simradio import SimRadio
            self._link = SimRadio(bytes.fromhex(os.getenv("POCKET_MAC")), int(os.getenv("POCKET_AIR")))
        return self._link

    def ticks_ms(self):
        return self._link.ticks_ms() if self._link else time.ticks_ms()

    def sleep_ms(self, ms):
        if self._link:
            self._link.sleep_ms(ms)
        else:
            time.sleep_ms(ms)

    def battery_pin_uv(self):
        try:
            with open(BATTERY_UV) as f:
                return int(f.read())
        except (OSError, ValueError):
            return None

    def board_clock(self):
        """A board's clock: unset until a sync sets it (as the ESP32's RTC
        after a power-on), then the system clock plus the difference the
        sync set, kept in the folder (the RTC runs through deep sleep)."""
        from hal.base import system_time
        d = self.storage.load(_RTC)
        return None if d is None else system_time() + int(d)

    def set_board_clock(self, at):
        from hal.base import system_time
        self.storage.save(_RTC, b"%d" % (at - system_time()))

    def deep_sleep(self):
        """No power to cut: wait for the next key in the file, then end the
        interpreter, which the device simulator restarts into main.py
        (as a button boots the board again)."""
        while not self.queue:
            self._take_keys()
            time.sleep_ms(100)
        raise SystemExit
