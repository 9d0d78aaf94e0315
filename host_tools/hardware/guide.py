"""The assembly guide (hardware/assembly.md), generated from the pin map,
the bill of materials and the enclosure layout, so its wire lists, hole
positions, part sizes and prices cannot drift from what the firmware and
the case use; its step drawings are rendered from the model
(host_tools.hardware.render).

guide_md(pins, bom_rows, lay) -> text: the prose of assembly.template.md
(beside this file) with this build's figures and tables.  bom(path) -> the
rows of bom.csv.
total(rows) -> the parts' price, the one figure every file quotes.
button_board_svg(pins, lay) -> the drawing of wiring step 1 (the
perfboard's holes, the switches' legs in them under the lid's holes,
pull-downs, the 3V3 and GND buses, the wire to each GPIO).
"""
import csv
import os

from xml.sax.saxutils import escape

from hal.buttons import NAMES as BUTTON_NAMES
from host_tools import ROOT
from host_tools.hardware import enclosure as enc
from host_tools.hardware import prose, render
from host_tools.hardware.pins import EPD_HEADER, battery_drain_ua, battery_ratio, ohms

BOM_CSV = os.path.join(ROOT, "hardware", "bom.csv")
ASSEMBLY_MD = os.path.join(ROOT, "hardware", "assembly.md")
BUTTON_BOARD_SVG = os.path.join(ROOT, "hardware", "button_board.svg")


def bom(path=BOM_CSV):
    with open(path) as f:
        return list(csv.DictReader(f))


def total(rows):
    """The parts' price in whole USD, as every file states it."""
    return int(round(sum(int(r["qty"]) * float(r["approx_unit_usd"]) for r in rows)))


def _holes(cells):
    """Perfboard holes for people: columns and rows counted from 1."""
    cols = sorted({c + 1 for c, _ in cells})
    rows = sorted({r + 1 for _, r in cells})
    return "columns %s, rows %s" % (" and ".join(map(str, cols)), " and ".join(map(str, rows)))


def _board_table(prof):
    """The board profile's facts as rows of the parts table."""
    a, b = prof["outline_mm"]
    holes = "; ".join("%g, %g" % tuple(h) for h in prof["holes"]["at_mm"])
    usb, sock = prof["usb_c"], prof["battery_socket"]
    return [
        "| board | %g x %g x %g | %s |" % (b, a, prof["pcb_mm"], prof["source"]),
        "| board holes | %g mm at (across, along) %s | pins.json, from uPesy's drawing |" % (
            prof["holes"]["d_mm"], holes),
        "| board USB-C | %g x %g, centre %g across | %s, face at %g along |" % (
            usb["width_mm"], usb["height_mm"], usb["across_mm"], usb["part"], usb["along_mm"][0]),
        "| board battery socket | %g-%g across, %g-%g along, %g tall | %s, mouth at %g across |" % (
            tuple(sock["across_mm"]) + tuple(sock["along_mm"]) + (sock["height_mm"], sock["part"],
                                                                  sock["mouth_across_mm"])),
    ]


def guide_md(pins, rows, lay):
    """assembly.md: assembly.template.md (beside this file) with the
    figures and tables of this build's files."""
    e = pins["esp32"]
    prof = e["profile"]
    bat = e["battery"]
    n_btn = len(BUTTON_NAMES)
    parts = lay["parts"]
    pb = parts["perfboard"]
    sock = prof["battery_socket"]
    (dc0, dr0), (dc1, dr1) = enc.DIVIDER_HOLES
    drain_lo, drain_hi = battery_drain_ua(pins)
    fields = dict(
        bom_table=prose.table(_bom_row(r) for r in rows), total=total(rows),
        case_w=lay["w"], case_d=lay["d"], case_h=lay["h"], clear=enc.CLEAR,
        parts_table=prose.table(_parts_rows(prof)),
        cols=enc.PERF_HOLES[0], rows=enc.PERF_HOLES[1], perf_w=pb[3] - pb[0], perf_d=pb[4] - pb[1],
        post_holes=" and ".join("column %d row %d" % (c + 1, r + 1) for c, r in enc.PERF_POST_HOLES),
        switch_table=prose.table(_switch_rows(e)),
        divider_cols="%d-%d" % (dc0 + 1, dc1 + 1), divider_rows="%d-%d" % (dr0 + 1, dr1 + 1),
        board_part=prof["part"], board_up=lay["board"].z0 - enc.FLOOR,
        wires_room=parts["board_wires"][5] - parts["board_wires"][2],
        pin_table=prose.table(_pin_rows(e)), panel_table=prose.table(_panel_rows(e)),
        spi_mhz=e["spi"]["baudrate"] // 1000000,
        plus_mm=sock["plus_along_mm"], minus_mm=sock["minus_along_mm"],
        r_top="R%d" % (n_btn + 1), r_bottom="R%d" % (n_btn + 2),
        ohms_top=ohms(bat["r_top"]), ohms_bottom=ohms(bat["r_bottom"]), adc=bat["adc"],
        drain_lo=drain_lo, drain_hi=drain_hi, ratio=battery_ratio(pins),
        board_posts="; ".join("%.1f, %.1f" % p for p in lay["board_posts"]),
        usb_face=parts["board_usb"][0], usb_x=lay["usb_centre"][0], usb_y=lay["usb_centre"][1],
        rib=enc.RIB, plug_w=enc.PARTS["usb_plug"][0][0], plug_h=enc.PARTS["usb_plug"][0][1],
        busy=e["display"]["busy"], rst=e["display"]["rst"],
        sleep_lo=prof["deep_sleep_ua"][0], sleep_hi=prof["deep_sleep_ua"][1],
    )
    for name, what, _ in render.STEPS:
        fields["img_" + name] = "![step %s: %s](step%s.png)" % (name, what, name)
    return prose.fill("assembly", fields)


def _bom_row(r):
    ds = r["datasheet"]
    link = "[%s](%s)" % (ds.split("/")[2], ds) if ds.startswith("http") else ds
    unit = float(r["approx_unit_usd"])
    return "| %s | %s | %s | %s | %s | %s | %.2f | %.2f |" % (
        r["ref"], r["qty"], r["part"], r["maker"], r["part_number"], link, unit, int(r["qty"]) * unit)


def _parts_rows(prof):
    """The case's part sizes (enclosure.PARTS), then the board profile's."""
    out = []
    for name, (size, source) in enc.PARTS.items():
        dims = "%g x %g x %g" % size if size[0] else "its part's outline x %g" % size[2]
        out.append("| %s | %s | %s |" % (name, dims, source))
    return out + _board_table(prof)


def _switch_rows(e):
    return ["| SW%d | %s | %s | %.2f, %.2f | GPIO%d |" % (
        (i + 1, n.upper(), _holes(enc.switch_legs(n))) + tuple(enc.switch_at(n)) + (e["buttons"][n],))
        for i, n in enumerate(BUTTON_NAMES)]


def _pin_rows(e):
    return ["| SW%d (%s) signal | GPIO%d |" % (i + 1, n.upper(), e["buttons"][n])
            for i, n in enumerate(BUTTON_NAMES)] + ["| 3V3 bus | 3V3 |", "| GND bus | GND |"]


def _panel_rows(e):
    d, spi = e["display"], e["spi"]
    sig = {"mosi": spi["mosi"], "sck": spi["sck"], "cs": d["cs"], "dc": d["dc"], "rst": d["rst"],
           "busy": d["busy"]}
    return ["| %s | %s |" % (hdr, "GPIO%d" % sig[s] if s in sig else s) for hdr, s in EPD_HEADER]


def button_board_svg(pins, lay):
    """Wiring step 1 drawn to scale (6 px per mm), seen from the top: every
    hole of the perfboard, each switch over its four legs' holes."""
    e = pins["esp32"]
    pb = lay["parts"]["perfboard"]
    k = 6.0
    m = 40
    pw, pd = (pb[3] - pb[0]) * k, (pb[4] - pb[1]) * k
    cols, rows = enc.PERF_HOLES

    def xy(x, y):   # mm from the board's lower-left corner -> svg px, y up
        return m + x * k, m + pd - y * k

    W, H = int(pw + 2 * m + 160), int(pd + 2 * m + 80)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (W, H, W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="20" font-family="monospace" font-size="13" font-weight="bold">'
           'Step 1: the button board, top view, to scale (generated from pins.json and the case layout)</text>',
           '<rect x="%d" y="%d" width="%.1f" height="%.1f" fill="#e4efd9" stroke="#3c7a3c"/>' % (m, m, pw, pd)]
    legs = {h for n in BUTTON_NAMES for h in enc.switch_legs(n)}
    for c in range(cols):
        for r in range(rows):
            cx, cy = xy(*enc.hole_xy(c, r))
            fill = "#202020" if (c, r) in legs else "white"
            out.append('<circle cx="%.1f" cy="%.1f" r="2.4" fill="%s" stroke="#6a8a5a"/>' % (cx, cy, fill))
    for c in range(0, cols, 5):
        cx, _ = xy(*enc.hole_xy(c, 0))
        out.append('<text x="%.1f" y="%.1f" font-family="monospace" font-size="9" text-anchor="middle">%d</text>'
                   % (cx, m - 4, c + 1))
    for r in range(0, rows, 5):
        _, cy = xy(*enc.hole_xy(0, r))
        out.append('<text x="%.1f" y="%.1f" font-family="monospace" font-size="9" text-anchor="end">%d</text>'
                   % (m - 4, cy + 3, r + 1))
    for c, r in enc.PERF_POST_HOLES:
        cx, cy = xy(*enc.hole_xy(c, r))
        out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="white" stroke="black"/>' % (cx, cy, 1.1 * k))
    bus3 = xy(*enc.hole_xy(0, rows - 1))[1]
    busg = xy(*enc.hole_xy(0, 0))[1]
    out.append('<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#c03030" stroke-width="2"/>' % (m, bus3, m + pw, bus3))
    out.append('<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#303030" stroke-width="2"/>' % (m, busg, m + pw, busg))
    out.append('<text x="%.1f" y="%.1f" font-family="monospace" font-size="11" fill="#c03030">3V3 bus -> board 3V3</text>'
               % (m + pw + 6, bus3 + 4))
    out.append('<text x="%.1f" y="%.1f" font-family="monospace" font-size="11">GND bus -> board GND</text>'
               % (m + pw + 6, busg + 4))
    for i, n in enumerate(BUTTON_NAMES):
        cx, cy = xy(*enc.switch_at(n))
        s6 = 6 * k
        out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#444" fill-opacity="0.75" stroke="black"/>'
                   % (cx - s6 / 2, cy - s6 / 2, s6, s6))
        out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="#999"/>' % (cx, cy, 1.75 * k))
        out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#c03030"/>' % (cx - s6 / 2, cy - s6 / 2, cx - s6 / 2, bus3))
        # signal leg: 100k down to GND, wire off to the GPIO
        out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#2050c0"/>' % (cx + s6 / 2, cy + s6 / 2, cx + s6 / 2, busg - 14))
        out.append('<rect x="%.1f" y="%.1f" width="6" height="12" fill="#d8b070" stroke="black"/>' % (cx + s6 / 2 - 3, busg - 14))
        out.append('<text x="%.1f" y="%.1f" font-family="monospace" font-size="10" text-anchor="middle">%s</text>'
                   % (cx, cy - s6 / 2 - 4, escape("SW%d %s" % (i + 1, n.upper()))))
        out.append('<text x="%.1f" y="%.1f" font-family="monospace" font-size="10" text-anchor="middle" fill="#2050c0">'
                   'R%d, GPIO%d</text>' % (cx + s6 / 2, m + pd + 16 + 12 * (i % 4), i + 1, e["buttons"][n]))
    dv = lay["parts"]["divider"]
    dx, dy = xy(dv[0] - pb[0], dv[4] - pb[1])
    out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#f4e4c4" fill-opacity="0.8" stroke="#a07030"/>'
               % (dx, dy, (dv[3] - dv[0]) * k, (dv[4] - dv[1]) * k))
    cx, cy = dx + (dv[3] - dv[0]) * k / 2, dy + (dv[4] - dv[1]) * k / 2
    for line, text in enumerate(("R%d, R%d, C1" % (len(BUTTON_NAMES) + 1, len(BUTTON_NAMES) + 2),
                                 "to GPIO%d" % e["battery"]["adc"])):
        out.append('<text x="%.1f" y="%.1f" font-family="monospace" font-size="10" text-anchor="middle">%s</text>'
                   % (cx, cy - 2 + 12 * line, text))
    out.append('<text x="10" y="%d" font-family="monospace" font-size="11">columns and rows counted from 1; '
               'black holes: switch legs, big white: drilled for the posts; grey: 6x6 mm switch (plunger circle), '
               'tan: 100k pull-down, blue: signal wire to the GPIO named under it</text>' % (H - 8))
    out.append("</svg>")
    return "\n".join(out) + "\n"
