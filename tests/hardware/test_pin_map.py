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
import copy
import json
import os
import xml.etree.ElementTree as ET

import pytest

from host_tools.hardware import generate
from host_tools.hardware import pins as hardware
from host_tools.hardware import power, wiring
from hal import board
from hal.buttons import NAMES
from hal.esp32_rtc import INPUT_ONLY, RTC_GPIO
from hal.sleep import DEFAULT_IDLE_MS

RTC = {0, 2, 4, 12, 13, 14, 15, 25, 26, 27, 32, 33, 34, 35, 36, 37, 38, 39}
FLASH = set(range(6, 12))
PSRAM = {16, 17}
STRAPPING = {0, 2, 5, 12, 15}
ADC1 = set(range(32, 40))


@pytest.fixture(scope="module")
def pins():
    return hardware.load()


def test_rule_facts_match_the_datasheet():
    # the generator's chip facts (and firmware/hal/esp32_rtc.py) are the ones above
    assert set(RTC_GPIO) == RTC
    assert set(INPUT_ONLY) == set(range(34, 40))
    assert hardware.FLASH == FLASH and hardware.PSRAM == PSRAM
    assert hardware.STRAPPING == STRAPPING and hardware.ADC1 == ADC1
    # RTC index order (datasheet table): GPIO36 is RTC_GPIO0 ... GPIO27 is 17
    assert sorted(RTC_GPIO, key=RTC_GPIO.get) == [36, 37, 38, 39, 34, 35, 25, 26, 33, 32,
                                                   4, 0, 2, 15, 13, 12, 14, 27]


def test_pin_map_has_no_problems(pins):
    assert hardware.problems(pins) == []


def test_every_button_has_a_pin(pins):
    assert sorted(pins["esp32"]["buttons"]) == sorted(NAMES)
    assert sorted(pins["blinka"]["buttons"]) == sorted(NAMES)


def test_wake_buttons_are_rtc_pins(pins):
    for n in NAMES:
        assert pins["esp32"]["buttons"][n] in RTC


def _bad(pins, **changes):
    bad = copy.deepcopy(pins)
    for dotted, v in changes.items():
        d = bad
        keys = dotted.split("__")
        for k in keys[:-1]:
            d = d[k]
        d[keys[-1]] = v
    return hardware.problems(bad)


def test_rules_catch_bad_maps(pins):
    b = pins["esp32"]["buttons"]
    assert _bad(pins, esp32__buttons__a=16) == ["button.a: GPIO16 is the PSRAM on WROVER modules",
                                               "button a: GPIO16 is not RTC-capable, it cannot wake the board"]
    assert _bad(pins, esp32__buttons__a=b["b"]) == ["GPIO%d used by button.a and button.b" % b["b"]]
    assert _bad(pins, esp32__buttons__a=22) == [
        "GPIO22 used by display.dc and button.a",
        "button a: GPIO22 is not RTC-capable, it cannot wake the board"]
    assert "display.cs: GPIO36 is input-only" in _bad(pins, esp32__display__cs=36)
    assert "display.rst: GPIO7 is wired to the SPI flash" in _bad(pins, esp32__display__rst=7)
    assert "display.rst: GPIO12 is a strapping pin" in _bad(pins, esp32__display__rst=12)
    assert "display.rst: GPIO19 is reserved" in " ".join(_bad(pins, esp32__display__rst=19))
    assert "battery.adc: GPIO4 is not on ADC1" in _bad(pins, esp32__buttons__b=26, esp32__battery__adc=4)
    assert "blinka: D5 used twice" in _bad(pins, blinka__buttons__down="D5")
    # the board keeps GPIO35 for its own battery divider
    assert "button.a: GPIO35 is taken by the board" in " ".join(_bad(pins, esp32__buttons__a=35))
    # 20 MHz is the SSD1683's limit; hand-wired builds run at 10 MHz
    assert "spi.baudrate: 20000000 Hz is over 10000000 Hz" in " ".join(
        _bad(pins, esp32__spi__baudrate=20000000))
    assert "display.part must say V2" in " ".join(
        _bad(pins, esp32__display__part="Waveshare 4.2inch e-Paper Module (UC8176)"))


def test_the_battery_divider_keeps_the_cell_in_the_adc_range(pins):
    # the cell's 3.0-4.2 V, through 1% resistors, inside the 11 dB accurate
    # range (ESP-IDF ADC guide, ESP32: 150-2450 mV)
    bat = pins["esp32"]["battery"]
    assert (bat["atten_db"], bat["adc_range_mv"], bat["cell_mv"]) == (11, [150, 2450], [3000, 4200])
    lo, hi = hardware.battery_pin_mv(pins)
    assert 150 <= lo and hi <= 2450
    assert abs(hi - 4200 * 1.01 / 2.0) < 2 and abs(lo - 3000 * 0.99 / 2.0) < 2
    assert board.BATTERY_ADC == bat["adc"] and board.BATTERY_RATIO == hardware.battery_ratio(pins) == 2.0
    # V_BAT = 1.435 x V(pin), as a third-party project reads the board's own
    # GPIO35 divider: a full cell gives 2.93 V, over the range: refused
    msg = " ".join(_bad(pins, esp32__battery__r_top=435000, esp32__battery__r_bottom=1000000))
    assert "reach GPIO36 as 2077-2945 mV" in msg and "accurate range at 11 dB (150-2450 mV)" in msg
    # its drain while on, counted in the power budget
    assert hardware.battery_drain_ua(pins) == (1.5, 2.1)
    # after the switch: off draws nothing
    assert "after SW8" in bat["note"]


def test_bad_pin_file_gives_a_clear_error(tmp_path):
    p = tmp_path / "pins.json"
    p.write_text('{"esp32": {}}')
    with pytest.raises(ValueError, match="missing esp32.board"):
        hardware.load(str(p))
    p.write_text("{nope")
    with pytest.raises(ValueError, match="not valid JSON"):
        hardware.load(str(p))


def test_generator_refuses_a_broken_map(monkeypatch, pins, capsys):
    bad = copy.deepcopy(pins)
    bad["esp32"]["buttons"]["up"] = 17
    monkeypatch.setattr(hardware, "load", lambda: bad)
    assert generate.main([]) == 1
    assert "GPIO17 is the PSRAM" in capsys.readouterr().err


def test_board_module_matches_pin_map(pins):
    with open(hardware.BOARD_PY) as f:
        assert f.read() == hardware.board_source(pins), "run: python -m host_tools hardware"
    e = pins["esp32"]
    assert board.BUTTON_PINS == tuple(e["buttons"][n] for n in NAMES)
    assert (board.EPD_CS, board.EPD_DC, board.EPD_RST, board.EPD_BUSY) == tuple(
        e["display"][k] for k in ("cs", "dc", "rst", "busy"))
    assert (board.SCK, board.MOSI, board.SPI_ID) == (e["spi"]["sck"], e["spi"]["mosi"], e["spi"]["id"])


def test_wiring_diagram_matches_pin_map(pins):
    with open(generate.WIRING_SVG) as f:
        text = f.read()
    assert text == wiring.wiring_svg(pins), "run: python -m host_tools hardware"
    root = ET.fromstring(text)
    labels = " ".join(t.text for t in root.iter("{http://www.w3.org/2000/svg}text"))
    for name, gpio, _ in hardware.esp32_roles(pins):
        assert "GPIO%-2d" % gpio in labels, name


def test_check_command_reports_stale(tmp_path, pins, monkeypatch):
    # every text output is what the pin map gives (the enclosure's STEP/STL:
    # tests/hardware/test_enclosure.py)
    real_stale = generate.stale
    assert real_stale(pins, cad=False) == []
    monkeypatch.setattr(generate, "stale", lambda p=None, cad=True: [])
    assert generate.main(["--check"]) == 0
    monkeypatch.setattr(hardware, "BOARD_PY", str(tmp_path / "board.py"))
    (tmp_path / "board.py").write_text("SCK = 5\n")
    monkeypatch.setattr(generate, "outputs", lambda p=None: {
        hardware.BOARD_PY: hardware.board_source(pins)})
    assert real_stale(pins, cad=False) == [str(tmp_path / "board.py")]
    monkeypatch.undo()
    monkeypatch.setattr(generate, "stale", lambda p=None, cad=True: [str(tmp_path / "board.py")])
    assert generate.main(["--check"]) == 1


def test_power_doc_is_generated_and_labelled(pins):
    with open(power.POWER_MD) as f:
        assert f.read() == power.power_md(pins, power.load_measured(), power.load_link_duty()), \
            "run: python -m host_tools hardware"
    inp = power.inputs(pins)
    for name, i in inp.items():
        assert i.label in ("datasheet", "measured", "estimate") and i.source, name
        assert i.lo <= i.value <= i.hi, name
        assert i.settle or i.lo == i.hi, name          # every range says what settles it
    b = power.budget(inp)
    # the parts add up to the game: nothing counted twice or left out
    assert abs(b["compute_s"] + b["held_s"] + b["poll_s"] + b["sleep_s"] - b["game_s"] - b["idle_s"]) < 1e-6
    assert abs(b["cpu_mah"] + b["nap_mah"] + b["panel_mah"] + b["always_mah"] - b["game_mah"]) < 1e-9
    assert abs(b["games"] * b["game_mah"] - 1200 * 0.85) < 1e-6
    # SPI time follows the clock in pins.json: 122 whole-screen refreshes,
    # two 15,000-byte images each, at 10 MHz
    assert abs(b["spi_s"] - 122 * 2 * 15000 * 8 / 10e6) < 1e-9
    assert b["refresh_uah"]["partial"] < b["refresh_uah"]["fast"] < b["refresh_uah"]["full"]
    # ranges: low <= typical <= high, and the typical is budget()'s
    r = power.ranges(inp)
    for key, (lo, typ, hi) in r.items():
        assert lo <= typ <= hi and lo < hi, key
    assert r["games"][1] == b["games"]
    # the CPU awake all game (the old firmware) gives far fewer games
    assert power.budget(inp, light_sleep=False)["games"] < b["games"] / 2


def _more(inp, **values):
    out = dict(inp)
    for k, val in values.items():
        i = inp[k]
        out[k] = power.Input(val, i.unit, i.label, i.source, i.settle)
    return out


def test_link_play_line_counts_the_radio(pins):
    """Link play: each console's game plus its radio, from the simulation's
    duty-cycle counts (hardware/link_duty.json)."""
    always = power.budget(power.inputs(pins))          # no counts: the radio on all game
    assert always["radio_s"] == always["game_s"] and always["link_games"] < 25
    duty = power.load_link_duty()
    assert duty, "run: python -m host_tools.link.bench --json hardware/link_duty.json"
    inp = power.inputs(pins, duty=duty)
    b = power.budget(inp)
    assert abs(b["link_mah"] - b["game_mah"] - b["radio_mah"]) < 1e-9
    assert b["radio_s"] == duty["radio_on_share"] * b["game_s"]
    assert b["link_games"] >= 40                       # the duty cycle's goal, typical column
    for k in ("radio_wake_ms", "i_radio_ma", "link_wakes_min", "link_on_share"):
        assert power.budget(_more(inp, **{k: inp[k].value * 1.5}))["link_games"] < b["link_games"], k


def test_power_model_counts_every_term(pins):
    inp = power.inputs(pins)
    b = power.budget(inp)
    games = b["games"]
    # awake while a button is held, the idle before deep sleep, the boot
    # after each wake: each costs games
    assert power.budget(_more(inp, held_s=inp["held_s"].value * 2))["games"] < games
    assert power.budget(_more(inp, idle_s=inp["idle_s"].value * 2))["games"] < games
    assert power.budget(_more(inp, boot_s=inp["boot_s"].value * 2))["games"] < games
    assert power.budget(_more(inp, wakes=inp["wakes"].value * 2))["games"] < games
    assert b["idle_s"] == inp["wakes"].value * DEFAULT_IDLE_MS / 1000.0
    # the panel module, the divider, the protection board and the cell's
    # self-discharge each shorten standby
    days = b["standby_days"]
    for k in ("panel_module", "divider", "pcm", "self_discharge", "board_deep_sleep"):
        assert power.budget(_more(inp, **{k: inp[k].value * 2}))["standby_days"] < days, k
    # the divider's drain follows its resistors: 100k/100k would be ten times more
    small = copy.deepcopy(pins)
    small["esp32"]["battery"].update(r_top=100000, r_bottom=100000)
    assert abs(power.inputs(small)["divider"].value - 10 * inp["divider"].value) < 1e-12
    # self-discharge dominates standby: the sleep current alone would last far longer
    assert b["device_days"] > 2 * days
    # switched off, only the cell drains: longer than standby
    assert b["off_months"] * 730 / 24 > days
    # a plain DevKitC (USB-UART bridge and AMS1117 on 3V3: 3.8-11 mA
    # published) would last under two weeks
    devkit = copy.deepcopy(pins)
    devkit["esp32"]["profile"]["deep_sleep_ua"] = [3800, 11000]
    assert power.ranges(power.inputs(devkit))["standby_days"][2] < 14


def test_power_doc_shows_ranges_without_false_precision(pins):
    text = power.power_md(pins)
    r = power.ranges(power.inputs(pins))
    lo, typ, hi = (power.rounded(x) for x in r["games"])
    assert "| **games per charge** (a game: 25 min) | %d | %d | %d |" % (lo, typ, hi) in text
    assert [power.rounded(x) for x in (1234.5, 187.2, 56.4, 7.3)] == [1200, 190, 56, 7]
    # every input's row has three ends and says what settles it
    for name in power.inputs(pins):
        assert "| %s | " % name in text
    for word in ("held", "idle", "boot", "self-discharge", "protection board", "divider", "panel module"):
        assert word in text, word


def test_measured_figures_replace_the_assumptions(pins, tmp_path):
    p = tmp_path / "measured.json"
    p.write_text('{"_about": "x", "board_deep_sleep": 0.02, "t_full": null}')
    m = power.load_measured(str(p))
    inp = power.inputs(pins, m)
    i = inp["board_deep_sleep"]
    assert (i.lo, i.value, i.hi, i.label) == (0.02, 0.02, 0.02, "measured")
    assert inp["t_full"].label != "measured" and inp["t_full"].lo < inp["t_full"].hi
    assert "| board_deep_sleep | 0.02 | 0.02 | 0.02 | mA | measured | measured on this build" in power.power_md(pins, m)
    # the measured sleep current is the whole device: divider and panel not added again
    assert abs(power.budget(inp)["device_sleep_ua"] - 20.0) < 1e-9
    with pytest.raises(ValueError, match="nope is not a model input"):
        power.inputs(pins, {"nope": 1})
    assert power.load_measured(str(tmp_path / "missing.json")) == {}


def test_bom_has_parts_prices_and_the_pin_map_parts(pins):
    import csv
    with open(os.path.join(os.path.dirname(hardware.PINS_JSON), "bom.csv")) as f:
        rows = list(csv.DictReader(f))
    assert all(r["qty"].isdigit() and float(r["approx_unit_usd"]) >= 0 for r in rows)
    parts = " ".join(r["part_number"] for r in rows)
    assert pins["esp32"]["profile"]["part"].split(" v")[0] in parts
    assert "V2" in parts and "13353" in parts
    # no separate charger module, regulator or CHRG pull-up any more
    for gone in ("TP4056", "HT7833", "ESP32-DevKitC"):
        assert gone not in parts
    switches = sum(int(r["qty"]) for r in rows if r["part_number"] == "B3F-1070")
    assert switches == len(NAMES)


def test_generator_names_missing_cad_packages(monkeypatch, capsys):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "build123d" else real(name, *a))
    assert generate.main([]) == 1
    err = capsys.readouterr().err
    assert "pip install -r requirements-hardware.txt" in err and "missing: build123d" in err



def test_hardware_readme_quotes_the_model(pins):
    # the README's figures are the model's ranges, rounded as power.md rounds them
    with open(os.path.join(os.path.dirname(hardware.PINS_JSON), "README.md")) as f:
        text = " ".join(f.read().split())
    r = power.ranges(power.inputs(pins, power.load_measured()))
    g = [power.rounded(x) for x in r["games"]]
    d = [power.rounded(x) for x in r["standby_days"]]
    assert "%d-%d (typically about %d) games" % (g[0], g[2], g[1]) in text
    assert "%d-%d days of standby" % (d[0], d[2]) in text


# hand edits that ended in a traceback under `pocket hardware --check`
# (TypeError, ValueError or AttributeError from deep inside the rules)
MISTYPED = [
    ("esp32.spi.baudrate", "fast", "esp32.spi.baudrate must be a whole number"),
    ("esp32.buttons", [32, 33], "esp32.buttons must be a table"),
    ("esp32.battery.r_top", "1M", "esp32.battery.r_top must be a resistance in ohms"),
    ("esp32.battery.tolerance", "1%", "esp32.battery.tolerance must be a fraction"),
    ("esp32.battery.cell_mv", 3000, "esp32.battery.cell_mv must be two numbers"),
    ("esp32.battery.adc_range_mv", [150], "esp32.battery.adc_range_mv must be two numbers"),
    ("esp32.display.part", 2, "esp32.display.part must be a text"),
    ("esp32.profile.reserved_by_board", {"x": "y"}, 'esp32.profile.reserved_by_board has "x"'),
    ("esp32.button_wiring", None, "esp32.button_wiring must be a text"),
    ("blinka.buttons.up", ["D5"], "blinka.buttons.up must be a text"),
    ("esp32.profile.deep_sleep_ua", "8-15", "esp32.profile.deep_sleep_ua must be two numbers"),
    ("esp32", [], "esp32 must be a table"),
    ("esp32.spi", None, "esp32.spi must be a table"),
    ("esp32.profile.holes.at_mm", [[2.4, "x"]], "esp32.profile.holes.at_mm must be a list of [x, y]"),
    # a number where a GPIO goes, but not one: named before the rules run
    ("esp32.spi.sck", 18.5, "esp32.spi.sck must be a whole number"),
    ("esp32.display.cs", None, "esp32.display.cs must be a whole number"),
    ("esp32.buttons.up", True, "esp32.buttons.up must be a whole number"),
    ("esp32.battery.r_bottom", 0, "esp32.battery.r_bottom must be a resistance in ohms from 1"),
]


@pytest.mark.parametrize("field,value,says", MISTYPED, ids=[m[0] for m in MISTYPED])
def test_a_mistyped_pin_map_is_one_line_naming_the_field(field, value, says, pins, tmp_path, monkeypatch, capsys):
    bad = copy.deepcopy(pins)
    *parents, last = field.split(".")
    d = bad
    for k in parents:
        d = d[k]
    d[last] = value
    path = tmp_path / "pins.json"
    path.write_text(json.dumps(bad))
    monkeypatch.setattr(hardware, "PINS_JSON", str(path))
    assert generate.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


def test_an_unreadable_pin_map_is_one_line(tmp_path, monkeypatch, capsys):
    for what, make in (("a folder", lambda p: p.mkdir()), ("missing", lambda p: None),
                       ("binary", lambda p: p.write_bytes(b"\xff\xfe\x00")),
                       ("deep", lambda p: p.write_text("[" * 100000 + "]" * 100000))):
        path = tmp_path / what
        make(path)
        monkeypatch.setattr(hardware, "PINS_JSON", str(path))
        assert generate.main(["--check"]) == 1, what
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and str(path) in err, (what, err)
