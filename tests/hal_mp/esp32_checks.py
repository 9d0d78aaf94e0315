"""The ESP32 backend on the MicroPython unix port with recording machine/esp32
fakes (tests/hal_mp/fake_esp32).  Run by tests/hal/test_hal_micropython.py:
MICROPYPATH=firmware:tests/engine:tests/hal_mp/fake_esp32:tests/hal_mp
micropython tests/mp_runner.py tests/hal_mp/esp32_checks.py
"""
import machine

from hal import board
from hal.buttons import A, B, START, UP, PRESS, RELEASE, CLICK, bit

ROOT = "/tmp/hal_esp32_check"


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
    for i, gpio in enumerate(board.BUTTON_PINS):
        p = machine.pins[gpio]
        assert p.mode == machine.Pin.IN
    assert machine.pins[board.EPD_CS].mode == machine.Pin.OUT
    assert machine.pins[board.EPD_CS].level == 1
    assert machine.pins[board.EPD_BUSY].mode == machine.Pin.IN
    assert h.wake_reason() == "power" and h.start() == []


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


def test_deep_sleep_arms_ext1_any_high_on_all_buttons():
    h = _hal()
    try:
        h.deep_sleep()
        raise AssertionError("deep_sleep returned")
    except machine.DeepSleepCalled:
        pass
    arm = [e for e in machine.log if e[0] == "wake_on_ext1"]
    assert arm == [("wake_on_ext1", board.BUTTON_PINS, 1)]
    assert machine.log[-1] == ("deepsleep", 0)


def test_battery_millivolts_through_the_divider():
    h = _hal()
    machine.levels[("uv", board.BATTERY_ADC)] = 1950000      # 1.95 V at the pin
    assert h.battery_mv() == int(1950 * board.BATTERY_RATIO)
    assert h.battery_percent() == 65
    machine.levels[board.CHARGE_PIN] = board.CHARGE_ACTIVE
    assert h.charging()


def test_storage_root_is_used():
    h = _hal()
    h.storage.save("cfg", b"x")
    assert h.storage.load("cfg") == b"x"
    assert h.storage.path("cfg") == ROOT + "/cfg"
