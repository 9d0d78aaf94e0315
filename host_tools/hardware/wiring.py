"""The wiring diagram (hardware/wiring.svg): the board's used GPIOs, each
wired to its part, generated from the pin map.  wiring_svg(pins) -> text."""
from xml.sax.saxutils import escape

from hal.buttons import NAMES as BUTTON_NAMES
from host_tools.hardware.pins import EPD_HEADER


def _text(x, y, s, size=13, anchor="start", weight="normal"):
    return ('<text x="%d" y="%d" font-family="monospace" font-size="%d" '
            'text-anchor="%s" font-weight="%s">%s</text>' % (x, y, size, anchor, weight, escape(str(s))))


def wiring_svg(pins):
    """A wiring diagram: the board's used GPIOs wired to each part."""
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
    bat = e["battery"]
    rows.append((bat["adc"], "VBAT_SENSE", "power",
                 "board's own divider" if bat["where"] == "board" else "divider mid"))
    if e["charging"]["pin"] is not None:
        rows.append((e["charging"]["pin"], "CHRG", "power", "charger status"))
    row_h = 26
    top = 90
    h = top + row_h * len(rows) + 170
    w = 980
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (w, h, w, h),
           '<rect width="100%" height="100%" fill="white"/>',
           _text(20, 30, "Pocket Rummikub reference wiring (generated from hardware/pins.json)", 16, weight="bold"),
           _text(20, 52, e["board"], 12)]
    # the board column
    out.append('<rect x="20" y="%d" width="230" height="%d" fill="#eef" stroke="black"/>'
               % (top - 26, row_h * len(rows) + 40))
    out.append(_text(135, top - 8, "ESP32 board", 14, "middle", "bold"))
    parts = {}
    for i, (gpio, label, part, ppin) in enumerate(rows):
        y = top + 14 + i * row_h
        out.append(_text(30, y + 4, "GPIO%-2d %s" % (gpio, label)))
        parts.setdefault(part, []).append((y, ppin))
    # part boxes on the right, each spanning its rows
    titles = {"display": "e-paper module (SSD1683)", "buttons": "buttons to 3V3, 100k pull-downs",
              "power": "LiPo -> slide switch -> board JST (charger on board)"}
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
        "Power: LiPo -> slide switch -> the board's battery socket; its charger, regulator and battery divider do the rest.",
        "Display VCC to 3V3, GND common.  SPI id %d at %d MHz, MISO unused." % (spi["id"], spi["baudrate"] // 1000000),
        "Avoided: GPIO6-11 (flash), GPIO16/17 (PSRAM on WROVER), strapping pins 0/2/5/12/15.",
        "GPIO34-39 are input-only: used for BUSY (driven by the panel) and the battery sense.",
    ]
    for i, n in enumerate(notes):
        out.append(_text(20, y + i * 20, n, 12))
    out.append("</svg>")
    return "\n".join(out) + "\n"
