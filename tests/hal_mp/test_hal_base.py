"""hal.base and hal.sleep on a minimal backend (CPython and MicroPython):
wake press first, polling, sampling during refreshes, the sleep order."""
from epd_fakes import RecordingBus
from hal_fakes import BusHal

from hal.base import SleepWake, lipo_percent, WAKE_BUTTON, WAKE_POWER
from hal.buttons import A, B, PRESS, RELEASE, CLICK, bit
from hal.sleep import IdleSleep, draw_sleep_screen


class TinyHal(BusHal):
    """No storage; the display on a recording bus that samples the buttons
    while the driver waits; wake reason given; the sleep path recorded."""

    def __init__(self, wake=(WAKE_POWER, 0)):
        super().__init__(RecordingBus(busy_ms=300), None)
        self.events = []       # order of sleep-path steps
        self._wake = wake
        hal = self

        def sleep_and_sample(ms):
            hal.bus.now += ms
            hal.background_poll()
        self.bus.sleep_ms = sleep_and_sample

    def wake_reason(self):
        return self._wake[0]

    def wake_buttons(self):
        return self._wake[1]

    def deep_sleep(self):
        self.events.append("deep_sleep")
        super().deep_sleep()


def test_cold_boot_has_no_events():
    assert TinyHal().start() == []


def test_button_wake_is_first_press():
    h = TinyHal((WAKE_BUTTON, bit(B)))
    assert h.start() == [(PRESS, B)]
    assert h.wait(100) == [(RELEASE, B), (CLICK, B)]


def test_wait_returns_on_events_or_timeout():
    h = TinyHal()
    t0 = h.ticks_ms()
    assert h.wait(200) == []
    assert h.ticks_ms() - t0 >= 200
    h.lines = bit(A)
    assert h.wait(1000) == [(PRESS, A)]


def test_press_during_refresh_comes_out_of_next_poll():
    h = TinyHal()
    h.display.init()
    h.lines = bit(A)            # pressed while the 300 ms refresh blocks
    h.display.refresh_fast()
    h.lines = 0
    assert h.poll() == [(PRESS, A)]


def test_idle_sleep_order_and_timing():
    h = TinyHal()
    idle = IdleSleep(h, idle_ms=1000)
    h.sleep_ms(900)
    idle.note(h.poll())
    assert not idle.due()
    h.lines = bit(A)
    for _ in range(3):
        idle.note(h.poll())
        h.sleep_ms(20)
    h.lines = 0
    idle.note(h.wait(100))
    t_touch = idle.last
    h.sleep_ms(999 - (h.ticks_ms() - t_touch))
    assert not idle.due()
    h.sleep_ms(1)
    assert idle.due()

    def save():
        h.events.append("save")

    def draw(d):
        h.events.append("draw")
        draw_sleep_screen(d)
    try:
        idle.sleep_now(save, draw)
        raise AssertionError("sleep_now returned")
    except SleepWake:
        pass
    assert h.events == ["save", "draw", "deep_sleep"]
    cmds = [c for c, _ in h.bus.take()]
    # full refresh of the sleep screen, then panel deep sleep, in that order
    assert cmds.index(0x20) < cmds.index(0x10) == len(cmds) - 1
    assert h.display.counts["full"] == 1


def test_idle_zero_never_sleeps():
    h = TinyHal()
    idle = IdleSleep(h, idle_ms=0)
    h.sleep_ms(10 ** 7)
    assert not idle.due()


def test_lipo_curve():
    assert lipo_percent(4250) == 100
    assert lipo_percent(3800) == 50
    assert lipo_percent(3850) == 57
    assert lipo_percent(3000) == 0
    assert lipo_percent(None) is None
    last = 101
    for mv in range(4200, 3200, -25):
        p = lipo_percent(mv)
        assert p <= last
        last = p
