"""The ESP32 backend on the MicroPython unix port with recording machine/esp32
fakes (tests/hal_mp/fake_esp32).  Run by tests/hal/test_hal_micropython.py:
MICROPYPATH=firmware:tests/engine_mp:tests/hal_mp/fake_esp32:tests/hal_mp
micropython tests/mp_runner.py tests/hal_mp/esp32_checks.py
"""
import os

import machine

from hal import board
from hal.buttons import A, B, START, UP, PRESS, RELEASE, CLICK, bit
from hal.clock import set_time, utc_offset

# the backend's storage: a folder of this run's own (the caller's
# HAL_ESP32_ROOT): runs sharing one, on a machine several people test on,
# read each other's settings and calibration and failed at random
ROOT = os.getenv("HAL_ESP32_ROOT") or "/tmp/hal_esp32_check"


def _hal(levels=None, **state):
    machine.reset_all()
    machine.state.update(state)
    machine.levels.update(levels or {})
    machine.BUSY_PIN[0] = board.EPD_BUSY
    machine.DC_PIN[0] = board.EPD_DC
    machine.CS_PIN[0] = board.EPD_CS
    from hal.esp32 import Esp32Hal
    return Esp32Hal(root=ROOT, log=lambda s: None)


def test_pins_and_spi_come_from_the_pin_map():
    h = _hal()
    init = [e for e in machine.log if e[0] == "spi_init"]
    assert init == [("spi_init", board.SPI_ID, board.SPI_BAUD, 0, 0, board.SCK, board.MOSI, None)]
    # the SSD1683's write clock tops out at 20 MHz; hand-wired builds run at half
    assert board.SPI_BAUD <= 10000000
    for i, gpio in enumerate(board.BUTTON_PINS):
        p = machine.pins[gpio]
        assert p.mode == machine.Pin.IN
    assert machine.pins[board.EPD_CS].mode == machine.Pin.OUT
    assert machine.pins[board.EPD_CS].level == 1
    assert machine.pins[board.EPD_BUSY].mode == machine.Pin.IN
    assert h.wake_reason() == "power" and h.start() == []


def test_the_clock_is_set_to_what_the_estimates_assume():
    """The port boots at ESP-IDF's 160 MHz; every "ESP32 est." figure and
    the power model assume hal.base.CPU_HZ, so the backend sets it first."""
    from hal.base import CPU_HZ
    machine.reset_all()
    assert machine.freq() == machine.BOOT_HZ
    _hal()
    assert machine.freq() == CPU_HZ == 240000000
    assert [e for e in machine.log if e[0] == "freq"] == [("freq", CPU_HZ)]
    # set before the panel's bus is made (its baud rate comes from the APB
    # clock, not the CPU's, but nothing should run at the boot clock)
    names = [e[0] for e in machine.log]
    assert names.index("freq") < names.index("spi_init")


def test_display_bytes_go_out_with_the_right_dc_and_cs():
    h = _hal()
    del machine.log[:]
    machine.state["busy_polls"] = 3
    h.display.init()
    spi = [e for e in machine.log if e[0] == "spi"]
    # SWRESET is a command (DC low), its neighbours' arguments are data (DC high)
    assert ("spi", 0, 0, b"\x12") in spi
    assert ("spi", 1, 0, b"\x40\x00") in spi
    assert all(cs == 0 for _, dc, cs, b in spi)
    assert machine.pins[board.EPD_CS].level == 1     # released after each transfer
    assert machine.state["busy_polls"] == 0          # the busy wait really polled
    rst = [e for e in machine.log if e[0] == "pin" and e[1] == board.EPD_RST]
    assert [e[2] for e in rst] == [1, 0, 1]


def test_buttons_read_active_high():
    h = _hal()
    machine.levels[board.BUTTON_PINS[A]] = 1
    machine.levels[board.BUTTON_PINS[UP]] = 1
    assert h.read_buttons() == bit(A) | bit(UP)


def test_ext1_wake_status_names_the_button():
    from hal.esp32_rtc import RTC_GPIO
    gpio = board.BUTTON_PINS[START]
    h = _hal(reset_cause=machine.DEEPSLEEP_RESET, wake_reason=machine.EXT1_WAKE,
             ext1_status=1 << RTC_GPIO[gpio])
    assert h.wake_reason() == "button"
    assert h.wake_buttons() == bit(START)
    # released long ago, yet it is the first press
    assert h.start() == [(PRESS, START)]
    machine.state["busy_polls"] = 0
    ev = []
    for t in range(3):
        ev += h.poll()
        h.sleep_ms(25)
    assert ev == [(RELEASE, START), (CLICK, START)]


def test_ext1_status_empty_falls_back_to_pin_levels():
    h = _hal(levels={board.BUTTON_PINS[B]: 1}, reset_cause=machine.DEEPSLEEP_RESET,
             wake_reason=machine.EXT1_WAKE, ext1_status=0)
    assert h.wake_reason() == "button"
    assert h.wake_buttons() == bit(B)


def test_timer_wake_and_cold_boot():
    assert _hal(reset_cause=machine.DEEPSLEEP_RESET, wake_reason=machine.TIMER_WAKE).wake_reason() == "timer"
    assert _hal(reset_cause=machine.PWRON_RESET).wake_reason() == "power"


def test_sync_sets_the_rtc_to_the_hosts_utc_time():
    h = _hal()
    set_time(h, 1795836658, 60)          # Sat 28 Nov 2026 03:30:58 UTC, host at UTC+1
    assert machine.state["rtc_datetime"] == (2026, 11, 28, 5, 3, 30, 58, 0)
    assert utc_offset(h) == 60


def test_an_rtc_nobody_set_is_no_date():
    h = _hal()
    h.board_clock = lambda: 946684800 + 12       # 2000-01-01 00:00:12: after a power cut
    assert h.time() is None
    h.board_clock = lambda: 1795836658
    assert h.time() == 1795836658


def _sleep(h, ms=0):
    del machine.log[:]
    try:
        h.deep_sleep(ms)
        raise AssertionError("deep_sleep returned")
    except machine.DeepSleepCalled:
        pass
    return [e for e in machine.log if e[0] == "wake_on_ext1"]


def test_deep_sleep_arms_ext1_any_high_on_all_buttons():
    h = _hal()
    assert _sleep(h) == [("wake_on_ext1", board.BUTTON_PINS, 1)]
    assert machine.log[-1] == ("deepsleep", 0)


def test_deep_sleep_holds_the_panel_lines():
    # RST, CS and DC are not RTC pins: unheld they float and a glitch on RST
    # wakes the panel.  Held at their idle levels, then the hold is enabled.
    h = _hal()
    _sleep(h)
    holds = [e for e in machine.log if e[0] == "hold"]
    assert sorted(holds) == sorted([("hold", board.EPD_CS, 1), ("hold", board.EPD_DC, 0),
                                    ("hold", board.EPD_RST, 1)])
    i = machine.log.index(("gpio_deep_sleep_hold", True))
    assert max(machine.log.index(e) for e in holds) < i < machine.log.index(("deepsleep", 0))
    # after the wake the lines are released before the driver uses them
    h = _hal(reset_cause=machine.DEEPSLEEP_RESET, wake_reason=machine.TIMER_WAKE)
    for gpio in (board.EPD_CS, board.EPD_DC, board.EPD_RST):
        assert machine.pins[gpio].hold is False
        assert ("hold", gpio, None) in machine.log


def test_a_held_button_is_left_out_of_the_wake_mask():
    # held in a bag: it would wake the board at once, again and again
    h = _hal(levels={board.BUTTON_PINS[A]: 1})
    h.release_wait_ms = 60
    arm = _sleep(h)
    assert arm == [("wake_on_ext1", tuple(g for g in board.BUTTON_PINS if g != board.BUTTON_PINS[A]), 1)]
    assert machine.log[-1] == ("deepsleep", 0)
    assert machine.state["rtc_memory"] == b""


def test_a_button_released_in_time_is_armed():
    h = _hal(levels={board.BUTTON_PINS[B]: 1})
    h.release_wait_ms = 60
    del machine.log[:]
    machine.levels[board.BUTTON_PINS[B]] = 0
    assert _sleep(h) == [("wake_on_ext1", board.BUTTON_PINS, 1)]


def _boots_back_to_sleep():
    """The hal, made at a wake, puts the board to sleep again before the app runs."""
    from hal.esp32 import Esp32Hal
    try:
        Esp32Hal(root=ROOT, log=lambda s: None)
        raise AssertionError("the app would have booted")
    except machine.DeepSleepCalled:
        pass


def test_every_button_held_sleeps_on_a_timer_and_looks_again():
    from hal.esp32 import REARM_MS
    allheld = dict((g, 1) for g in board.BUTTON_PINS)
    h = _hal(levels=allheld)
    h.release_wait_ms = 20
    assert _sleep(h) == []
    assert machine.log[-1] == ("deepsleep", REARM_MS)
    assert machine.state["rtc_memory"] == b"rearm"
    # the timer wake: still held, so the hal sleeps again before the app runs
    machine.reset_all()
    machine.levels.update(allheld)
    machine.state.update(reset_cause=machine.DEEPSLEEP_RESET, wake_reason=machine.TIMER_WAKE,
                         rtc_memory=b"rearm")
    _boots_back_to_sleep()
    # released now: the next timer wake arms every button
    machine.reset_all()
    machine.state.update(reset_cause=machine.DEEPSLEEP_RESET, wake_reason=machine.TIMER_WAKE,
                         rtc_memory=b"rearm")
    _boots_back_to_sleep()
    assert [e for e in machine.log if e[0] == "wake_on_ext1"] == [("wake_on_ext1", board.BUTTON_PINS, 1)]
    assert machine.log[-1] == ("deepsleep", 0)
    # an ordinary timer wake (no mark) boots the app
    assert _hal(reset_cause=machine.DEEPSLEEP_RESET, wake_reason=machine.TIMER_WAKE).wake_reason() == "timer"


def _naps():
    return [e for e in machine.log if e[0] == "lightsleep"]


def test_waits_between_polls_are_light_sleeps_woken_by_the_buttons():
    h = _hal()
    del machine.log[:]
    assert h.wait(60) == []
    naps = _naps()
    assert naps and all(e == ("lightsleep", h.poll_ms) for e in naps)
    assert ("wake_on_ext1", board.BUTTON_PINS, 1) in machine.log
    # armed once, not before every nap
    assert len([e for e in machine.log if e[0] == "wake_on_ext1"]) == 1


def test_a_press_during_a_light_sleep_is_seen_within_one_poll_period():
    # the same number of polls as an awake hal: the press ends the nap,
    # the next poll sees it, one poll period later debounce accepts it
    h = _hal()
    h.poll()
    machine.levels[board.BUTTON_PINS[A]] = 1     # pressed while asleep
    del machine.log[:]
    h.sleep_ms(h.poll_ms)                         # returns at once (armed pin high)
    assert _naps() == [("lightsleep", h.poll_ms)]
    assert h.poll() == []                         # seen, settling
    del machine.log[:]
    h.sleep_ms(h.poll_ms)                         # settling: awake, no nap
    assert _naps() == []
    assert h.poll() == [(PRESS, A)]
    h.sleep_ms(h.poll_ms)                         # held: awake (repeat, long press)
    assert _naps() == []
    machine.levels[board.BUTTON_PINS[A]] = 0
    h.poll()
    h.sleep_ms(25)
    assert h.poll() == [(RELEASE, A), (CLICK, A)]
    del machine.log[:]
    h.sleep_ms(h.poll_ms)
    assert _naps() == [("lightsleep", h.poll_ms)]


def test_buttons_are_set_up_again_after_every_light_sleep():
    # ESP-IDF turns the ext1 pins into RTC pads at each sleep entry and
    # they read 0 after the wake (MicroPython #3835): the hal sets each
    # button pin up again (input, its pull) before the next poll reads it
    from hal.esp32_rtc import INPUT_ONLY
    h = _hal()
    for _ in range(2):
        h.sleep_ms(h.poll_ms)
        assert _naps()
        for gpio in board.BUTTON_PINS:
            p = machine.pins[gpio]
            assert p.mode == machine.Pin.IN
            assert p.pull == (None if gpio in INPUT_ONLY else machine.Pin.PULL_DOWN)
        machine.levels[board.BUTTON_PINS[A]] = 1
        assert h.read_buttons() == bit(A)
        machine.levels[board.BUTTON_PINS[A]] = 0


def test_the_panel_busy_wait_sleeps_lightly_and_still_samples_buttons():
    h = _hal()
    del machine.log[:]
    machine.state["busy_polls"] = 4
    h.display.init()
    assert machine.state["busy_polls"] == 0
    assert [e[1] for e in _naps()] and all(e[1] == h.poll_ms for e in _naps())


def test_b_held_at_power_on_keeps_the_board_awake_for_the_repl():
    h = _hal(levels={board.BUTTON_PINS[B]: 1})
    assert h.light_sleep is False
    assert _hal(levels={board.BUTTON_PINS[A]: 1}).light_sleep is True
    # a wake by B from deep sleep is a game press, not a request
    assert _hal(levels={board.BUTTON_PINS[B]: 1}, reset_cause=machine.DEEPSLEEP_RESET,
                wake_reason=machine.EXT1_WAKE).light_sleep is True


def test_light_sleep_can_be_switched_off():
    h = _hal()
    h.light_sleep = False
    del machine.log[:]
    h.wait(60)
    machine.state["busy_polls"] = 2
    h.display.init()
    assert _naps() == []


def test_battery_millivolts_through_the_divider():
    h = _hal()
    machine.levels[("uv", board.BATTERY_ADC)] = 1950000      # 1.95 V at the pin
    assert h.battery_mv() == int(1950 * board.BATTERY_RATIO)
    assert h.battery_percent() == 65
    # the reference board has no charge-status line: charging() says False
    assert board.CHARGE_PIN is None and h.charging() is False


def test_the_bring_up_calibration_is_used_from_then_on():
    from hal.base import EXTERNAL_MV
    from hal.battery import CALIBRATION, calibrate_battery
    h = _hal()
    h.storage.delete(CALIBRATION)
    h = _hal()
    machine.levels[("uv", board.BATTERY_ADC)] = 1950000
    nominal = h.battery_mv()
    true_mv = nominal * 103 // 100          # the multimeter says 3% more
    calibrate_battery(h, true_mv)
    assert abs(h.battery_mv() - true_mv) <= 1
    # after a reboot the stored ratio is read back
    h = _hal()
    machine.levels[("uv", board.BATTERY_ADC)] = 1950000
    assert abs(h.battery_mv() - true_mv) <= 1
    try:
        calibrate_battery(h, 9000)
        raise AssertionError("9 V taken as a cell")
    except ValueError:
        pass
    assert abs(h.battery_mv() - true_mv) <= 1
    h.storage.delete(CALIBRATION)
    # on USB the pin sees the supply: a reading no cell gives
    h = _hal()
    machine.levels[("uv", board.BATTERY_ADC)] = 2500000
    assert h.battery_mv() > EXTERNAL_MV


def test_storage_root_is_used():
    h = _hal()
    h.storage.save("cfg", b"x")
    assert h.storage.load("cfg") == b"x"
    assert h.storage.path("cfg") == ROOT + "/cfg"


class _Presses(dict):
    """Pin levels where each button goes high in turn (pins: in this order),
    PRESS_MS on then PRESS_MS off, from the first read on: a maker pressing
    what the bring-up asks for."""
    PRESS_MS = 120

    def __init__(self, pins, base):
        super().__init__(base)
        self.pins = pins
        self.t0 = None

    def get(self, key, default=0):
        import time
        if key not in self.pins:
            return super().get(key, default)
        if self.t0 is None:
            self.t0 = time.ticks_ms()
        slot = time.ticks_diff(time.ticks_ms(), self.t0) // self.PRESS_MS
        return 1 if slot % 2 == 0 and slot // 2 < len(self.pins) and self.pins[slot // 2] == key else 0


def test_bring_up_run_on_the_esp32_backend():
    # the path `host_tools bringup` drives on a board: light sleep off, each
    # button asked for and pressed, the battery calibrated and stored
    from hal.battery import CALIBRATION
    from hal.buttons import NAMES
    from hal.selftest import bringup
    h = _hal()
    h.storage.delete(CALIBRATION)
    h = _hal()
    h.light_sleep = False
    pins = list(board.BUTTON_PINS)
    pins[1], pins[2] = pins[2], pins[1]              # down and left wired crossed
    machine.levels = _Presses(pins, {("uv", board.BATTERY_ADC): 1950000})
    lines = []
    r = bringup(h, 4000, log=lines.append, press_ms=1000)
    want = dict((n, "ok") for n in NAMES)
    want["down"], want["left"] = "left", "down"
    assert r["buttons"] == want, r["buttons"]
    assert "bringup: down FAILED (got left)" in lines
    assert abs(r["battery_ratio"] - 4000 / 1950.0) < 0.001
    assert abs(r["battery_mv_calibrated"] - 4000) <= 1
    assert h.storage.load(CALIBRATION) is not None
    assert not [e for e in machine.log if e[0] == "lightsleep"]
    assert lines[-1].startswith("bringup: {")
    h.storage.delete(CALIBRATION)
    machine.levels = {}
