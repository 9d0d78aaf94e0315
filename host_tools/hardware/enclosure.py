"""The enclosure, parametric from the parts' dimensions: a shell (floor,
walls, screw bosses, USB and switch cut-outs, button-board posts) and a lid
(panel window, seven button holes, screw holes).

layout(pins) -> dict, pure Python (no CAD): the sizes, every part's box
(x0, y0, z0, x1, y1, z1) inside the case, the button hole centres, the
bosses.  Origin: the outer box's corner, x across, y up the face (buttons
at low y), z up from the floor's underside; the lid's top face is z = h.
build(lay) -> (shell, lid) build123d solids (needs build123d);
export(lay, folder) writes enclosure.step, enclosure.stl and
enclosure.png (a rendered picture).  Assumed sizes are labelled in
PARTS; measure your parts and change them there.
"""
import io
import os
import re

from hal.buttons import NAMES as BUTTON_NAMES
from host_tools import ROOT

STEP = os.path.join(ROOT, "hardware", "enclosure.step")
STL = os.path.join(ROOT, "hardware", "enclosure.stl")
PNG = os.path.join(ROOT, "hardware", "enclosure.png")

# Each part: name, w, d, h (mm), then where the figures come from (going on
# in the indented lines below it); a part of its own for every connector
# housing and the room its wires need to bend
_PARTS_TABLE = """
panel        103.0  78.5  4.5  Waveshare 4.2inch e-Paper Module outline 103.0 x 78.5 mm (Waveshare
                               wiki, as tabled by mcauser/micropython-waveshare-epaper); 4.5 mm =
                               glass 1.18 mm (wiki, bare screen) + PCB 1.6 mm + parts on its back
                               (estimate)
glass         93.5  78.5  0.0  the glass end of the module: 93.5 mm of the 103.0 (Waveshare wiki,
                               panel without the connector strip); the 9.5 mm strip holding the
                               connector is at the right (estimate: check yours)
active        84.8  63.6  0.0  Waveshare 4.2in display area 84.8 x 63.6 mm (wiki), centred on the
                               glass
panel_plug     8.0  20.0  9.0  the panel's 8-pin JST PH plug (PHR-8: 2.0 mm pitch, 17.9 mm wide,
                               JST PH datasheet) in its socket under the connector strip, plus 4
                               mm for its wires to bend (estimate)
board_wires    0.0   0.0  4.0  solder joints on the board's pin rows and the wires bending away
                               over the board (28 AWG, 0.8 mm over insulation: 4 mm, estimate)
battery       50.0  34.0  6.0  LiPo 603450: 6.0 x 34 x 50 mm (the name is thickness, width, length
                               in tenths of mm and mm: LiPo naming convention, e.g. hlcbattery.com
                               503040)
battery_pcm    5.0  34.0  6.0  the cell's protection board folded over its tab end, leads out
                               (estimate: 5 mm)
battery_plug  10.0   6.0  6.0  JST PH 2-pin plug (PHR-2: 5.9 x 4.5 mm, JST PH datasheet) in the
                               board's socket, 4 mm for the leads to bend (estimate)
switch         6.0   6.0  9.5  Omron B3F-1070: 6 x 6 mm, 9.5 mm tall, plunger 3.5 mm (datasheet)
slide          8.6   3.6  4.0  C&K SS12D00G4 body 8.6 x 3.6 x 3.5 mm, lugs below (datasheet,
                               rounded up)
slide_wires    8.6   6.0  4.0  the slide switch's three lugs, joints and heat-shrink (estimate)
perfboard     80.0  28.0  1.6  perfboard cut to size
divider       12.0  10.0  5.0  R8, R9 (1/4 W, 6.3 x 2.5 mm body on 10.16 mm pitch: Yageo MFR-25
                               datasheet) and C1 (a disc of ~5 mm, standing) on the button board,
                               between START, B and UP (estimate)
perf_wires    68.0  28.0  3.5  joints and resistor leads under the button board, wires bending
                               away; clear of its four posts (estimate)
"""


def _parts(table):
    """The table above as {name: ((w, d, h), source)}."""
    parts, name = {}, None
    for line in table.strip().split("\n"):
        if line.startswith(" "):                 # the source goes on
            size, source = parts[name]
            parts[name] = (size, source + " " + line.strip())
        else:
            name, w, d, h, source = line.split(None, 4)
            parts[name] = ((float(w), float(d), float(h)), source)
    return parts


PARTS = _parts(_PARTS_TABLE)
# switch centres on the button board, mm from its lower-left corner (face up):
# the lid's holes are placed from these, so they stay over the switches
# whatever the case's width
SWITCH_AT = {"up": (14.8, 23.0), "down": (14.8, 5.0), "left": (5.8, 14.0), "right": (23.8, 14.0),
             "a": (73.2, 18.0), "b": (60.2, 10.0), "start": (40.0, 8.0)}
DIVIDER_AT = (44.0, 15.0)   # the battery divider's corner on the button board, same frame
PERF_POST_INSET = 3.0   # the button board's screw holes, from each edge
M2_HEAD = 3.8           # M2 pan head diameter (ISO 7045: 4.0 max): clear of the switches
WALL = 2.0
FLOOR = 2.0
LID = 2.0
CLEAR = 0.5            # gap around every part
BOSS_D = 6.0
BOSS_HOLE = 2.2        # M2.5 self-tapping into plastic
LID_HOLE = 2.9
BUTTON_HOLE = 4.5      # the 3.5 mm plunger with 0.5 mm all round
PLUNGER_OUT = 1.5      # plunger top above the lid
TOP_STRIP = 8.0        # room for the two top bosses above the panel
LEDGE = 2.5            # ribs along the side walls the panel rests on
BUTTON_AREA = 34.0     # below the panel: the button board
USB_C_H = 3.2          # USB-C receptacle height on the board (its centre sets the cut-out)


def _sized(name, x, y, z, dims=None):
    w, d, h = dims or PARTS[name][0]
    return (x, y, z, x + w, y + d, z + h)


def layout(pins):
    """Every size and position of the case (see the module doc)."""
    prof = pins["esp32"]["profile"]
    bw, bd, bh = prof["size_mm"]
    pw, pd, ph = PARTS["panel"][0]
    inner_w = pw + 2 * CLEAR
    inner_d = BUTTON_AREA + pd + 2 * CLEAR + TOP_STRIP
    x0, y0 = WALL, WALL
    right = x0 + inner_w - LEDGE - CLEAR            # inside edge of the right ledge, less a clearance
    panel_y0 = y0 + BUTTON_AREA + CLEAR
    # under the panel: the board (USB end at the left wall), wires bending over it,
    # the cell's plug at its far end; the cell above it; the slide switch at the right wall
    left = x0 + LEDGE + CLEAR
    board = _sized("board", left, panel_y0 + 1.0, FLOOR, (bw, bd, bh))
    board_wires = (board[0], board[1], board[5], board[3], board[4], board[5] + PARTS["board_wires"][0][2])
    pl_d = PARTS["battery_plug"][0][1]
    cy = (board[1] + board[4]) / 2
    bat_plug = _sized("battery_plug", board[3] + CLEAR, cy - pl_d / 2, FLOOR)
    bat = _sized("battery", left, board[4] + 2.0, FLOOR)
    pcm = _sized("battery_pcm", bat[3] + CLEAR, bat[1], FLOOR)
    sw_w, sw_d, _ = PARTS["slide"][0]
    slide = _sized("slide", right - sw_d, bat[4] - sw_w, FLOOR, (sw_d, sw_w, PARTS["slide"][0][2]))
    sww, swd, swh = PARTS["slide_wires"][0]
    slide_wires = _sized("slide_wires", slide[0] - swd - CLEAR, slide[1], FLOOR, (swd, sww, swh))
    lower = [board_wires, bat_plug, bat, pcm, slide, slide_wires]
    panel_z0 = max(b[5] for b in lower) + CLEAR
    panel = (x0 + CLEAR, panel_y0, panel_z0, x0 + CLEAR + pw, panel_y0 + pd, panel_z0 + ph)
    pgw, pgd, pgh = PARTS["panel_plug"][0]
    strip = pw - PARTS["glass"][0][0]
    pcy = (panel[1] + panel[4]) / 2
    panel_plug = (panel[3] - strip / 2 - pgw / 2, pcy - pgd / 2, panel_z0 - pgh,
                  panel[3] - strip / 2 + pgw / 2, pcy + pgd / 2, panel_z0)
    h = panel[5] + CLEAR + LID
    aw, ad, _ = PARTS["active"][0]
    gx = panel[0] + PARTS["glass"][0][0] / 2
    window = (gx - aw / 2 - 0.6, pcy - ad / 2 - 0.6, gx + aw / 2 + 0.6, pcy + ad / 2 + 0.6)
    # the button board: centred in the button area, just under the lid; the
    # holes go where its switches are
    sw, sd, shh = PARTS["switch"][0]
    pbw, pbd, pbt = PARTS["perfboard"][0]
    pb_top = h + PLUNGER_OUT - shh
    px0, py0 = x0 + inner_w / 2 - pbw / 2, y0 + BUTTON_AREA / 2 - pbd / 2
    perf = (px0, py0, pb_top - pbt, px0 + pbw, py0 + pbd, pb_top)
    pww, pwd, pwh = PARTS["perf_wires"][0]
    perf_wires = (px0 + (pbw - pww) / 2, py0 + (pbd - pwd) / 2, perf[2] - pwh,
                  px0 + (pbw + pww) / 2, py0 + (pbd + pwd) / 2, perf[2])
    holes = {n: (px0 + SWITCH_AT[n][0], py0 + SWITCH_AT[n][1]) for n in BUTTON_NAMES}
    divider = _sized("divider", px0 + DIVIDER_AT[0], py0 + DIVIDER_AT[1], pb_top)
    switches = {n: (x - sw / 2, y - sd / 2, pb_top, x + sw / 2, y + sd / 2, pb_top + shh)
                for n, (x, y) in holes.items()}
    r = BOSS_D / 2 - 1.0      # bosses sink 1 mm into the walls (no tangent faces)
    bosses = [(x0 + r, y0 + r), (x0 + inner_w - r, y0 + r),
              (x0 + r, y0 + inner_d - r), (x0 + inner_w - r, y0 + inner_d - r)]
    usb_z = FLOOR + 1.6 + USB_C_H / 2
    lh = PARTS["slide"][0][2]
    parts = [("panel", panel), ("panel_plug", panel_plug), ("board", board), ("board_wires", board_wires),
             ("battery", bat), ("battery_pcm", pcm), ("battery_plug", bat_plug), ("perfboard", perf),
             ("perf_wires", perf_wires), ("divider", divider), ("slide", slide), ("slide_wires", slide_wires)]
    return {
        "w": inner_w + 2 * WALL, "d": inner_d + 2 * WALL, "h": h,
        "cavity": (x0, y0, FLOOR, x0 + inner_w, y0 + inner_d, h - LID),
        "parts": dict(parts + [("switch_" + n, b) for n, b in switches.items()]),
        "window": window,
        # the panel rests on these (from the floor to its underside); the
        # right one leaves a gap for the panel's plug
        "ledges": [(x0, panel[1], FLOOR, x0 + LEDGE, panel[4], panel[2]),
                   (x0 + inner_w - LEDGE, panel[1], FLOOR, x0 + inner_w, panel_plug[1] - CLEAR, panel[2]),
                   (x0 + inner_w - LEDGE, panel_plug[4] + CLEAR, FLOOR, x0 + inner_w, panel[4], panel[2])],
        "holes": holes,
        "bosses": bosses,
        "perf_posts": [(perf[0] + PERF_POST_INSET, perf[1] + PERF_POST_INSET),
                       (perf[3] - PERF_POST_INSET, perf[1] + PERF_POST_INSET),
                       (perf[0] + PERF_POST_INSET, perf[4] - PERF_POST_INSET),
                       (perf[3] - PERF_POST_INSET, perf[4] - PERF_POST_INSET)],
        # cut-outs through a wall: (x0, y0, z0, x1, y1, z1)
        "usb": (0.0, cy - 6.0, usb_z - 3.5, x0 + LEDGE + 0.01, cy + 6.0, usb_z + 3.5),
        "slide_cut": (x0 + inner_w - LEDGE - 0.01, slide[1] + 2.0, FLOOR + 1.0,
                      x0 + inner_w + WALL, slide[4] - 2.0, FLOOR + lh - 0.5),
    }


def _box(b):
    from build123d import Box, Pos
    x0, y0, z0, x1, y1, z1 = b
    return Pos((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2) * Box(x1 - x0, y1 - y0, z1 - z0)


def _cyl(x, y, z0, z1, d):
    from build123d import Cylinder, Pos
    return Pos(x, y, (z0 + z1) / 2) * Cylinder(d / 2, z1 - z0)


def build(lay):
    """(shell, lid): the two printed parts as build123d solids."""
    w, d, h = lay["w"], lay["d"], lay["h"]
    cav = lay["cavity"]
    shell = _box((0, 0, 0, w, d, h - LID)) - _box((cav[0], cav[1], cav[2], cav[3], cav[4], h - LID + 1))
    for x, y in lay["bosses"]:
        shell = shell + _cyl(x, y, FLOOR - 0.01, h - LID, BOSS_D) - _cyl(x, y, FLOOR + 1.0, h - LID + 1, BOSS_HOLE)
    perf = lay["parts"]["perfboard"]
    for x, y in lay["perf_posts"]:
        shell = shell + _cyl(x, y, FLOOR - 0.01, perf[2], 4.0) - _cyl(x, y, FLOOR + 1.0, perf[2] + 1, 1.8)
    for b in lay["ledges"]:
        shell = shell + _box(b[:2] + (FLOOR - 0.01,) + b[3:])
    shell = shell - _box(lay["usb"]) - _box(lay["slide_cut"])
    lid = _box((0, 0, h - LID, w, d, h)) - _box(lay["window"][:2] + (h - LID - 1,) + lay["window"][2:] + (h + 1,))
    for x, y in lay["holes"].values():
        lid = lid - _cyl(x, y, h - LID - 1, h + 1, BUTTON_HOLE)
    for x, y in lay["bosses"]:
        lid = lid - _cyl(x, y, h - LID - 1, h + 1, LID_HOLE)
    return shell, lid


def _step_text(solids):
    """STEP text of the solids, with the export date fixed (reproducible)."""
    import tempfile
    from build123d import Compound, export_step
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "e.step")
        export_step(Compound(children=list(solids)), path)
        with open(path) as f:
            text = f.read()
    return re.sub(r"FILE_NAME\('[^']*','[^']*'", "FILE_NAME('enclosure.step','generated'", text)


def mesh(solids, tolerance=0.05):
    """One trimesh.Trimesh per solid, meshed by OpenCascade (shared edges,
    so a closed solid gives a watertight mesh)."""
    import tempfile
    import trimesh
    from build123d import export_stl
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, s in enumerate(solids):
            path = os.path.join(tmp, "%d.stl" % i)
            export_stl(s, path, tolerance=tolerance)
            out.append(trimesh.load(path, file_type="stl", force="mesh"))
    return out


def stl_bytes(meshes, lay):
    """Both parts side by side in one STL, the lid turned over beside the
    shell (both print flat): the file a slicer takes."""
    import numpy as np
    import trimesh
    shell, lid = meshes
    lid = lid.copy()
    flip = trimesh.transformations.rotation_matrix(np.pi, (1, 0, 0))
    lid.apply_transform(flip)
    lid.apply_translation((lay["w"] + 10.0 - lid.bounds[0][0], -lid.bounds[0][1], -lid.bounds[0][2]))
    both = trimesh.util.concatenate([shell, lid])
    return both.export(file_type="stl")


PART_COLOURS = {"panel": "#3b3b3b", "board": "#2f6fb0", "battery": "#d9a520", "perfboard": "#3c9a4a",
                "slide": "#a04040", "board_wires": "#a9c6e8", "battery_pcm": "#8a6a18",
                "battery_plug": "#f2efe6", "panel_plug": "#f2efe6", "perf_wires": "#a8d8b0",
                "slide_wires": "#d9a0a0", "divider": "#d8b070"}


def _box_faces(b):
    x0, y0, z0, x1, y1, z1 = b
    c = [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
         (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
    return [[c[i] for i in f] for f in ((0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 5, 4),
                                        (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7))]


def _box_tris(b):
    quads = _box_faces(b)
    return [t for q in quads for t in ((q[0], q[1], q[2]), (q[0], q[2], q[3]))]


def _raster(items, size, elev=35.0, azim=-55.0, light=(-0.4, -0.6, 0.7)):
    """Orthographic z-buffer render of [(triangles (n,3,3), rgb)] -> RGB array."""
    import numpy as np
    a, e = np.radians(azim), np.radians(elev)
    rz = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, np.cos(e - np.pi / 2), -np.sin(e - np.pi / 2)],
                   [0, np.sin(e - np.pi / 2), np.cos(e - np.pi / 2)]])
    rot = rx @ rz
    allv = np.concatenate([np.asarray(t, float).reshape(-1, 3) for t, _ in items]) @ rot.T
    lo, hi = allv.min(0), allv.max(0)
    w, h = size
    scale = 0.92 * min(w / (hi[0] - lo[0]), h / (hi[1] - lo[1]))
    off = np.array([w / 2, h / 2]) - scale * (lo[:2] + hi[:2]) / 2
    img = np.full((h, w, 3), 255.0)
    zbuf = np.full((h, w), -np.inf)
    lv = np.asarray(light, float) / np.linalg.norm(light)
    for tris, rgb in items:
        t = np.asarray(tris, float)
        n = np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
        n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
        shade = 0.45 + 0.55 * np.abs(n @ lv)
        p = t @ rot.T
        xy = p[:, :, :2] * scale + off
        xy[:, :, 1] = h - xy[:, :, 1]
        for k in range(len(t)):
            (x0, y0), (x1, y1), (x2, y2) = xy[k]
            d = (y1 - y2) * (x0 - x2) + (x2 - x1) * (y0 - y2)
            if abs(d) < 1e-9:
                continue
            bx0, bx1 = max(int(min(x0, x1, x2)), 0), min(int(max(x0, x1, x2)) + 1, w)
            by0, by1 = max(int(min(y0, y1, y2)), 0), min(int(max(y0, y1, y2)) + 1, h)
            if bx0 >= bx1 or by0 >= by1:
                continue
            gx, gy = np.meshgrid(np.arange(bx0, bx1) + 0.5, np.arange(by0, by1) + 0.5)
            l0 = ((y1 - y2) * (gx - x2) + (x2 - x1) * (gy - y2)) / d
            l1 = ((y2 - y0) * (gx - x2) + (x0 - x2) * (gy - y2)) / d
            l2 = 1 - l0 - l1
            inside = (l0 >= -1e-6) & (l1 >= -1e-6) & (l2 >= -1e-6)
            z = l0 * p[k, 0, 2] + l1 * p[k, 1, 2] + l2 * p[k, 2, 2]
            zb = zbuf[by0:by1, bx0:bx1]
            win = inside & (z > zb)
            zb[win] = z[win]
            img[by0:by1, bx0:bx1][win] = np.array(rgb) * 255 * shade[k]
    return img.clip(0, 255).astype("uint8")


def picture(meshes, lay, path):
    """A rendered picture (z-buffer, so hidden faces stay hidden): the
    closed case (glass under the window, plungers through the lid) and the
    open shell with its parts in place and the panel lifted above."""
    import numpy as np
    from PIL import Image, ImageDraw
    from matplotlib.colors import to_rgb
    shell, lid = meshes
    h = lay["h"]
    w = lay["window"]
    glass = [((w[0], w[1], h - 0.2), (w[2], w[1], h - 0.2), (w[2], w[3], h - 0.2)),
             ((w[0], w[1], h - 0.2), (w[2], w[3], h - 0.2), (w[0], w[3], h - 0.2))]
    r = BUTTON_HOLE / 2 - 0.5
    plungers = [t for x, y in lay["holes"].values()
                for t in _box_tris((x - r, y - r, h - LID, x + r, y + r, h + PLUNGER_OUT))]
    closed = [(shell.triangles, to_rgb("#9aa7b8")), (lid.triangles, to_rgb("#c9d3e0")),
              (glass, to_rgb("#ecebdf")), (plungers, to_rgb("#303030"))]
    opened = [(shell.triangles, to_rgb("#9aa7b8"))]
    for name, b in lay["parts"].items():
        if name != "panel":         # taken out: it would hide the rest
            opened.append((_box_tris(b), to_rgb(PART_COLOURS.get(name, "#555555"))))
    size = (480, 420)
    left = Image.fromarray(_raster(closed, size))
    right = Image.fromarray(_raster(opened, size))
    out = Image.new("RGB", (size[0] * 2, size[1] + 30), "white")
    out.paste(left, (0, 30))
    out.paste(right, (size[0], 30))
    d = ImageDraw.Draw(out)
    d.text((10, 8), "closed: window over the glass, seven buttons", fill="black")
    d.text((size[0] + 10, 8), "open, panel out: board (blue), cell (yellow), switch (red), button board (green),",
           fill="black")
    d.text((size[0] + 10, 19), "plugs (white), wire bends (light)", fill="black")
    buf = io.BytesIO()
    out.save(buf, format="PNG")
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def export(lay):
    """Write enclosure.step, enclosure.stl, enclosure.png; returns their paths."""
    solids = build(lay)
    meshes = mesh(solids)
    with open(STEP, "w") as f:
        f.write(_step_text(solids))
    with open(STL, "wb") as f:
        f.write(stl_bytes(meshes, lay))
    picture(meshes, lay, PNG)
    return [STEP, STL, PNG]
