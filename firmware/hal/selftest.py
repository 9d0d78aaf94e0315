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
"""
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
