"""Bring-up check for a freshly built handheld (any backend).

On the device:  `from hal.esp32 import Esp32Hal; import hal.selftest as t;
t.run(Esp32Hal())`.  It checks storage (save, load, backup), draws a test
pattern with a full refresh, then shows every button as a box that fills
while it is held (partial refreshes), the battery voltage and the refresh
counters.  A long START press ends it through the normal sleep path.
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


def run(hal, max_ms=None):
    report = {"storage": _check_storage(hal.storage), "battery_mv": hal.battery_mv(),
              "wake": hal.wake_reason(), "pressed": []}
    d = hal.display
    events = hal.start()
    _draw(d, report)
    d.refresh_full()
    idle = IdleSleep(hal, 0)
    t0 = hal.ticks_ms()
    while max_ms is None or ticks_diff(hal.ticks_ms(), t0) < max_ms:
        for kind, b in events:
            if kind == PRESS:
                report["pressed"].append(NAMES[b])
                _show_button(d, b, True)
            elif kind == RELEASE:
                _show_button(d, b, False)
            elif kind == LONG and b == START:
                report["counts"] = dict(d.counts)
                idle.sleep_now(lambda: None)
        events = hal.wait(1000)
    report["counts"] = dict(d.counts)
    return report
