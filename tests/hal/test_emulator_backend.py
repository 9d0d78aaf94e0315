"""The emulated hal: real driver on a simulated SSD1683, virtual clock,
scripted buttons, folder storage, and the whole idle-sleep/wake path."""
import json

import pytest
from PIL import Image

from hal.buttons import A, B, UP, START, PRESS, RELEASE, CLICK, LONG, REPEAT, bit
from hal.epd_ssd1683 import BLACK, WHITE
from hal.sleep import IdleSleep
from host_tools.emulator.backend import EmulatorHal, DeepSleep, Clock, BOOT_MS
from host_tools.emulator.ssd1683_sim import SimError


@pytest.fixture
def hal(tmp_path):
    return EmulatorHal(str(tmp_path / "data"), log=lambda s: None)


def test_full_refresh_shows_framebuffer_and_takes_time(hal):
    d = hal.display
    d.fill(WHITE)
    d.text("Rummikub", 10, 10, BLACK)
    t0 = hal.ticks_ms()
    d.refresh_full()
    assert bytes(hal.panel.glass) == bytes(d.buf)
    assert hal.ticks_ms() - t0 >= 3000
    assert hal.panel.counts == {"full": 1, "fast": 0, "partial": 0} == d.counts


def test_fast_refresh_latency(hal):
    d = hal.display
    d.init()
    d.fill(WHITE)
    t0 = hal.ticks_ms()
    d.refresh_fast()
    dt = hal.ticks_ms() - t0
    assert 1200 <= dt < 1400
    assert hal.panel.counts["fast"] == 1


def test_partial_changes_only_the_window(hal):
    d = hal.display
    d.fill(WHITE)
    d.refresh_fast()
    d.fill_rect(0, 0, 400, 300, BLACK)        # everything black in the framebuffer...
    t0 = hal.ticks_ms()
    assert d.refresh_partial(64, 40, 32, 16) == "partial"
    assert 400 <= hal.ticks_ms() - t0 < 500
    g = hal.panel.glass
    for y in range(300):
        for xb in range(50):
            inside = 40 <= y < 56 and 8 <= xb < 12
            assert g[y * 50 + xb] == (0x00 if inside else 0xFF), (xb, y)
    # ...and a second partial elsewhere composes with the first
    d.refresh_partial(0, 0, 8, 1)
    assert g[0] == 0x00 and g[40 * 50 + 8] == 0x00 and g[1 * 50] == 0xFF


def test_many_partials_keep_glass_equal_to_framebuffer(hal):
    d = hal.display
    d.fill(WHITE)
    d.refresh_full()
    for i in range(12):
        x, y = 8 * (i * 5 % 45), 20 * i
        d.fill_rect(x, y, 24, 18, (i + 1) % 2)
        d.text("%d" % i, x + 2, y + 2, i % 2)
        d.refresh_partial(x, y, 24, 18)
    assert bytes(hal.panel.glass) == bytes(d.buf)


def test_sim_catches_stale_old_ram(hal):
    # if the old-image RAM is not kept in step, mode 2 leaves stale pixels
    d = hal.display
    d.fill(WHITE)
    d.refresh_full()
    d.fill_rect(0, 0, 8, 1, BLACK)
    d.refresh_partial(0, 0, 8, 1)
    hal.panel.ram_red[0] = 0x00 ^ 0xFF       # corrupt the old RAM like a buggy driver
    d.fill_rect(0, 0, 8, 1, WHITE)
    d.refresh_partial(0, 0, 8, 1)
    assert hal.panel.glass[0] != bytes(d.buf)[0]


def test_sim_rejects_protocol_errors(hal):
    p = hal.panel
    hal.display.init()
    p.command(0x10)
    p.data(b"\x01")
    with pytest.raises(SimError, match="deep sleep"):
        p.command(0x24)
    p.reset()
    with pytest.raises(SimError, match="BUSY"):
        p.command(0x24)


def test_png_is_the_glass(hal, tmp_path):
    d = hal.display
    d.fill(WHITE)
    d.fill_rect(0, 0, 10, 5, BLACK)
    d.refresh_fast()
    path = hal.save_png(str(tmp_path / "s.png"))
    img = Image.open(path).convert("L")
    assert img.size == (400, 300)
    assert img.getpixel((0, 0)) == 0 and img.getpixel((9, 4)) == 0
    assert img.getpixel((10, 0)) == 255 and img.getpixel((200, 200)) == 255


def test_framebuffer_image_before_refresh(hal):
    d = hal.display
    d.fill(WHITE)
    d.fill_rect(0, 0, 4, 4, BLACK)
    assert hal.image("framebuffer").convert("L").getpixel((0, 0)) == 0
    assert hal.image().convert("L").getpixel((0, 0)) == 255    # not refreshed yet


def test_scripted_buttons_and_names(hal):
    hal.press("a", at=100, hold_ms=100)
    hal.press(UP, at=300, hold_ms=700)
    hal.press("start", at=1200, hold_ms=900)
    ev = [(k, b) for t, k, b in hal.run_for(2400)]
    assert ev[:3] == [(PRESS, A), (RELEASE, A), (CLICK, A)]
    assert ev.count((REPEAT, UP)) >= 3
    assert (LONG, START) in ev and (CLICK, START) not in ev
    hal.keys = bit(B)
    t0 = hal.ticks_ms()
    assert hal.wait(200) == [(PRESS, B)]
    assert hal.ticks_ms() - t0 == 20     # debounce: accepted on the second sample
    assert hal.wait(100) == []


def test_idle_hook_runs_during_refresh_and_can_press_keys(hal):
    calls = []

    def hook():
        calls.append(hal.ticks_ms())
        hal.keys = bit(A) if len(calls) < 20 else 0
    hal.idle_hook = hook
    hal.display.fill(WHITE)
    hal.display.refresh_fast()
    assert len(calls) > 100            # every busy poll during ~1.3 s
    hal.idle_hook = None
    assert hal.poll() == [(PRESS, A), (RELEASE, A), (CLICK, A)]


def test_presses_during_a_blocking_refresh_are_not_lost(hal):
    d = hal.display
    d.fill(WHITE)
    hal.press(A, at=hal.ticks_ms() + 500, hold_ms=60)
    d.refresh_fast()                    # blocks ~1.2 s on the clock
    assert hal.poll() == [(PRESS, A), (RELEASE, A), (CLICK, A)]


def test_button_script_text(hal):
    end = hal.play("""
        # comment line
        100 a
        +300 right 600   # held: repeats
        2000 START 1000
    """)
    assert end == 3000
    ev = [(k, b) for t, k, b in hal.run_for(3200)]
    assert ev[:3] == [(PRESS, A), (RELEASE, A), (CLICK, A)]
    assert (LONG, START) in ev
    with pytest.raises(ValueError, match="line 2 .*no button 'x'"):
        hal.play("10 a\n20 x")
    with pytest.raises(ValueError, match="line 1"):
        hal.play("soon a")


def test_storage_is_a_folder(hal, tmp_path):
    hal.storage.save("game", b"hello")
    assert (tmp_path / "data" / "game").exists()
    assert hal.storage.load("game") == b"hello"


def test_battery_and_defaults(hal):
    assert hal.battery_percent() == 65
    hal.battery = 3300
    assert hal.battery_percent() == 0
    assert hal.wake_reason() == "power" and hal.start() == []


class CounterApp:
    """A tiny app on the hal API: A adds one, the screen shows the count."""

    def __init__(self, hal, idle_ms):
        self.hal = hal
        self.idle = IdleSleep(hal, idle_ms)
        raw = hal.storage.load("state")
        self.state = json.loads(raw) if raw else {"count": 0, "name": "P1"}

    def draw(self):
        d = self.hal.display
        d.fill(WHITE)
        d.text("%s: %d" % (self.state["name"], self.state["count"]), 20, 20, BLACK)

    def boot(self):
        wake = self.hal.start()
        self.draw()
        self.hal.display.refresh_fast()
        self.shown = bytes(self.hal.panel.glass)
        self.handle(wake)

    def handle(self, events):
        for kind, b in events:
            if kind == PRESS and b == A:
                self.state["count"] += 1
                self.draw()
                self.hal.display.refresh_partial(0, 16, 200, 16)

    def save(self):
        self.hal.storage.save("state", json.dumps(self.state).encode())

    def run(self, ms):
        end = self.hal.ticks_ms() + ms
        while self.hal.ticks_ms() < end:
            ev = self.hal.poll()
            self.idle.note(ev)
            self.handle(ev)
            if self.idle.due():
                self.idle.sleep_now(self.save)
            self.hal.sleep_ms(self.hal.poll_ms)


def test_idle_sleep_and_wake_restores_exactly(tmp_path):
    hal = EmulatorHal(str(tmp_path / "d"), log=lambda s: None)
    app = CounterApp(hal, idle_ms=60000)
    app.boot()
    for i in range(3):
        hal.press(A, at=hal.ticks_ms() + 100 + 300 * i)
    app.run(2000)
    assert app.state["count"] == 3
    before = bytes(hal.panel.glass)
    assert before == bytes(hal.display.buf)
    t_last = hal.ticks_ms()
    hal.press(B, at=t_last + 3600000)              # an hour later, B wakes it
    with pytest.raises(DeepSleep) as exc:
        app.run(120000)
    # slept after exactly the idle time (within one poll), saved, sleep screen up
    assert app.idle.idle_for() >= 60000
    assert hal.display.counts["full"] == 1
    assert hal.panel.asleep
    assert hal.panel.glass != before
    assert json.loads(hal.storage.load("state"))["count"] == 3
    assert exc.value.wake_at == t_last + 3600000 and exc.value.buttons == bit(B)
    # boot again: same state, same screen, and B is the first press
    hal2 = hal.reboot(exc.value)
    assert hal2.wake_reason() == "button"
    app2 = CounterApp(hal2, idle_ms=60000)
    seen = []
    app2.handle = seen.extend
    app2.boot()
    assert app2.state == app.state
    assert app2.shown == before
    assert seen == [(PRESS, B)]
    # B was released during boot: the logic finishes the click
    assert [(k, b) for t, k, b in hal2.run_for(100)] == [(RELEASE, B), (CLICK, B)]
    assert hal2.ticks_ms() >= t_last + 3600000 + BOOT_MS


def test_sleep_forever_without_input(tmp_path):
    hal = EmulatorHal(str(tmp_path / "d"), log=lambda s: None)
    app = CounterApp(hal, idle_ms=1000)
    app.boot()
    with pytest.raises(DeepSleep) as exc:
        app.run(5000)
    assert exc.value.wake_at is None
    assert hal.reboot(exc.value).wake_reason() == "power"
    # interactive: the window saw a key while asleep
    from hal.base import SleepWake
    hal2 = hal.reboot(SleepWake(bit(A)))
    assert hal2.wake_reason() == "button" and hal2.start() == [(PRESS, A)]


def test_realtime_clock_really_waits():
    c = Clock(realtime=True, speed=100.0)
    import time
    t = time.monotonic()
    c.sleep_ms(200)
    assert c.now == 200 and time.monotonic() - t >= 0.0015


def test_selftest_runs_in_the_emulator(tmp_path):
    from hal import selftest
    hal = EmulatorHal(str(tmp_path / "d"), log=lambda s: None)
    hal.play("\n".join("%d %s 150" % (5000 + 400 * i, n) for i, n in
                       enumerate(["up", "down", "left", "right", "a", "b"])))
    lines = []
    report = selftest.run(hal, max_ms=15000, log=lines.append)
    assert report["storage"] and report["wake"] == "power"
    # the serial-console transcript the bring-up checklist quotes
    assert lines[:3] == ["selftest: storage ok", "selftest: battery %d mV" % hal.battery_mv(),
                         "selftest: wake power"]
    assert lines[3].startswith("selftest: full refresh ") and lines[3].endswith(" ms")
    assert int(lines[3].split()[3]) > 0
    assert [l.split()[2] for l in lines[4:]] == report["pressed"]
    assert report["pressed"] == ["up", "down", "left", "right", "a", "b"]
    assert report["counts"]["full"] == 1 and report["counts"]["partial"] == 12
    assert bytes(hal.panel.glass) == bytes(hal.display.buf)
    hal.play("0 start 1500")
    lines = []
    with pytest.raises(DeepSleep):
        selftest.run(hal, log=lines.append)
    assert lines[-1].startswith("selftest: sleeping (counts full=")
    assert hal.panel.asleep


def test_the_date_is_this_computers_in_its_time_zone(hal, monkeypatch):
    """A computer's clock is set (History dates a match played in the
    emulator), and the dates it shows are local time, as a synced console's."""
    import time
    assert abs(hal.time() - time.time()) < 5
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    try:
        assert hal.utc_offset() == 330
    finally:
        monkeypatch.undo()
        time.tzset()
