"""Bring-up check for a freshly built handheld (any backend).

On the device:  `from hal.esp32 import Esp32Hal; import hal.selftest as t;
t.run(Esp32Hal())`.  It checks storage (save, load, backup), draws a test
pattern with a full refresh, then shows every button as a box that fills
while it is held (partial refreshes), the battery voltage and the refresh
counters.  A long START press ends it through the normal sleep path.
Each step also prints one line on the serial console (`log`), the lines
hardware/README.md's bring-up checklist quotes:
    selftest: storage ok | FAILED
    selftest: battery 3987 mV | n/a
    selftest: wake power | button | timer
    selftest: full refresh 3980 ms
    selftest: press up (partial refresh 380 ms)
    selftest: sleeping (counts full=1 fast=0 partial=12)
Returns a dict of what it saw, so the emulator test can check it.

bringup() is the first board's measured run, driven over the REPL by
`python -m host_tools bringup --port ...` (host_tools/flash/bringup.py,
which also takes the free heap and the pystone figure): each refresh mode's
BUSY time, the wiring of every button (press each when asked: the wrong one
is named), and the battery against the voltage the maker measured at the
cell (the divider's ratio is stored and used from then on: hal.battery).
Its last line is `bringup: {JSON}`.
"""
import json

from compat import ticks_diff
from hal.buttons import NAMES, PRESS, RELEASE, LONG, START
from hal.sleep import IdleSleep

BOX_W = 48
BOX_Y = 200


def _box_x(b):
    return 8 + b * 56


def _check_storage(st):
    st.save("selftest", b"one")
    st.save("selftest", b"two")
    ok = st.load("selftest") == b"two"
    st.delete("selftest")
    return ok


def _draw(d, report):
    d.fill(1)
    d.rect(0, 0, d.width, d.height, 0)
    for i in range(0, d.width, 16):
        d.line(i, 20, d.width - 1 - i, 60, 0)
    d.text("Pocket Rummikub self test", 8, 70, 0)
    d.text("storage: %s" % ("ok" if report["storage"] else "FAILED"), 8, 90, 0)
    mv = report["battery_mv"]
    d.text("battery: %s" % ("%d mV" % mv if mv else "n/a"), 8, 106, 0)
    d.text("wake: %s" % report["wake"], 8, 122, 0)
    d.text("hold START to sleep", 8, 150, 0)
    for b in range(len(NAMES)):
        d.rect(_box_x(b), BOX_Y, BOX_W, 40, 0)
        d.text(NAMES[b][:5], _box_x(b) + 2, BOX_Y + 46, 0)


def _show_button(d, b, down):
    d.fill_rect(_box_x(b) + 2, BOX_Y + 2, BOX_W - 4, 36, 0 if down else 1)
    d.refresh_partial(_box_x(b), BOX_Y, BOX_W, 40)


def run(hal, max_ms=None, log=print):
    report = {"storage": _check_storage(hal.storage), "battery_mv": hal.battery_mv(),
              "wake": hal.wake_reason(), "pressed": []}
    log("selftest: storage %s" % ("ok" if report["storage"] else "FAILED"))
    mv = report["battery_mv"]
    log("selftest: battery %s" % ("%d mV" % mv if mv else "n/a"))
    log("selftest: wake %s" % report["wake"])
    d = hal.display
    events = hal.start()
    _draw(d, report)
    d.refresh_full()
    log("selftest: full refresh %d ms" % d.last_busy_ms)
    idle = IdleSleep(hal, 0)
    t0 = hal.ticks_ms()
    while max_ms is None or ticks_diff(hal.ticks_ms(), t0) < max_ms:
        for kind, b in events:
            if kind == PRESS:
                report["pressed"].append(NAMES[b])
                _show_button(d, b, True)
                log("selftest: press %s (partial refresh %d ms)" % (NAMES[b], d.last_busy_ms))
            elif kind == RELEASE:
                _show_button(d, b, False)
            elif kind == LONG and b == START:
                report["counts"] = dict(d.counts)
                log("selftest: sleeping (counts full=%d fast=%d partial=%d)" % (
                    d.counts["full"], d.counts["fast"], d.counts["partial"]))
                idle.sleep_now(lambda: None)
        events = hal.wait(1000)
    report["counts"] = dict(d.counts)
    return report


PROMPT_Y = 170


def _prompt(d, text):
    d.fill_rect(8, PROMPT_Y, d.width - 16, 10, 1)
    d.text(text, 8, PROMPT_Y, 0)
    d.refresh_partial(0, PROMPT_Y, d.width, 10)


def _next_press(hal, ms):
    """The next button pressed within ms, or None."""
    t0 = hal.ticks_ms()
    while ticks_diff(hal.ticks_ms(), t0) < ms:
        for kind, b in hal.wait(ms):
            if kind == PRESS:
                return b
    return None


def bringup(hal, cell_mv=0, log=print, press_ms=20000):
    """Refresh BUSY times, button wiring, battery calibration against
    cell_mv (0: none typed in); returns the report, printed as JSON last."""
    r = {"storage": _check_storage(hal.storage), "battery_mv": hal.battery_mv(),
         "wake": hal.wake_reason()}
    d = hal.display
    _draw(d, r)
    d.refresh_full()
    r["t_full_ms"] = d.last_busy_ms
    d.refresh_fast()
    r["t_fast_ms"] = d.last_busy_ms
    _show_button(d, 0, True)
    r["t_partial_ms"] = d.last_busy_ms
    _show_button(d, 0, False)
    log("bringup: refresh busy full %d ms, fast %d ms, partial %d ms"
        % (r["t_full_ms"], r["t_fast_ms"], r["t_partial_ms"]))
    wiring = {}
    for b in range(len(NAMES)):
        log("bringup: press %s" % NAMES[b])
        _prompt(d, "press %s" % NAMES[b])
        got = _next_press(hal, press_ms)
        seen = "none" if got is None else NAMES[got]
        wiring[NAMES[b]] = "ok" if got == b else seen
        if got is not None:
            _show_button(d, got, True)
        log("bringup: %s %s" % (NAMES[b], "ok" if got == b else "FAILED (got %s)" % seen))
    r["buttons"] = wiring
    if cell_mv:
        try:
            from hal.battery import calibrate_battery
            r["battery_ratio"] = calibrate_battery(hal, cell_mv)
            r["battery_mv_calibrated"] = hal.battery_mv()
            log("bringup: battery read %s mV, measured %d mV: ratio %.4f stored"
                % (r["battery_mv"], cell_mv, r["battery_ratio"]))
        except ValueError as e:
            r["battery_error"] = str(e)
            log("bringup: battery not calibrated: %s" % e)
    _prompt(d, "bring-up done")
    log("bringup: " + json.dumps(r))
    return r
