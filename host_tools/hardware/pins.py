"""The pin map (hardware/pins.json): loading, the ESP32's pin rules, board.py.

load() -> dict (ValueError naming the first missing field), problems(pins)
-> readable lines for every rule the map breaks, board_source(pins) -> the
text of firmware/hal/board.py.  The board profile (pins["esp32"]["profile"])
names the ESP32 board the map is for, its measured sleep current, its size
(the enclosure) and the pins it keeps for itself.
"""
import json
import os

from host_tools import ROOT
from hal.buttons import NAMES as BUTTON_NAMES
from hal.esp32_rtc import INPUT_ONLY, RTC_GPIO

PINS_JSON = os.path.join(ROOT, "hardware", "pins.json")
BOARD_PY = os.path.join(ROOT, "firmware", "hal", "board.py")

# ESP32 chip rules (datasheet): flash and PSRAM pins, strapping pins, ADC1,
# GPIOs that exist; RTC_GPIO / INPUT_ONLY come from firmware/hal/esp32_rtc.py
FLASH = set(range(6, 12))
PSRAM = {16, 17}
STRAPPING = {0, 2, 5, 12, 15}
ADC1 = set(range(32, 40))
GPIOS = set(range(0, 40)) - {20, 24, 28, 29, 30, 31}
# SSD1683 datasheet: 20 MHz is the most its serial interface takes for
# writes; wires soldered by hand get half (GxEPD2 runs this panel at 10 MHz)
SPI_MAX_HZ = 10000000

# Waveshare module header names for the driver's signals
EPD_HEADER = (("VCC", "3V3"), ("GND", "GND"), ("DIN", "mosi"), ("CLK", "sck"),
              ("CS", "cs"), ("DC", "dc"), ("RST", "rst"), ("BUSY", "busy"))

_REQUIRED = ("esp32.spi.id", "esp32.spi.baudrate", "esp32.spi.sck", "esp32.spi.mosi",
             "esp32.display.cs", "esp32.display.dc", "esp32.display.rst", "esp32.display.busy",
             "esp32.display.part",
             "esp32.battery.adc", "esp32.battery.r_top", "esp32.battery.r_bottom",
             "esp32.battery.where", "esp32.battery.tolerance", "esp32.battery.atten_db",
             "esp32.battery.adc_range_mv", "esp32.battery.cell_mv",
             "esp32.charging.pin", "esp32.charging.active", "esp32.wake", "esp32.reserved",
             "esp32.board", "esp32.button_wiring",
             "esp32.profile.name", "esp32.profile.part", "esp32.profile.deep_sleep_ua",
             "esp32.profile.deep_sleep_source", "esp32.profile.size_mm",
             "esp32.profile.reserved_by_board",
             "blinka.spi.sck", "blinka.spi.mosi", "blinka.spi.baudrate",
             "blinka.display.cs", "blinka.display.dc", "blinka.display.rst", "blinka.display.busy")


def _get(d, dotted):
    for k in dotted.split("."):
        if not isinstance(d, dict) or k not in d:
            raise ValueError("pins.json: missing %s" % dotted)
        d = d[k]
    return d


def load(path=PINS_JSON):
    """The pin map; ValueError naming the first missing field."""
    with open(path) as f:
        try:
            pins = json.load(f)
        except ValueError as e:
            raise ValueError("%s: not valid JSON: %s" % (path, e))
    for dotted in _REQUIRED:
        _get(pins, dotted)
    for side in ("esp32", "blinka"):
        for n in BUTTON_NAMES:
            _get(pins, "%s.buttons.%s" % (side, n))
    return pins


def esp32_roles(pins):
    """[(role, gpio, "in"|"out")] for every ESP32 pin the map uses."""
    e = pins["esp32"]
    roles = [("spi.sck", e["spi"]["sck"], "out"), ("spi.mosi", e["spi"]["mosi"], "out")]
    for k in ("cs", "dc", "rst"):
        roles.append(("display." + k, e["display"][k], "out"))
    roles.append(("display.busy", e["display"]["busy"], "in"))
    for n in BUTTON_NAMES:
        roles.append(("button." + n, e["buttons"][n], "in"))
    roles.append(("battery.adc", e["battery"]["adc"], "in"))
    if e["charging"]["pin"] is not None:
        roles.append(("charging", e["charging"]["pin"], "in"))
    return roles


def problems(pins):
    """Every way the map breaks the ESP32's rules, as readable lines."""
    out = []
    e = pins["esp32"]
    seen = {}
    reserved = {int(k) for k in e.get("reserved", {})}
    by_board = {int(k): v for k, v in e["profile"]["reserved_by_board"].items()}
    for role, gpio, direction in esp32_roles(pins):
        if gpio in seen:
            out.append("GPIO%s used by %s and %s" % (gpio, seen[gpio], role))
        seen[gpio] = role
        if gpio not in GPIOS:
            out.append("%s: GPIO%s does not exist on the ESP32" % (role, gpio))
        elif gpio in FLASH:
            out.append("%s: GPIO%d is wired to the SPI flash" % (role, gpio))
        elif gpio in PSRAM:
            out.append("%s: GPIO%d is the PSRAM on WROVER modules" % (role, gpio))
        elif gpio in STRAPPING:
            out.append("%s: GPIO%d is a strapping pin" % (role, gpio))
        if gpio in reserved:
            out.append("%s: GPIO%d is reserved (%s)" % (role, gpio, e["reserved"][str(gpio)]))
        if gpio in by_board and not (role == "battery.adc" and e["battery"]["where"] == "board"):
            out.append("%s: GPIO%d is taken by the board (%s)" % (role, gpio, by_board[gpio]))
        if direction == "out" and gpio in INPUT_ONLY:
            out.append("%s: GPIO%d is input-only" % (role, gpio))
    for n in BUTTON_NAMES:
        g = e["buttons"][n]
        if g not in RTC_GPIO:
            out.append("button %s: GPIO%s is not RTC-capable, it cannot wake the board" % (n, g))
    if e["wake"] != {"mode": "ext1", "level": "ANY_HIGH", "pins": "buttons"}:
        out.append("wake must be ext1 ANY_HIGH on the buttons (active-high buttons)")
    if "pull-down" not in e["button_wiring"] or "external" not in e["button_wiring"]:
        out.append("buttons need external pull-downs (deep sleep, input-only pins)")
    if e["battery"]["adc"] not in ADC1:
        out.append("battery.adc: GPIO%s is not on ADC1" % e["battery"]["adc"])
    lo, hi = battery_pin_mv(pins)
    amin, amax = e["battery"]["adc_range_mv"]
    if lo < amin or hi > amax:
        out.append("battery: the cell's %d-%d mV reach GPIO%d as %d-%d mV (resistor tolerance included),"
                   " outside the ADC's accurate range at %d dB (%d-%d mV)" % (
                       tuple(e["battery"]["cell_mv"]) + (e["battery"]["adc"], lo, hi, e["battery"]["atten_db"],
                                                         amin, amax)))
    if e["spi"]["baudrate"] > SPI_MAX_HZ:
        out.append("spi.baudrate: %d Hz is over %d Hz (SSD1683 writes top out at 20 MHz;"
                   " hand-wired builds run at half)" % (e["spi"]["baudrate"], SPI_MAX_HZ))
    if "V2" not in e["display"]["part"]:
        out.append("display.part must say V2 (SSD1683): the V1 module (UC8176) needs another driver")
    b = pins["blinka"]
    names = list(b["display"].values()) + list(b["buttons"].values()) + [b["spi"]["sck"], b["spi"]["mosi"]]
    for n in set(names):
        if names.count(n) > 1:
            out.append("blinka: %s used twice" % n)
    return out


def ohms(r):
    """A resistor's value as printed on parts lists: 100k, 1M, 4.7M."""
    return "%gM" % (r / 1e6) if r >= 1000000 else "%gk" % (r / 1e3)


def battery_ratio(pins):
    """V_cell / V_pin of the battery divider (nominal resistor values)."""
    bat = pins["esp32"]["battery"]
    return (bat["r_top"] + bat["r_bottom"]) / bat["r_bottom"]


def battery_pin_mv(pins):
    """(lowest, highest) mV the ADC pin sees over the cell's range, with
    both resistors off by their tolerance in the worst direction."""
    bat = pins["esp32"]["battery"]
    t = bat["tolerance"]
    lo_cell, hi_cell = bat["cell_mv"]
    low = lo_cell * bat["r_bottom"] * (1 - t) / (bat["r_bottom"] * (1 - t) + bat["r_top"] * (1 + t))
    high = hi_cell * bat["r_bottom"] * (1 + t) / (bat["r_bottom"] * (1 + t) + bat["r_top"] * (1 - t))
    return int(low), int(high + 0.999)


def battery_drain_ua(pins):
    """(low, high) uA the divider draws from the cell while the switch is on."""
    bat = pins["esp32"]["battery"]
    lo_cell, hi_cell = bat["cell_mv"]
    r = (bat["r_top"] + bat["r_bottom"]) / 1e6      # Mohm: mV / Mohm = nA
    return lo_cell / r / 1000.0, hi_cell / r / 1000.0


def board_source(pins):
    """Text of firmware/hal/board.py for this pin map."""
    e = pins["esp32"]
    b = pins["blinka"]
    bat = e["battery"]
    ratio = battery_ratio(pins)
    chg = e["charging"]["pin"]
    lines = [
        '"""Pins of the reference build, GENERATED from hardware/pins.json.',
        "",
        "Do not edit: change the pin map and run `python -m host_tools hardware`.",
        'Button tuples follow hal.buttons order: %s."""' % " ".join(BUTTON_NAMES),
        "",
        "# ESP32 (machine.Pin numbers); board: %s" % e["profile"]["name"],
        "SPI_ID = %d" % e["spi"]["id"],
        "SPI_BAUD = %d" % e["spi"]["baudrate"],
        "SCK = %d" % e["spi"]["sck"],
        "MOSI = %d" % e["spi"]["mosi"],
        "EPD_CS = %d" % e["display"]["cs"],
        "EPD_DC = %d" % e["display"]["dc"],
        "EPD_RST = %d" % e["display"]["rst"],
        "EPD_BUSY = %d" % e["display"]["busy"],
        "BUTTON_PINS = (%s)" % ", ".join(str(e["buttons"][n]) for n in BUTTON_NAMES),
        "BATTERY_ADC = %d" % bat["adc"],
        "BATTERY_RATIO = %r  # %s: %s over %s" % (ratio, "the board's divider" if bat["where"] == "board"
                                                  else "own divider", ohms(bat["r_top"]), ohms(bat["r_bottom"])),
        "CHARGE_PIN = %s" % ("None  # no charge-status line on this board" if chg is None else chg),
        "CHARGE_ACTIVE = %d" % (0 if e["charging"]["active"] == "low" else 1),
        "",
        "# Blinka (board.<name>)",
        "BLINKA_SPI_BAUD = %d" % b["spi"]["baudrate"],
        "BLINKA_SCK = %r" % b["spi"]["sck"],
        "BLINKA_MOSI = %r" % b["spi"]["mosi"],
        "BLINKA_EPD = (%s)  # cs, dc, rst, busy" % ", ".join(
            repr(b["display"][k]) for k in ("cs", "dc", "rst", "busy")),
        "BLINKA_BUTTONS = (%s)" % ", ".join(repr(b["buttons"][n]) for n in BUTTON_NAMES),
        "",
    ]
    return "\n".join(lines)
