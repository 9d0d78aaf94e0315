"""Everything derived from hardware/pins.json: board config and wiring diagram.

`python -m host_tools hardware` rewrites firmware/hal/board.py and
hardware/wiring.svg from the pin map; `--check` only reports whether they are
stale (tests/hardware runs the same comparison), so code, docs and the
diagram cannot disagree with the one pin map.
"""
import json
import os
import sys
from xml.sax.saxutils import escape

from host_tools import ROOT
from hal.buttons import NAMES as BUTTON_NAMES
from hal.esp32_rtc import INPUT_ONLY, RTC_GPIO

PINS_JSON = os.path.join(ROOT, "hardware", "pins.json")
BOARD_PY = os.path.join(ROOT, "firmware", "hal", "board.py")
WIRING_SVG = os.path.join(ROOT, "hardware", "wiring.svg")
POWER_MD = os.path.join(ROOT, "hardware", "power.md")

# Power budget inputs: (value, where it comes from).  Currents in mA.
POWER = {
    "esp32_deep_sleep": (0.010, "ESP32 datasheet: deep sleep with RTC timer + RTC memory, 10 uA"),
    "ldo_quiescent": (0.004, "HT7833 datasheet: 4 uA quiescent"),
    "divider": (0.0019, "1M + 1M divider across a 3.8 V cell"),
    "charger_protection": (0.004, "DW01A protection ~3 uA + TP4056 reverse drain ~1 uA (datasheets)"),
    "panel_sleep": (0.001, "SSD1683 deep sleep mode 1 (< 1 uA); Waveshare module standby"),
    "esp32_awake": (35.0, "ESP32 at 160 MHz, radio off, MicroPython polling (datasheet 27-44 mA)"),
    "panel_refresh": (8.0, "Waveshare 4.2in V2: refresh power 26.4 mW at 3.3 V"),
    "t_full": (3.0, "full refresh, s (flashing LUT; emulator latency)"),
    "t_fast": (1.2, "fast refresh, s (issue spec)"),
    "t_partial": (0.4, "partial refresh, s (issue spec)"),
    "battery_mah": (1200.0, "LiPo 603450, 1200 mAh"),
    "usable": (0.85, "usable fraction (cut-off 3.3 V, ageing)"),
    "game_minutes": (25.0, "a 4-player game against 3 AIs"),
    "game_partial": (600, "partial refreshes per game (cursor, pick/place)"),
    "game_fast": (120, "fast refreshes per game (turn changes, AI moves)"),
    "game_full": (2, "full refreshes per game (start, end)"),
}

# Waveshare module header names for the driver's signals
EPD_HEADER = (("VCC", "3V3"), ("GND", "GND"), ("DIN", "mosi"), ("CLK", "sck"),
              ("CS", "cs"), ("DC", "dc"), ("RST", "rst"), ("BUSY", "busy"))


# ESP32 chip rules (datasheet): flash and PSRAM pins, strapping pins, ADC1,
# GPIOs that exist; RTC_GPIO / INPUT_ONLY come from firmware/hal/esp32_rtc.py
FLASH = set(range(6, 12))
PSRAM = {16, 17}
STRAPPING = {0, 2, 5, 12, 15}
ADC1 = set(range(32, 40))
GPIOS = set(range(0, 40)) - {20, 24, 28, 29, 30, 31}

_REQUIRED = ("esp32.spi.id", "esp32.spi.baudrate", "esp32.spi.sck", "esp32.spi.mosi",
             "esp32.display.cs", "esp32.display.dc", "esp32.display.rst", "esp32.display.busy",
             "esp32.battery.adc", "esp32.battery.r_top", "esp32.battery.r_bottom",
             "esp32.charging.pin", "esp32.charging.active", "esp32.wake", "esp32.reserved",
             "esp32.board", "esp32.button_wiring",
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
    roles.append(("charging", e["charging"]["pin"], "in"))
    return roles


def problems(pins):
    """Every way the map breaks the ESP32's rules, as readable lines."""
    out = []
    e = pins["esp32"]
    seen = {}
    reserved = {int(k) for k in e.get("reserved", {})}
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
    b = pins["blinka"]
    names = list(b["display"].values()) + list(b["buttons"].values()) + [b["spi"]["sck"], b["spi"]["mosi"]]
    for n in set(names):
        if names.count(n) > 1:
            out.append("blinka: %s used twice" % n)
    return out


def board_source(pins):
    """Text of firmware/hal/board.py for this pin map."""
    e = pins["esp32"]
    b = pins["blinka"]
    bat = e["battery"]
    ratio = (bat["r_top"] + bat["r_bottom"]) / bat["r_bottom"]
    lines = [
        '"""Pins of the reference build, GENERATED from hardware/pins.json.',
        "",
        "Do not edit: change the pin map and run `python -m host_tools hardware`.",
        'Button tuples follow hal.buttons order: %s."""' % " ".join(BUTTON_NAMES),
        "",
        "# ESP32 (machine.Pin numbers)",
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
        "BATTERY_RATIO = %r" % ratio,
        "CHARGE_PIN = %d" % e["charging"]["pin"],
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


def _text(x, y, s, size=13, anchor="start", weight="normal"):
    return ('<text x="%d" y="%d" font-family="monospace" font-size="%d" '
            'text-anchor="%s" font-weight="%s">%s</text>' % (x, y, size, anchor, weight, escape(str(s))))


def wiring_svg(pins):
    """A wiring diagram: the devkit's used GPIOs wired to each part."""
    e = pins["esp32"]
    rows = []   # (gpio, signal label, part, part pin)
    spi = e["spi"]
    d = e["display"]
    sig = {"mosi": spi["mosi"], "sck": spi["sck"], "cs": d["cs"], "dc": d["dc"],
           "rst": d["rst"], "busy": d["busy"]}
    for hdr, s in EPD_HEADER:
        if s in sig:
            rows.append((sig[s], s.upper(), "display", hdr))
    for n in BUTTON_NAMES:
        rows.append((e["buttons"][n], "BTN_" + n.upper(), "buttons", n.upper()))
    rows.append((e["battery"]["adc"], "VBAT/2", "power", "divider mid"))
    rows.append((e["charging"]["pin"], "CHRG", "power", "TP4056 CHRG"))
    row_h = 26
    top = 90
    h = top + row_h * len(rows) + 170
    w = 980
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (w, h, w, h),
           '<rect width="100%" height="100%" fill="white"/>',
           _text(20, 30, "Pocket Rummikub reference wiring (generated from hardware/pins.json)", 16, weight="bold"),
           _text(20, 52, e["board"], 12)]
    # the devkit column
    out.append('<rect x="20" y="%d" width="230" height="%d" fill="#eef" stroke="black"/>'
               % (top - 26, row_h * len(rows) + 40))
    out.append(_text(135, top - 8, "ESP32 devkit", 14, "middle", "bold"))
    parts = {}
    for i, (gpio, label, part, ppin) in enumerate(rows):
        y = top + 14 + i * row_h
        out.append(_text(30, y + 4, "GPIO%-2d %s" % (gpio, label)))
        parts.setdefault(part, []).append((y, ppin))
    # part boxes on the right, each spanning its rows
    titles = {"display": "e-paper module (SSD1683)", "buttons": "buttons to 3V3, 100k pull-downs",
              "power": "LiPo, TP4056, 1M/1M + 100nF"}
    for part, items in parts.items():
        y0 = items[0][0] - 14
        y1 = items[-1][0] + 12
        out.append('<rect x="560" y="%d" width="400" height="%d" fill="#efe" stroke="black"/>'
                   % (y0, y1 - y0))
        out.append(_text(575, y0 + 16, titles[part], 12, weight="bold"))
        for y, ppin in items:
            out.append('<line x1="250" y1="%d" x2="560" y2="%d" stroke="black"/>' % (y, y))
            out.append('<circle cx="250" cy="%d" r="3"/>' % y)
            out.append(_text(948, y + 4, ppin, 12, "end"))
    # power notes
    y = top + row_h * len(rows) + 50
    notes = [
        "3V3 rail: LiPo -> HT7833 LDO (4 uA quiescent) -> devkit 3V3 pin (bypass the devkit's AMS1117)",
        "Display VCC to 3V3, GND common.  SPI id %d at %d MHz, MISO unused." % (spi["id"], spi["baudrate"] // 1000000),
        "Avoided: GPIO6-11 (flash), GPIO16/17 (PSRAM on WROVER), strapping pins 0/2/5/12/15.",
        "GPIO34-39 are input-only: used for BUSY (driven by the panel), VBAT and CHRG (external pulls).",
    ]
    for i, n in enumerate(notes):
        out.append(_text(20, y + i * 20, n, 12))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def power_budget(p=None):
    """Derived numbers: sleep current, energy per refresh, games per charge."""
    v = {k: val for k, (val, _) in (p or POWER).items()}
    sleep_ma = (v["esp32_deep_sleep"] + v["ldo_quiescent"] + v["divider"]
                + v["charger_protection"] + v["panel_sleep"])
    during = v["esp32_awake"] + v["panel_refresh"]       # both draw while BUSY
    per = {k: during * v["t_" + k] / 3.6 for k in ("full", "fast", "partial")}  # uAh
    awake_mah = v["esp32_awake"] * v["game_minutes"] / 60.0
    panel_mah = sum(v["panel_refresh"] * v["t_" + k] * v["game_" + k] for k in ("full", "fast", "partial")) / 3600.0
    game_mah = awake_mah + panel_mah
    usable = v["battery_mah"] * v["usable"]
    return {"sleep_ua": sleep_ma * 1000, "refresh_uah": per, "game_mah": game_mah,
            "game_awake_mah": awake_mah, "game_panel_mah": panel_mah,
            "games": usable / game_mah, "standby_days": usable / sleep_ma / 24.0}


def power_md(p=None):
    p = p or POWER
    b = power_budget(p)
    lines = [
        "# Power budget",
        "",
        "Generated by `python -m host_tools hardware` from the assumptions in",
        "host_tools/hardware/generate.py (POWER); edit them there.",
        "",
        "## Results",
        "",
        "| quantity | value |",
        "|---|---|",
        "| deep-sleep current (whole device) | %.1f uA |" % b["sleep_ua"],
        "| energy per full refresh | %.1f uAh |" % b["refresh_uah"]["full"],
        "| energy per fast refresh | %.1f uAh |" % b["refresh_uah"]["fast"],
        "| energy per partial refresh | %.1f uAh |" % b["refresh_uah"]["partial"],
        "| one game (%d min) | %.1f mAh (awake %.1f + panel %.1f) |" % (
            p["game_minutes"][0], b["game_mah"], b["game_awake_mah"], b["game_panel_mah"]),
        "| games per charge | about %d |" % int(b["games"]),
        "| standby on one charge (sleep current only) | %d days |" % int(b["standby_days"]),
        "",
        "Energy per refresh counts the ESP32 awake plus the panel while BUSY is",
        "high.  The awake CPU dominates a game: light sleep between 20 ms button",
        "polls (not implemented yet) would cut it several-fold.  Standby is in",
        "practice limited by the cell's self-discharge (a few %/month).",
        "",
        "## Assumptions",
        "",
        "| input | value | source |",
        "|---|---|---|",
    ]
    for k, (val, src) in p.items():
        lines.append("| %s | %s | %s |" % (k, val, src))
    lines += [
        "",
        "## Conditions for the sleep figure",
        "",
        "- The devkit's AMS1117 regulator and power LED are bypassed/removed: the",
        "  3V3 rail comes from the HT7833 (the AMS1117 alone draws ~5 mA).",
        "- Buttons use external 100k pull-downs, so deep sleep needs no RTC",
        "  peripheral power domain for pulls; an idle button draws nothing.",
        "- The USB-UART chip is powered from USB only (no drain on battery).",
        "",
    ]
    return "\n".join(lines)


def outputs(pins=None):
    pins = pins or load()
    return {BOARD_PY: board_source(pins), WIRING_SVG: wiring_svg(pins), POWER_MD: power_md()}


def stale(pins=None):
    bad = []
    for path, text in outputs(pins).items():
        try:
            with open(path) as f:
                if f.read() == text:
                    continue
        except OSError:
            pass
        bad.append(path)
    return bad


def main(argv):
    if "-h" in argv or "--help" in argv:
        print("usage: python -m host_tools hardware [--check]\n"
              "regenerate firmware/hal/board.py and hardware/wiring.svg from hardware/pins.json")
        return 0
    try:
        pins = load()
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    bad = problems(pins)
    if bad:
        for line in bad:
            print("pins.json: %s" % line, file=sys.stderr)
        return 1
    if "--check" in argv:
        bad = stale(pins)
        for p in bad:
            print("stale: %s (run python -m host_tools hardware)" % os.path.relpath(p, ROOT), file=sys.stderr)
        return 1 if bad else 0
    for path, text in outputs(pins).items():
        with open(path, "w") as f:
            f.write(text)
        print("wrote %s" % os.path.relpath(path, ROOT))
    return 0
