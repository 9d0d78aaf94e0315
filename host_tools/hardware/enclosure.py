"""The enclosure, parametric from the parts' dimensions: a shell (floor,
walls, screw bosses, posts for the ESP32 board and the button board,
ledges for the panel, a pocket for the slide switch, the USB-C and switch
openings) and a lid (panel window, clamp ribs, seven button holes, screw
holes).

layout(pins) -> dict, pure Python (no CAD): the sizes, every part's box
(x0, y0, z0, x1, y1, z1) inside the case, the button hole centres, the
posts and bosses, the connectors' mating paths.  Origin: the outer box's
corner, x across, y up the face (buttons at low y), z up from the floor's
underside; the lid's top face is z = h.  The ESP32 board comes from the
pin map's board profile (uPesy's drawing, hardware/pins.json); the other
parts from PARTS, each size with its source: measure yours and change
them there.  build(lay) -> (shell, lid) build123d solids (needs
build123d); export(lay) writes enclosure.step, enclosure.stl and the
pictures (host_tools.hardware.render).
"""
import os
import re

from hal.buttons import NAMES as BUTTON_NAMES
from host_tools import ROOT

STEP = os.path.join(ROOT, "hardware", "enclosure.step")
STL = os.path.join(ROOT, "hardware", "enclosure.stl")

# Each part: name, w, d, h (mm), then where the figures come from (going on
# in the indented lines below it); a part of its own for every connector
# housing, its mating path and the room its wires need to bend
_PARTS_TABLE = """
panel        103.0  78.5  4.5  Waveshare 4.2inch e-Paper Module outline 103.0 x 78.5 mm (Waveshare
                               wiki, as tabled by mcauser/micropython-waveshare-epaper); 4.5 mm =
                               glass 1.18 mm + PCB 1.6 mm + parts on its back (estimate)
glass         90.1  77.0  1.18 the bare panel (Waveshare wiki, 4.2inch e-Paper: outline dimensions,
                               bare screen); on the module at its left end, centred across the 78.5
                               mm, the 12.9 mm strip with the connector at the right (estimate:
                               measure yours, GLASS_AT)
active        84.8  63.6  0.0  Waveshare display area 84.8 x 63.6 mm (wiki), centred across the
                               glass's 90.1 mm (2.65 mm each side; Waveshare's drawing of the V1
                               glass has its display area centred across too); where it sits along
                               the 77.0 mm is not published: the window leaves 1.0 mm of glass at
                               either end (ACTIVE_END_MIN)
panel_plug     8.0  20.0  9.0  the panel's 8-pin JST PH plug (PHR-8: 2.0 mm pitch, 17.9 mm wide,
                               JST PH datasheet) in its socket under the connector strip, plus 4
                               mm for its wires to bend (estimate)
board_wires    0.0   0.0  1.6  wires from the board's pins laid over its parts: two 30 AWG wires
                               crossing (0.8 mm over insulation each at most: estimate)
battery       62.3  35.3  5.3  LiPo 1200 mAh with its protection board, PKCELL LP-503562 (Adafruit
                               258): 62 x 35 x 5 mm +-0.3 (PKCELL's approved drawing, on Adafruit's
                               product page), at its largest
battery_plug   8.0  10.0  0.0  the cell's JST PH plug (PHR-2: 5.9 x 4.5 mm, JST PH datasheet) in the
                               board's side-entry socket: out of the socket's mouth by at most its
                               length, 6 mm, then 4 mm for its leads to bend (estimate); as wide and
                               as tall as the socket (pins.json)
cell_leads     0.0   0.0  4.0  the cell's two leads from its end to the plug and the switch, with
                               heat-shrink (26 AWG: 1.3 mm each, estimate)
slide         11.6   4.0  5.0  E-Switch EG1218 slide switch, body 11.6 x 4.0 mm (E-Switch drawing
                               P040040, as drawn in Digi-Key's footprint); 5.0 mm from its lugs to
                               its top (estimate: measure yours)
slide_lever    2.0   2.0  4.0  its lever: 2.0 x 2.0 mm, 4.0 mm above the body, 3.0 mm travel
                               (estimate: measure yours)
slide_wires   11.6   5.5  4.0  the slide switch's three lugs, joints and heat-shrink (estimate)
switch         6.0   6.0  9.5  Omron B3F-1070: 6 x 6 mm, 9.5 mm tall, plunger 3.5 mm (datasheet)
perfboard     78.74 27.94 1.6  perfboard, 2.54 mm grid, cut between the holes to 31 x 11 holes
divider       12.0  10.0  5.0  R8, R9 (1/4 W, 6.3 x 2.5 mm body on 10.16 mm pitch: Yageo MFR-25
                               datasheet) and C1 (a disc of ~5 mm, standing) on the button board,
                               between START, B and UP (estimate)
perf_wires    66.0  27.94 3.5  joints and resistor leads under the button board, wires bending
                               away; clear of its four posts (estimate)
usb_plug      12.5   6.5  0.0  a USB-C cable's overmould, 12.5 x 6.5 mm: a makers' design guide gives
                               12 x 6 mm as the keep-out round a receptacle; it must reach the
                               receptacle's face from outside
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
GLASS_AT = 0.0          # the glass's left edge from the module's left edge (estimate)
ACTIVE_END_MIN = 1.0    # glass left in the window beyond the display area, at either end
SLIDE_TRAVEL = 3.0      # the slide switch lever's travel (estimate, with slide_lever)
PLUG_OUT = 6.0          # PHR-2 out of the side-entry socket (estimate, battery_plug)

# The button board: perfboard holes on a 2.54 mm grid, numbered from its
# lower-left corner (face up) from 0, the first 1.27 mm in from each cut
# edge.  A 6 x 6 mm switch's four legs (6.5 x 4.5 mm apart) go into holes
# three columns and two rows apart (7.62 x 5.08 mm, the legs bent out a
# little), so each switch is given by the hole of its lower-left leg and
# the lid's hole is over the middle of its four legs.
PITCH = 2.54
PERF_HOLES = (31, 11)
SWITCH_LEGS = (3, 2)
SWITCH_HOLE = {"left": (0, 4), "up": (3, 7), "down": (3, 1), "right": (6, 4),
               "start": (13, 1), "b": (20, 3), "a": (25, 6)}
DIVIDER_HOLES = ((16, 6), (20, 9))       # R8, R9 and C1 stand in these holes (corners)
PERF_POST_HOLES = ((1, 1), (29, 1), (1, 9), (29, 9))   # drilled out to 2.2 mm for the screws

SCREW_HEAD = 4.0        # M2 pan head (ISO 7045: dk 4.0 max): clear of the switches and the board's parts
SCREW_HEAD_H = 1.6      # its height (ISO 7045 M2: k 1.6 max)
WALL = 2.0
FLOOR = 2.0
LID = 2.0
CLEAR = 0.5            # gap around every part
BOSS_D = 6.0
BOSS_HOLE = 2.2        # the lid's M2.5 screws cut their thread in it
LID_HOLE = 2.9
BUTTON_HOLE = 4.5      # the 3.5 mm plunger with 0.5 mm all round
PLUNGER_OUT = 1.5      # plunger top above the lid
TOP_STRIP = 8.0        # room for the two top bosses above the panel
LEDGE = 2.5            # ribs along the side walls the panel rests on
BUTTON_AREA = 34.0     # below the panel: the button board
STANDOFF_MIN = 1.5     # the ESP32 board's posts at least: room under it for the cut header pins' joints
POST_D = 4.5           # those posts' diameter
PILOT = 1.6            # an M2 screw cuts its thread in it (board and button board)
PERF_POST_D = 4.0
RIB = 1.5              # the lid's clamp ribs, wide
POCKET = 1.2           # the slide switch pocket's end walls


def _sized(name, x, y, z, dims=None):
    w, d, h = dims or PARTS[name][0]
    return (x, y, z, x + w, y + d, z + h)


def hole_xy(col, row):
    """A perfboard hole's centre, mm from the board's lower-left corner."""
    return (PITCH / 2 + PITCH * col, PITCH / 2 + PITCH * row)


def switch_legs(name):
    """[(col, row)] of a button's four legs on the perfboard."""
    c, r = SWITCH_HOLE[name]
    dc, dr = SWITCH_LEGS
    return [(c, r), (c + dc, r), (c, r + dr), (c + dc, r + dr)]


def switch_at(name):
    """A button's centre on the perfboard (mm from its lower-left corner):
    the middle of its legs' holes."""
    legs = [hole_xy(c, r) for c, r in switch_legs(name)]
    return (sum(x for x, _ in legs) / 4, sum(y for _, y in legs) / 4)


class Board:
    """The ESP32 board's profile (pins.json) placed in the case: component
    side up, its USB-C end towards the left wall, its EN/GPIO36 edge (where
    the battery socket opens) towards the top of the case."""

    def __init__(self, prof, x_end, y_low, z_under):
        self.prof = prof
        self.across, self.along = prof["outline_mm"]
        self.x0, self.y0, self.z0 = x_end, y_low, z_under
        self.top = z_under + prof["pcb_mm"]

    def xy(self, across, along):
        return (self.x0 + along, self.y0 + self.across - across)

    def box(self, across, along, z0, z1):
        """A case box over across and along ranges (board mm)."""
        (xa, ya), (xb, yb) = self.xy(across[0], along[0]), self.xy(across[1], along[1])
        return (min(xa, xb), min(ya, yb), z0, max(xa, xb), max(ya, yb), z1)

    def holes(self):
        return [self.xy(a, b) for a, b in self.prof["holes"]["at_mm"]]


def layout(pins):
    """Every size and position of the case (see the module doc)."""
    prof = pins["esp32"]["profile"]
    pw, pd, ph = PARTS["panel"][0]
    inner_w = pw + 2 * CLEAR
    inner_d = BUTTON_AREA + pd + 2 * CLEAR + TOP_STRIP
    x0, y0 = WALL, WALL
    panel_y0 = y0 + BUTTON_AREA + CLEAR
    # the button board: centred in the button area, just under the lid (its
    # height comes later, with the lid's)
    pbw, pbd, pbt = PARTS["perfboard"][0]
    px0, py0 = x0 + inner_w / 2 - pbw / 2, y0 + BUTTON_AREA / 2 - pbd / 2
    # the ESP32 board above it, on three posts as tall as fits under the
    # panel (which sits no higher than its own plug needs): its USB-C
    # receptacle's face a clearance from the left wall, its battery socket
    # opening upwards
    usb = prof["usb_c"]
    sock = prof["battery_socket"]
    tallest = max(usb["height_mm"], sock["height_mm"], prof["module"]["height_mm"])
    standoff = max(STANDOFF_MIN, PARTS["panel_plug"][0][2] - prof["pcb_mm"] - tallest)
    board = Board(prof, x0 + CLEAR - usb["along_mm"][0], py0 + pbd + CLEAR, FLOOR + standoff)
    top = board.top
    parts = [("board", board.box((0, board.across), (0, board.along), board.z0, top))]
    uw = usb["width_mm"] / 2
    parts.append(("board_usb", board.box((usb["across_mm"] - uw, usb["across_mm"] + uw), usb["along_mm"],
                                         top, top + usb["height_mm"])))
    mod = prof["module"]
    parts.append(("board_module", board.box(mod["across_mm"], mod["along_mm"], top, top + mod["height_mm"])))
    socket = board.box(sock["across_mm"], sock["along_mm"], top, top + sock["height_mm"])
    parts.append(("board_socket", socket))
    # its screws' heads, and the wires from its pins laid over its parts
    # (not over the socket)
    r = SCREW_HEAD / 2
    for i, (x, y) in enumerate(board.holes()):
        parts.append(("board_screw_%d" % (i + 1), (x - r, y - r, top, x + r, y + r, top + SCREW_HEAD_H)))
    over = top + max(usb["height_mm"], mod["height_mm"])
    bx1 = board.x0 + board.along
    parts.append(("board_wires", (socket[3] + CLEAR, board.y0, over, bx1, board.y0 + board.across,
                                  over + PARTS["board_wires"][0][2])))
    # the cell's plug goes into the socket from its mouth, towards the top
    # edge: its mating path (the plug and its leads' bend) is a part
    mouth = board.xy(sock["mouth_across_mm"], 0)[1]
    plug = (socket[0], mouth, top, socket[3], mouth + PARTS["battery_plug"][0][1], socket[5])
    parts.append(("battery_plug", plug))
    # the cell beside that path, its leads' end towards it; the slide switch
    # in a pocket at the top wall, its lever through the wall; the leads run
    # up the left side between them
    bat = _sized("battery", plug[3] + CLEAR, board.y0 + board.across + CLEAR, FLOOR)
    parts.append(("battery", bat))
    sw_l, sw_w, sw_h = PARTS["slide"][0]
    left_inner = x0 + LEDGE + CLEAR
    sx0 = x0 + BOSS_D - 1.0 + CLEAR + POCKET          # right of the top-left boss and the pocket's wall
    slide = (sx0, y0 + inner_d - sw_h, FLOOR, sx0 + sw_l, y0 + inner_d, FLOOR + sw_w)
    parts.append(("slide", slide))
    swl, swd, swh = PARTS["slide_wires"][0]
    slide_wires = (slide[0], slide[1] - swd, FLOOR, slide[0] + swl, slide[1], FLOOR + swh)
    parts.append(("slide_wires", slide_wires))
    parts.append(("cell_leads", (left_inner, plug[4] + CLEAR, FLOOR, bat[0] - CLEAR, slide_wires[1] - CLEAR,
                                 FLOOR + PARTS["cell_leads"][0][2])))
    # the panel on the ledges, over all of it and over its own plug
    pgw, pgd, pgh = PARTS["panel_plug"][0]
    lower = max(b[5] for _, b in parts)
    panel_z0 = max(lower, FLOOR + pgh) + CLEAR
    # the module: its board (with the parts on its back) and the glass on it
    gw, gd, gt = PARTS["glass"][0]
    panel = (x0 + CLEAR, panel_y0, panel_z0, x0 + CLEAR + pw, panel_y0 + pd, panel_z0 + ph - gt)
    glass = (panel[0] + GLASS_AT, panel[1] + (pd - gd) / 2, panel[5],
             panel[0] + GLASS_AT + gw, panel[1] + (pd + gd) / 2, panel[5] + gt)
    strip = (glass[3], panel[3])            # the connector strip, across
    pcy = (panel[1] + panel[4]) / 2
    panel_plug = ((strip[0] + strip[1]) / 2 - pgw / 2, pcy - pgd / 2, panel_z0 - pgh,
                  (strip[0] + strip[1]) / 2 + pgw / 2, pcy + pgd / 2, panel_z0)
    parts += [("panel", panel), ("glass", glass), ("panel_plug", panel_plug)]
    h = glass[5] + CLEAR + LID
    aw, ad, _ = PARTS["active"][0]
    ax = (glass[0] + glass[3]) / 2
    window = (ax - aw / 2 - 0.6, glass[1] + ACTIVE_END_MIN, ax + aw / 2 + 0.6, glass[4] - ACTIVE_END_MIN)
    # the lid's ribs press the panel onto its ledges: one on the glass's
    # border left of the window, one on the module's board right of the glass
    rib_y = (window[1], window[3])
    ribs = [(glass[0] + 0.3, rib_y[0], glass[5], glass[0] + 0.3 + RIB, rib_y[1], h - LID),
            (strip[0] + 2.0, rib_y[0], panel[5], strip[0] + 2.0 + RIB, rib_y[1], h - LID)]
    # the button board: just under the lid, the switches' plungers through it
    sw, sd, shh = PARTS["switch"][0]
    pb_top = h + PLUNGER_OUT - shh
    perf = (px0, py0, pb_top - pbt, px0 + pbw, py0 + pbd, pb_top)
    pww, pwd, pwh = PARTS["perf_wires"][0]
    perf_wires = (px0 + (pbw - pww) / 2, py0 + (pbd - pwd) / 2, perf[2] - pwh,
                  px0 + (pbw + pww) / 2, py0 + (pbd + pwd) / 2, perf[2])
    holes = {}
    for n in BUTTON_NAMES:
        x, y = switch_at(n)
        holes[n] = (px0 + x, py0 + y)
    (dc0, dr0), (dc1, dr1) = DIVIDER_HOLES
    (dx0, dy0), (dx1, dy1) = hole_xy(dc0, dr0), hole_xy(dc1, dr1)
    divider = (px0 + dx0 - PITCH / 2, py0 + dy0 - PITCH / 2, pb_top,
               px0 + dx1 + PITCH / 2, py0 + dy1 + PITCH / 2, pb_top + PARTS["divider"][0][2])
    switches = {n: (x - sw / 2, y - sd / 2, pb_top, x + sw / 2, y + sd / 2, pb_top + shh)
                for n, (x, y) in holes.items()}
    parts += [("perfboard", perf), ("perf_wires", perf_wires), ("divider", divider)]
    r = BOSS_D / 2 - 1.0      # bosses sink 1 mm into the walls (no tangent faces)
    bosses = [(x0 + r, y0 + r), (x0 + inner_w - r, y0 + r),
              (x0 + r, y0 + inner_d - r), (x0 + inner_w - r, y0 + inner_d - r)]
    # the USB-C opening: centred on the receptacle, a cable's overmould
    # and a clearance all round, through the wall to the receptacle's face
    uy = board.xy(usb["across_mm"], 0)[1]
    uz = top + usb["height_mm"] / 2
    ow, oh, _ = PARTS["usb_plug"][0]
    usb_cut = (-0.01, uy - ow / 2 - CLEAR, uz - oh / 2 - CLEAR, x0 + 0.01, uy + ow / 2 + CLEAR, uz + oh / 2 + CLEAR)
    # the slide switch's lever through the top wall, over its whole travel
    lw, lt, ll = PARTS["slide_lever"][0]
    sx, sz = (slide[0] + slide[3]) / 2, (slide[2] + slide[5]) / 2
    lever = (sx - lw / 2 - SLIDE_TRAVEL / 2, slide[4], sz - lt / 2, sx + lw / 2 + SLIDE_TRAVEL / 2,
             slide[4] + ll, sz + lt / 2)
    slide_cut = (lever[0] - CLEAR, y0 + inner_d - 0.01, lever[2] - CLEAR,
                 lever[3] + CLEAR, y0 + inner_d + WALL + 0.01, lever[5] + CLEAR)
    # the panel rests on ledges along both side walls, each stopping short
    # of any part beside the wall below the panel
    ledges = []
    for lx0, lx1 in ((x0, x0 + LEDGE), (x0 + inner_w - LEDGE, x0 + inner_w)):
        spans = [(panel[1], panel[4])]
        for _, b in parts:
            if b[2] < panel_z0 and b[0] < lx1 + CLEAR and b[3] > lx0 - CLEAR:
                spans = [piece for s in spans for piece in _cut(s, (b[1] - CLEAR, b[4] + CLEAR))]
        ledges += [(lx0, a, FLOOR, lx1, b, panel_z0) for a, b in spans if b - a >= 10.0]
    parts = dict(parts + [("switch_" + n, b) for n, b in switches.items()])
    return {
        "w": inner_w + 2 * WALL, "d": inner_d + 2 * WALL, "h": h,
        "cavity": (x0, y0, FLOOR, x0 + inner_w, y0 + inner_d, h - LID),
        "parts": parts,
        "against_wall": ("slide",),         # its lever's side on the wall, on purpose
        "board": board,
        "glass": glass,
        "window": window,
        "ribs": ribs,
        "ledges": ledges,
        "holes": holes,
        "bosses": bosses,
        "board_posts": board.holes(),
        "perf_posts": [(px0 + hole_xy(c, r)[0], py0 + hole_xy(c, r)[1]) for c, r in PERF_POST_HOLES],
        "slide_pocket": [(slide[0] - POCKET, slide[1], FLOOR, slide[0], slide[4], slide[5]),
                         (slide[3], slide[1], FLOOR, slide[3] + POCKET, slide[4], slide[5])],
        # the USB cable's overmould from outside to the receptacle's face
        "usb_path": (-10.0, uy - ow / 2, uz - oh / 2, parts["board_usb"][0], uy + ow / 2, uz + oh / 2),
        "usb_centre": (uy, uz),
        "slide_lever": lever,
        # cut-outs through a wall: (x0, y0, z0, x1, y1, z1)
        "usb": usb_cut,
        "slide_cut": slide_cut,
    }


def _cut(span, gap):
    """span (a, b) less gap (c, d): the pieces left."""
    a, b = span
    c, d = gap
    if d <= a or c >= b:
        return [span]
    return [s for s in ((a, c), (d, b)) if s[1] > s[0]]


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
        shell = shell + _cyl(x, y, FLOOR - 0.01, perf[2], PERF_POST_D) - _cyl(x, y, FLOOR - 0.8, perf[2] + 1, PILOT)
    under = lay["board"].z0
    for x, y in lay["board_posts"]:
        shell = shell + _cyl(x, y, FLOOR - 0.01, under, POST_D) - _cyl(x, y, FLOOR - 1.2, under + 1, PILOT)
    for b in lay["ledges"] + lay["slide_pocket"]:
        shell = shell + _box(b[:2] + (FLOOR - 0.01,) + b[3:])
    shell = shell - _box(lay["usb"]) - _box(lay["slide_cut"])
    lid = _box((0, 0, h - LID, w, d, h)) - _box(lay["window"][:2] + (h - LID - 1,) + lay["window"][2:] + (h + 1,))
    for b in lay["ribs"]:
        lid = lid + _box(b[:5] + (h - LID + 0.01,))
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


def export(lay):
    """Write enclosure.step, enclosure.stl and the pictures; returns their paths."""
    from host_tools.hardware import render
    solids = build(lay)
    meshes = mesh(solids)
    with open(STEP, "w") as f:
        f.write(_step_text(solids))
    with open(STL, "wb") as f:
        f.write(stl_bytes(meshes, lay))
    written = [STEP, STL]
    for path, data in render.pictures(meshes, lay).items():
        with open(path, "wb") as f:
            f.write(data)
        written.append(path)
    return written
