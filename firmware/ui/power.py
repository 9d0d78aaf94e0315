"""The battery in the app: a mark in the top right corner, a warning when
the cell runs low, a safe stop when it is empty.

The app hands itself to check() at boot and every step; the cell is read
every _CHECK_MS.  Thresholds are cell
millivolts under the console's light load (a few mA awake, the panel's
refresh peaks aside); a LiPo's curve is flat from ~3.9 V down to ~3.7 V
and falls steeply below ~3.6 V (the measured 1000 mAh discharge in
blog.usedbytes.com/2019/03/battery-discharge-profile; hal.base's
percent table puts 3.6 V at ~12%):
    _WARN_MV  3600: the knee of the curve, roughly an evening of play left
                     (~12% of 1200 mAh at the awake figures of
                     hardware/power.md);
    _EMPTY_MV 3300: the ESP32-WROOM-32E needs >= 3.0 V (its datasheet,
                     "Recommended operating conditions"), and the board's
                     LDO drops some of the cell's voltage at the refresh
                     peaks; 0.3 V above the limit covers that and the ADC's
                     error, and the steep tail leaves little charge below.
A dip during a refresh is not the cell running out: the stop needs
_EMPTY_READS low readings in a row, _CHECK_MS apart.  On USB (hal.battery:
a reading above any cell) the mark shows a plus and nothing warns or stops.
"""
from compat import const, ticks_diff
from hal.base import EXTERNAL_MV, lipo_percent
from ui.gfx import WHITE, BLACK
from ui.layout import STATUS_H, W

_WARN_MV = const(3600)
_EMPTY_MV = const(3300)
_EMPTY_READS = const(3)
_CHECK_MS = const(20000)
_MARK_W = const(16)           # the mark's chip: x W-_MARK_W .. W-1, as high as the status bar
_USB = const(-1)              # fill() on USB (or charging); None: no battery pin
# (private consts: no dict slot on the device, which keeps this module small)
LOW_TEXT = "Battery low: charge soon"
EMPTY_TEXT = "Battery empty: charge me"


class Battery:
    def __init__(self, hal):
        self.hal = hal
        self.mv = None
        self.lows = 0             # empty readings in a row
        self.warned = False
        self.at = None            # ticks of the last reading

    def fill(self):
        """What the mark shows: None (no pin), _USB, or 0..7 px of charge."""
        mv = self.mv
        if mv is None:
            return None
        if mv > EXTERNAL_MV or self.hal.charging():
            return _USB
        return (lipo_percent(mv) * 7 + 50) // 100

    def check(self, app):
        """Read the cell (at once the first time, then every _CHECK_MS)
        and act on it: an empty cell saves and powers down with a note
        (app.sleep; at boot one reading, nothing draws current yet), a low
        one warns once per low spell (app.error), a changed mark redraws."""
        if self.at is not None and ticks_diff(self.hal.ticks_ms(), self.at) < _CHECK_MS:
            return
        before = self.fill()
        self.mv = self.hal.battery_mv()
        self.at = self.hal.ticks_ms()
        f = self.fill()
        cell = f is not None and f != _USB
        self.lows = self.lows + 1 if cell and self.mv <= _EMPTY_MV else 0
        if self.lows >= _EMPTY_READS or (self.lows and before is None):
            app.sleep(EMPTY_TEXT)
        elif cell and self.mv <= _WARN_MV:
            if not self.warned:
                self.warned = True
                app.error = LOW_TEXT
                app.redraw()
        else:
            self.warned = False
        if f != before:
            app.redraw()

    def room(self):
        """Pixels the status bar leaves free at its right end."""
        return 0 if self.mv is None else _MARK_W

    def draw(self, fb):
        """The mark: a battery outline filled by the charge (a plus on USB),
        white in a black chip, so it reads on every screen's header."""
        f = self.fill()
        if f is None:
            return
        x = W - _MARK_W
        fb.fill_rect(x, 0, _MARK_W, STATUS_H - 1, BLACK)
        fb.rect(x + 2, 2, 11, 7, WHITE)
        fb.fill_rect(x + 13, 4, 2, 3, WHITE)
        if f == _USB:
            fb.hline(x + 5, 5, 5, WHITE)
            fb.vline(x + 7, 3, 5, WHITE)
        else:
            fb.fill_rect(x + 4, 4, f, 3, WHITE)
