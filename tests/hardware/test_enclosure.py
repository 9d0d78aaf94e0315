"""The generated enclosure: up to date with the pin map, watertight, the
button holes where the layout puts the buttons, every part in its place
with clearance, the panel's active area under the window."""
import itertools

import numpy as np
import pytest

pytest.importorskip("build123d")
trimesh = pytest.importorskip("trimesh")

from hal.buttons import NAMES
from host_tools.hardware import enclosure as enc
from host_tools.hardware import pins as pinmap


@pytest.fixture(scope="module")
def lay():
    return enc.layout(pinmap.load())


@pytest.fixture(scope="module")
def model(lay):
    solids = enc.build(lay)
    return solids, enc.mesh(solids)


def test_step_and_stl_are_up_to_date(lay, model):
    solids, meshes = model
    with open(enc.STEP) as f:
        step = f.read()
    assert step == enc._step_text(solids), "run: python -m host_tools hardware"
    assert step.count("MANIFOLD_SOLID_BREP") == 2          # shell and lid
    with open(enc.STL, "rb") as f:
        assert f.read() == enc.stl_bytes(meshes, lay), "run: python -m host_tools hardware"
    with open(enc.PNG, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def test_both_parts_are_watertight_solids(model):
    _, meshes = model
    for m in meshes:
        assert m.is_watertight and m.is_winding_consistent and m.is_volume
        assert m.volume > 1000
    printed = trimesh.load(enc.STL, file_type="stl", force="mesh")
    assert printed.is_watertight
    assert abs(printed.volume - sum(m.volume for m in meshes)) < 1.0


def test_button_holes_are_at_the_layout_positions(lay, model):
    _, (shell, lid) = model
    assert sorted(lay["holes"]) == sorted(NAMES)
    z = lay["h"] - enc.LID / 2                      # mid-thickness of the lid
    r = enc.BUTTON_HOLE / 2
    for name, (x, y) in lay["holes"].items():
        ring = [(x + (r + 1.0) * np.cos(a), y + (r + 1.0) * np.sin(a), z) for a in np.linspace(0, 6.2, 12)]
        inner = [(x + (r - 0.3) * np.cos(a), y + (r - 0.3) * np.sin(a), z) for a in np.linspace(0, 6.2, 12)]
        assert not lid.contains([(x, y, z)] + inner).any(), name      # open above the plunger
        assert lid.contains(ring).all(), name                          # lid all round it
        # the switch under it: its plunger reaches through and stands out
        sw = lay["parts"]["switch_" + name]
        assert abs((sw[0] + sw[3]) / 2 - x) < 1e-9 and abs((sw[1] + sw[4]) / 2 - y) < 1e-9
        assert sw[5] > lay["h"]
    # nothing else is open in the lid but the window and the screw holes
    wx0, wy0, wx1, wy1 = lay["window"]
    assert not lid.contains([((wx0 + wx1) / 2, (wy0 + wy1) / 2, z)]).any()


def test_holes_do_not_overlap_and_sit_on_the_button_board(lay):
    pts = list(lay["holes"].values())
    for (x0, y0), (x1, y1) in itertools.combinations(pts, 2):
        assert np.hypot(x1 - x0, y1 - y0) >= 6.0 + enc.CLEAR        # 6 x 6 mm switches
    pb = lay["parts"]["perfboard"]
    for n in NAMES:
        sw = lay["parts"]["switch_" + n]
        assert pb[0] <= sw[0] and sw[3] <= pb[3] and pb[1] <= sw[1] and sw[4] <= pb[4]
        assert sw[2] == pb[5]                                          # soldered on top


def _inside(b, box, margin):
    return (box[0] + margin <= b[0] and b[3] <= box[3] - margin and
            box[1] + margin <= b[1] and b[4] <= box[4] - margin and
            box[2] <= b[2] and b[5] <= box[5] + 1e-9)


def _overlap(a, b, gap):
    return all(a[i] < b[i + 3] + gap and b[i] < a[i + 3] + gap for i in range(3))


def test_every_part_fits_with_clearance(lay, model):
    _, (shell, lid) = model
    cav = lay["cavity"]
    parts = lay["parts"]
    for name, b in parts.items():
        if name.startswith("switch_"):
            continue                                 # pokes through the lid on purpose
        assert _inside(b, cav, enc.CLEAR - 1e-9), name
    for (na, a), (nb, b) in itertools.combinations(parts.items(), 2):
        if {na, nb} & {"perfboard"} and (na.startswith("switch_") or nb.startswith("switch_")):
            continue                                 # switches sit on the perfboard
        assert not _overlap(a, b, 0.0), (na, nb)
    # and against the printed geometry: no point of any part is inside plastic
    # (a 2 mm grid: a post of 4 mm or a boss cannot slip between its points)
    for name, b in parts.items():
        x0, y0, z0, x1, y1, z1 = b
        if name.startswith("switch_"):
            z1 = lay["h"] - enc.LID - 0.01             # below the lid; the plunger has its hole
        e = 0.05

        def axis(a, b):
            return np.linspace(a + e, max(a + e, b - e), int(np.ceil((b - a) / 2.0)) + 1)
        grid = [(x, y, z) for x in axis(x0, x1) for y in axis(y0, y1) for z in axis(z0, z1)]
        assert not shell.contains(grid).any(), name
        assert not lid.contains(grid).any(), name
    # the panel's active area lies under the window
    p = parts["panel"]
    aw, ad, _ = enc.PARTS["active"][0]
    cx, cy = p[0] + enc.PARTS["glass"][0][0] / 2, (p[1] + p[4]) / 2
    w = lay["window"]
    assert w[0] <= cx - aw / 2 and cx + aw / 2 <= w[2] and w[1] <= cy - ad / 2 and cy + ad / 2 <= w[3]
    # the board's size comes from the pin map's board profile
    bw, bd, bh = pinmap.load()["esp32"]["profile"]["size_mm"]
    board = parts["board"]
    assert (board[3] - board[0], board[4] - board[1], board[5] - board[2]) == (bw, bd, bh)


def test_the_panel_rests_on_the_ledges(lay, model):
    _, (shell, lid) = model
    p = lay["parts"]["panel"]
    below = [(x, y, p[2] - 0.3) for x0, y0, _, x1, y1, _ in lay["ledges"]
             for x in (max(x0, p[0]) + 0.5, min(x1, p[3]) - 0.5) if p[0] < x < p[3]
             for y in np.linspace(y0 + 1, y1 - 1, 5)]
    assert len(below) >= 20 and shell.contains(below).all()
    # along both long edges, with one gap on the right for the panel's plug
    left = [l for l in lay["ledges"] if l[0] < p[0]]
    assert sum(l[4] - l[1] for l in left) == p[4] - p[1]
    right = sum(l[4] - l[1] for l in lay["ledges"] if l[3] > p[3])
    plug = lay["parts"]["panel_plug"]
    assert abs(right - (p[4] - p[1] - (plug[4] - plug[1]) - 2 * enc.CLEAR)) < 1e-9
    # and the lid keeps it down: its underside is within a clearance above
    assert 0 < lay["h"] - enc.LID - p[5] <= enc.CLEAR + 1e-9


def test_usb_and_switch_cutouts_open_to_the_outside(lay, model):
    _, (shell, lid) = model
    u = lay["usb"]
    mid = ((u[0] + u[3]) / 2, (u[1] + u[4]) / 2, (u[2] + u[5]) / 2)
    assert not shell.contains([mid, (0.1, mid[1], mid[2])]).any()
    b = lay["parts"]["board"]
    assert u[1] < (b[1] + b[4]) / 2 < u[4]                     # in line with the board's socket
    s = lay["slide_cut"]
    assert not shell.contains([((s[0] + s[3]) / 2, (s[1] + s[4]) / 2, (s[2] + s[5]) / 2)]).any()


def test_every_part_is_at_its_published_outline_with_a_source(lay):
    # the module is 103.0 x 78.5 mm (not the 93.5 of the Pico board), the
    # 603450 cell 6.0 mm thick; connector housings and wire bends are parts
    for name, ((w, d, h), source) in enc.PARTS.items():
        assert w >= 0 and d >= 0 and h >= 0 and len(source) > 20, name
    assert enc.PARTS["panel"][0][:2] == (103.0, 78.5)
    assert enc.PARTS["battery"][0] == (50.0, 34.0, 6.0)
    parts = lay["parts"]
    for name in ("panel", "battery", "battery_pcm", "battery_plug", "panel_plug", "perfboard", "slide_wires"):
        b = parts[name]
        size = sorted((round(b[3] - b[0], 6), round(b[4] - b[1], 6)))
        assert size == sorted(enc.PARTS[name][0][:2]), name
        assert abs(b[5] - b[2] - enc.PARTS[name][0][2]) < 1e-9, name
    for housing in ("panel_plug", "battery_plug", "board_wires", "perf_wires", "slide_wires"):
        assert housing in parts
    # the wire bends sit on what they leave
    assert parts["board_wires"][2] == parts["board"][5]
    assert parts["perf_wires"][5] == parts["perfboard"][2]
    assert parts["panel_plug"][5] == parts["panel"][2]
    # the battery divider's parts sit on the button board, between its switches
    dv, pb = parts["divider"], parts["perfboard"]
    assert dv[2] == pb[5] and pb[0] <= dv[0] and dv[3] <= pb[3] and pb[1] <= dv[1] and dv[4] <= pb[4]


def test_holes_follow_the_button_board_not_the_case_width(monkeypatch):
    pins = pinmap.load()
    before = enc.layout(pins)
    wider = dict(enc.PARTS, panel=((120.0,) + enc.PARTS["panel"][0][1:], "test"))
    monkeypatch.setattr(enc, "PARTS", wider)
    after = enc.layout(pins)
    assert after["w"] > before["w"]
    for lay in (before, after):
        pb = lay["parts"]["perfboard"]
        for n, (x, y) in lay["holes"].items():
            assert (round(x - pb[0], 9), round(y - pb[1], 9)) == enc.SWITCH_AT[n]


def test_the_button_board_screws_clear_the_switches(lay):
    r = enc.M2_HEAD / 2
    for x, y in lay["perf_posts"]:
        for n in NAMES:
            s = lay["parts"]["switch_" + n]
            assert x + r <= s[0] or s[3] <= x - r or y + r <= s[1] or s[4] <= y - r, n
        w = lay["parts"]["perf_wires"]
        assert x + r <= w[0] or w[3] <= x - r


def test_the_case_is_pocketable(lay):
    # a large phone's footprint, under 2 cm thick
    assert lay["w"] <= 110 and lay["d"] <= 130 and lay["h"] <= 20
