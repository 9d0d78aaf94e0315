"""The pin map (hardware/pins.json): loading, the ESP32's pin rules, board.py.

load() -> dict (ValueError: one line naming the first field missing or
holding the wrong kind of value, checked against _SCHEMA), problems(pins)
-> readable lines for every rule the map breaks, board_source(pins) -> the
text of firmware/hal/board.py.  The board profile (pins["esp32"]["profile"])
names the ESP32 board the map is for, its measured sleep current, the pins
it keeps for itself and its mechanical facts (outline, holes, where its
USB-C receptacle and battery socket sit), from which the enclosure is drawn.
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

# What every field of pins.json must hold: a dict of its keys (each required
# unless wrapped in _Opt), or a check that returns what is wrong with a value
# (None when it is right).  load() walks it before anything else reads the
# map, so a hand-edited file ends in one line naming the field, never in a
# traceback from deep inside the rules or the drawings.
class _Opt:
    def __init__(self, spec):
        self.spec = spec


def _is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf")


def _number(lo=None, hi=None, whole=False, what="a number"):
    def check(v):
        if not _is_num(v) or (whole and not isinstance(v, int)):
            return "must be %s, not %s" % ("a whole number" if whole else what, json.dumps(v))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            return "must be %s from %s to %s, not %s" % (what, lo, hi, json.dumps(v))
        return None
    return check


def _text(v):
    return None if isinstance(v, str) and v.strip() else "must be a text, not %s" % json.dumps(v)


def _one_of(*choices):
    def check(v):
        return None if v in choices else "must be one of %s, not %s" % (
            ", ".join(json.dumps(c) for c in choices), json.dumps(v))
    return check


def _nullable(check):
    return lambda v: None if v is None else check(v)


def _pair(lo=0, hi=None, rising=True):
    """[a, b] of numbers, a < b when rising."""
    num = _number(lo, hi)

    def check(v):
        if not isinstance(v, list) or len(v) != 2 or any(num(x) for x in v):
            return "must be two numbers [low, high]%s, not %s" % (
                "" if hi is None else " from %s to %s" % (lo, hi), json.dumps(v))
        if rising and not v[0] < v[1]:
            return "must be [low, high] with low below high, not %s" % json.dumps(v)
        return None
    return check


def _pairs(lo=0, hi=None):
    pair = _pair(lo, hi, rising=False)

    def check(v):
        if not isinstance(v, list) or not v or any(pair(x) for x in v):
            return "must be a list of [x, y] positions, not %s" % json.dumps(v)
        return None
    return check


def _gpio_table(v):
    """{"35": "why"}: GPIO numbers as keys, a reason each."""
    if not isinstance(v, dict):
        return "must be a table of GPIO numbers and reasons, not %s" % json.dumps(v)
    for k, why in v.items():
        if not k.isdigit() or int(k) > 39:
            return "has %s: the keys are GPIO numbers (0-39)" % json.dumps(k)
        if _text(why):
            return "gives GPIO%s no reason (a text)" % k
    return None


_GPIO = _number(0, 39, whole=True, what="a GPIO number")
_MM = _number(-100, 300, what="a size in mm")
_BLINKA_PIN = _text
_SCHEMA = {
    "esp32": {
        "board": _text,
        "profile": {
            "name": _text, "maker": _Opt(_text), "part": _text, "charger": _Opt(_text),
            "deep_sleep_ua": _pair(0, 100000), "deep_sleep_source": _text,
            "reserved_by_board": _gpio_table, "frame": _Opt(_text),
            "outline_mm": _pair(1, 300, rising=False), "pcb_mm": _number(0.2, 5, what="a thickness in mm"),
            "pin_rows": {"across_mm": _pair(0, 300), "along_mm": _pair(0, 300), "pitch_mm": _number(1, 5)},
            "holes": {"d_mm": _number(0.5, 10, what="a diameter in mm"), "at_mm": _pairs(0, 300)},
            "usb_c": {"part": _Opt(_text), "across_mm": _MM, "along_mm": _pair(-10, 300),
                      "width_mm": _number(1, 30), "height_mm": _number(0.5, 20)},
            "battery_socket": {"part": _Opt(_text), "across_mm": _pair(-10, 300), "along_mm": _pair(-10, 300),
                               "height_mm": _number(0.5, 20), "mouth_across_mm": _MM,
                               "plus_along_mm": _MM, "minus_along_mm": _MM},
            "module": {"part": _Opt(_text), "across_mm": _pair(0, 300), "along_mm": _pair(0, 300),
                       "height_mm": _number(0, 20)},
            "source": _text,
        },
        "spi": {"id": _number(1, 2, whole=True, what="an SPI bus number"),
                "baudrate": _number(1, 80000000, whole=True, what="a clock in Hz"),
                "sck": _GPIO, "mosi": _GPIO, "miso": _nullable(_GPIO)},
        "reserved": _gpio_table,
        "display": {"part": _text, "cs": _GPIO, "dc": _GPIO, "rst": _GPIO, "busy": _GPIO},
        "buttons": {n: _GPIO for n in BUTTON_NAMES},
        "button_wiring": _text,
        "wake": {"mode": _text, "level": _text, "pins": _text},
        "battery": {"adc": _GPIO, "r_top": _number(1, 1e9, what="a resistance in ohms"),
                    "r_bottom": _number(1, 1e9, what="a resistance in ohms"),
                    "c_nf": _number(0.001, 1e6, what="a capacitance in nF"), "where": _one_of("own", "board"),
                    "tolerance": _number(0, 0.5, what="a fraction"), "atten_db": _one_of(0, 2.5, 6, 11),
                    "adc_range_mv": _pair(0, 3300), "cell_mv": _pair(0, 10000),
                    "source": _Opt(_text), "note": _Opt(_text)},
        "charging": {"pin": _nullable(_GPIO), "active": _one_of("low", "high"), "note": _Opt(_text)},
    },
    "blinka": {
        "board": _Opt(_text),
        "spi": {"sck": _BLINKA_PIN, "mosi": _BLINKA_PIN,
                "baudrate": _number(1, 80000000, whole=True, what="a clock in Hz")},
        "display": {k: _BLINKA_PIN for k in ("cs", "dc", "rst", "busy")},
        "buttons": {n: _BLINKA_PIN for n in BUTTON_NAMES},
    },
}


def _check(value, spec, where):
    """The first thing wrong with value against spec, as one line (or None)."""
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            return "pins.json: %s must be a table of %s, not %s" % (
                where or "the file", ", ".join(spec), json.dumps(value)[:40])
        for key, sub in spec.items():
            dotted = "%s.%s" % (where, key) if where else key
            if key not in value:
                if isinstance(sub, _Opt):
                    continue
                return "pins.json: missing %s" % dotted
            bad = _check(value[key], sub.spec if isinstance(sub, _Opt) else sub, dotted)
            if bad:
                return bad
        return None
    bad = spec(value)
    return "pins.json: %s %s" % (where, bad) if bad else None


def load(path=None):
    """The pin map; ValueError with one line naming the first field that
    is missing or holds the wrong kind of value."""
    path = path or PINS_JSON
    try:
        with open(path) as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError("%s: cannot read it: %s" % (path, getattr(e, "strerror", None) or e))
    try:
        pins = json.loads(text)
    except ValueError as e:
        raise ValueError("%s: not valid JSON: %s" % (path, e))
    except RecursionError:
        raise ValueError("%s: not valid JSON: nested too deeply" % path)
    bad = _check(pins, _SCHEMA, "")
    if bad:
        raise ValueError(bad)
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
