"""The pin map obeys the ESP32's rules, and everything derived from it agrees.

Chip facts (ESP32 datasheet, "Peripheral Pin Configurations" / RTC GPIO
table and the strapping-pin section; ESP32-WROVER-E datasheet for PSRAM):
- RTC-capable GPIOs (usable for ext1 deep-sleep wake): 0, 2, 4, 12-15,
  25-27, 32-39.
- GPIO6-11 are wired to the module's SPI flash; GPIO16/17 to the PSRAM on
  WROVER modules.
- GPIO34-39 are input only and have no internal pull resistors.
- Strapping pins 0, 2, 5, 12, 15 set boot mode / flash voltage at reset.
- ADC1 (usable while Wi-Fi runs) is on GPIO32-39.
"""
import os
import xml.etree.ElementTree as ET

import pytest

from host_tools import hardware
from hal import board
from hal.buttons import NAMES

RTC_GPIO = {0, 2, 4, 12, 13, 14, 15, 25, 26, 27, 32, 33, 34, 35, 36, 37, 38, 39}
FLASH = set(range(6, 12))
PSRAM = {16, 17}
INPUT_ONLY = set(range(34, 40))
STRAPPING = {0, 2, 5, 12, 15}
ADC1 = set(range(32, 40))
VALID = set(range(0, 40)) - {20, 24, 28, 29, 30, 31}


@pytest.fixture(scope="module")
def pins():
    return hardware.load()


def _esp32_roles(pins):
    e = pins["esp32"]
    roles = [("spi.sck", e["spi"]["sck"], "out"), ("spi.mosi", e["spi"]["mosi"], "out")]
    for k in ("cs", "dc", "rst"):
        roles.append(("display." + k, e["display"][k], "out"))
    roles.append(("display.busy", e["display"]["busy"], "in"))
    for n in NAMES:
        roles.append(("button." + n, e["buttons"][n], "in"))
    roles.append(("battery.adc", e["battery"]["adc"], "in"))
    roles.append(("charging", e["charging"]["pin"], "in"))
    return roles


def test_every_button_has_a_pin(pins):
    assert sorted(pins["esp32"]["buttons"]) == sorted(NAMES)
    assert sorted(pins["blinka"]["buttons"]) == sorted(NAMES)


def test_no_pin_used_twice(pins):
    roles = _esp32_roles(pins)
    seen = {}
    for name, gpio, _ in roles:
        assert gpio not in seen, "GPIO%d used by %s and %s" % (gpio, seen[gpio], name)
        seen[gpio] = name
    b = pins["blinka"]
    names = list(b["display"].values()) + list(b["buttons"].values()) + [b["spi"]["sck"], b["spi"]["mosi"]]
    assert len(names) == len(set(names))


def test_pins_exist_and_avoid_flash_psram_strapping(pins):
    for name, gpio, _ in _esp32_roles(pins):
        assert gpio in VALID, "%s: GPIO%d does not exist on the ESP32" % (name, gpio)
        assert gpio not in FLASH, "%s: GPIO%d is the SPI flash" % (name, gpio)
        assert gpio not in PSRAM, "%s: GPIO%d is PSRAM on WROVER" % (name, gpio)
        assert gpio not in STRAPPING, "%s: GPIO%d is a strapping pin" % (name, gpio)


def test_reserved_pins_unused(pins):
    used = {gpio for _, gpio, _ in _esp32_roles(pins)}
    for gpio in pins["esp32"]["reserved"]:
        assert int(gpio) not in used, "GPIO%s is reserved" % gpio


def test_outputs_not_on_input_only_pins(pins):
    for name, gpio, direction in _esp32_roles(pins):
        if direction == "out":
            assert gpio not in INPUT_ONLY, "%s: GPIO%d is input-only" % (name, gpio)


def test_wake_buttons_rtc_capable_with_external_pulls(pins):
    e = pins["esp32"]
    assert e["wake"] == {"mode": "ext1", "level": "ANY_HIGH", "pins": "buttons"}
    for n in NAMES:
        assert e["buttons"][n] in RTC_GPIO, "button %s: GPIO%d cannot wake (not RTC)" % (n, e["buttons"][n])
    assert "pull-down" in e["button_wiring"] and "external" in e["button_wiring"]


def test_battery_on_adc1(pins):
    assert pins["esp32"]["battery"]["adc"] in ADC1


def test_rules_catch_a_bad_map(pins):
    # the checks above are not vacuous: a map with GPIO16 and a duplicate fails
    import copy
    bad = copy.deepcopy(pins)
    bad["esp32"]["buttons"]["a"] = 16
    with pytest.raises(AssertionError):
        test_pins_exist_and_avoid_flash_psram_strapping(bad)
    bad["esp32"]["buttons"]["a"] = bad["esp32"]["buttons"]["b"]
    with pytest.raises(AssertionError):
        test_no_pin_used_twice(bad)
    bad["esp32"]["buttons"]["a"] = 22
    with pytest.raises(AssertionError):
        test_wake_buttons_rtc_capable_with_external_pulls(bad)


def test_board_module_matches_pin_map(pins):
    with open(hardware.BOARD_PY) as f:
        assert f.read() == hardware.board_source(pins), "run: python -m host_tools hardware"
    e = pins["esp32"]
    assert board.BUTTON_PINS == tuple(e["buttons"][n] for n in NAMES)
    assert (board.EPD_CS, board.EPD_DC, board.EPD_RST, board.EPD_BUSY) == tuple(
        e["display"][k] for k in ("cs", "dc", "rst", "busy"))
    assert (board.SCK, board.MOSI, board.SPI_ID) == (e["spi"]["sck"], e["spi"]["mosi"], e["spi"]["id"])


def test_wiring_diagram_matches_pin_map(pins):
    with open(hardware.WIRING_SVG) as f:
        text = f.read()
    assert text == hardware.wiring_svg(pins), "run: python -m host_tools hardware"
    root = ET.fromstring(text)
    labels = " ".join(t.text for t in root.iter("{http://www.w3.org/2000/svg}text"))
    for name, gpio, _ in _esp32_roles(pins):
        assert "GPIO%-2d" % gpio in labels, name


def test_check_command_reports_stale(tmp_path, pins, monkeypatch):
    assert hardware.main(["--check"]) == 0
    monkeypatch.setattr(hardware, "BOARD_PY", str(tmp_path / "board.py"))
    (tmp_path / "board.py").write_text("SCK = 5\n")
    monkeypatch.setattr(hardware, "outputs", lambda p=None: {
        hardware.BOARD_PY: hardware.board_source(pins)})
    assert hardware.main(["--check"]) == 1


def test_power_doc_is_generated_and_sane():
    with open(hardware.POWER_MD) as f:
        assert f.read() == hardware.power_md(), "run: python -m host_tools hardware"
    b = hardware.power_budget()
    assert 5 < b["sleep_ua"] < 100
    assert b["refresh_uah"]["partial"] < b["refresh_uah"]["fast"] < b["refresh_uah"]["full"]
    # twice the cell, twice the games; games follow from the per-game energy
    big = dict(hardware.POWER, battery_mah=(2400.0, "x"))
    assert abs(hardware.power_budget(big)["games"] - 2 * b["games"]) < 1e-6
    assert abs(b["games"] * b["game_mah"] - 1200 * 0.85) < 1e-6


def test_bom_has_parts_prices_and_the_pin_map_parts():
    import csv
    with open(os.path.join(os.path.dirname(hardware.PINS_JSON), "bom.csv")) as f:
        rows = list(csv.DictReader(f))
    assert all(r["qty"].isdigit() and float(r["approx_unit_usd"]) >= 0 for r in rows)
    parts = " ".join(r["part_number"] for r in rows)
    for pn in ("ESP32-DevKitC-VE", "4.2inch e-Paper Module (V2)", "HT7833", "TP4056"):
        assert pn in parts
    switches = sum(int(r["qty"]) for r in rows if r["part_number"] == "B3F-1000")
    assert switches == len(NAMES)
