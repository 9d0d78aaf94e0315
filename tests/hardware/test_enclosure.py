"""The generated enclosure: up to date with the pin map, watertight, built
around the real board (uPesy's drawing, in pins.json), every part in its
place with clearance, every connector reachable along its mating path,
every part held, the buttons on the perfboard's grid under the lid's
holes, the panel's display area in the window."""
import itertools

import numpy as np
import pytest

pytest.importorskip("build123d")
trimesh = pytest.importorskip("trimesh")

from hal.buttons import NAMES
from host_tools.hardware import enclosure as enc
from host_tools.hardware import generate, render
from host_tools.hardware import pins as pinmap


@pytest.fixture(scope="module")
def pins():
    return pinmap.load()


@pytest.fixture(scope="module")
def lay(pins):
    return enc.layout(pins)


@pytest.fixture(scope="module")
def model(lay):
    solids = enc.build(lay)
    return solids, enc.mesh(solids)


def _grid(b, step=1.0, e=0.05):
    """Points through a box, at most `step` apart, `e` inside its faces."""
    x0, y0, z0, x1, y1, z1 = b

    def axis(a, c):
        return np.linspace(a + e, max(a + e, c - e), int(np.ceil((c - a) / step)) + 1)
    return [(x, y, z) for x in axis(x0, x1) for y in axis(y0, y1) for z in axis(z0, z1)]


def _in_plastic(model, box, step=1.0):
    _, (shell, lid) = model
    pts = _grid(box, step)
    return int(shell.contains(pts).sum() + lid.contains(pts).sum())


def _overlap(a, b, gap=0.0):
    return all(a[i] < b[i + 3] + gap and b[i] < a[i + 3] + gap for i in range(3))


def test_step_stl_and_pictures_are_up_to_date(lay, model):
    solids, meshes = model
    with open(enc.STEP) as f:
        step = f.read()
    assert step == enc._step_text(solids), "run: python -m host_tools hardware"
    assert step.count("MANIFOLD_SOLID_BREP") == 2          # shell and lid
    with open(enc.STL, "rb") as f:
        assert f.read() == enc.stl_bytes(meshes, lay), "run: python -m host_tools hardware"
    # the picture and every step's drawing are rendered from this model
    pictures = render.pictures(meshes, lay)
    assert set(pictures) == {render.PNG} | set(render.STEP_PNG.values())
    for path, png in pictures.items():
        assert not render.differs(path, png), "%s: run python -m host_tools hardware" % path


def test_check_covers_the_pictures(lay, monkeypatch, tmp_path):
    # `hardware --check` reports a stale drawing (the CAD is faked here: the
    # real comparison is the test above)
    monkeypatch.setattr(generate, "outputs", lambda pins=None: {})      # the text files: test_pin_map
    monkeypatch.setattr(enc, "build", lambda lay: ("s", "l"))
    monkeypatch.setattr(enc, "mesh", lambda solids: ("s", "l"))
    monkeypatch.setattr(enc, "_step_text", lambda solids: open(enc.STEP).read())
    monkeypatch.setattr(enc, "stl_bytes", lambda meshes, lay: open(enc.STL, "rb").read())
    with open(render.STEP_PNG["5b"], "rb") as f:
        good = f.read()
    from PIL import Image
    import io
    img = Image.open(io.BytesIO(good)).convert("RGB")
    img.paste((255, 0, 0), (0, 0, img.width // 2, img.height // 2))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    fake = {p: open(p, "rb").read() for p in [render.PNG] + list(render.STEP_PNG.values())}
    fake[render.STEP_PNG["5b"]] = buf.getvalue()
    monkeypatch.setattr(render, "pictures", lambda meshes, lay: fake)
    assert generate.stale(cad=True) == [render.STEP_PNG["5b"]]
    fake[render.STEP_PNG["5b"]] = good
    assert generate.stale(cad=True) == []


def test_both_parts_are_watertight_solids(model):
    _, meshes = model
    for m in meshes:
        assert m.is_watertight and m.is_winding_consistent and m.is_volume
        assert m.volume > 1000
    printed = trimesh.load(enc.STL, file_type="stl", force="mesh")
    assert printed.is_watertight
    assert abs(printed.volume - sum(m.volume for m in meshes)) < 1.0


def test_the_board_is_uPesys_published_outline(pins, lay):
    # 57.65 x 27.5 mm, three holes, the USB-C 3.56 mm off the centreline
    # (uPesy/kicad_lib_upesy: the drawing and the 3D model); not the
    # 52 x 28.5 mm DevKitC guess
    prof = pins["esp32"]["profile"]
    assert prof["outline_mm"] == [27.5, 57.65] and len(prof["holes"]["at_mm"]) == 3
    assert abs(prof["usb_c"]["across_mm"] - prof["outline_mm"][0] / 2 - 3.56) < 0.01
    for cited in ("uPesy/kicad_lib_upesy", "upesy_esp32_low_power_devkit_dimension.pdf",
                  "uPesy_ESP32_Wroom_Low_Power_DevKit.kicad_mod", "upesy_esp32_low_power.wrl"):
        assert cited in prof["source"], cited
    b = lay["parts"]["board"]
    assert (round(b[3] - b[0], 6), round(b[4] - b[1], 6), round(b[5] - b[2], 6)) == (57.65, 27.5, prof["pcb_mm"])


def test_every_part_fits_with_clearance(lay, model):
    cav = lay["cavity"]
    parts = lay["parts"]
    for name, b in parts.items():
        if name.startswith("switch_"):
            continue                                 # pokes through the lid on purpose
        m = 0.0 if name in lay["against_wall"] else enc.CLEAR - 1e-9
        assert (cav[0] + m <= b[0] and b[3] <= cav[3] - m and cav[1] + m <= b[1] and b[4] <= cav[4] - m
                and cav[2] <= b[2] and b[5] <= cav[5] + 1e-9), name
    for (na, a), (nb, b) in itertools.combinations(parts.items(), 2):
        if {na, nb} & {"perfboard"} and (na.startswith("switch_") or nb.startswith("switch_")):
            continue                                 # switches sit on the perfboard
        assert not _overlap(a, b), (na, nb)
    # and against the printed geometry: no point of any part is inside plastic
    # (a 2 mm grid: a post of 4 mm or a boss cannot slip between its points)
    for name, b in parts.items():
        if name.startswith("switch_"):
            b = b[:5] + (lay["h"] - enc.LID - 0.01,)   # below the lid; the plunger has its hole
        assert _in_plastic(model, b, 2.0) == 0, name


def test_the_battery_plug_goes_in_clear_of_the_cell(pins, lay, model):
    # the cell's plug enters the board's side-entry socket from its mouth,
    # across the board's EN/GPIO36 edge: the plug and its leads' bend, out
    # of the mouth, is a box no other part and no plastic may touch
    sock = pins["esp32"]["profile"]["battery_socket"]
    board = lay["board"]
    mouth = sock["mouth_across_mm"]
    path = board.box((mouth - enc.PARTS["battery_plug"][0][1], mouth), sock["along_mm"],
                     board.top, board.top + sock["height_mm"])
    assert path == lay["parts"]["battery_plug"]
    for name, b in lay["parts"].items():
        if name not in ("battery_plug", "board", "board_socket"):
            assert not _overlap(path, b, enc.CLEAR - 1e-9), name
    assert _in_plastic(model, path, 0.5) == 0
    # the cell is beside that path, not in it: its measured gap
    bat = lay["parts"]["battery"]
    assert bat[0] - path[3] >= enc.CLEAR - 1e-9


def test_a_usb_c_cable_reaches_the_receptacle(pins, lay, model):
    # a cable's overmould (12.5 x 6.5 mm) centred on the real receptacle
    # (3.56 mm off the board's centreline), from outside up to its face
    usb = pins["esp32"]["profile"]["usb_c"]
    board = lay["board"]
    ow, oh, _ = enc.PARTS["usb_plug"][0]
    assert (ow, oh) == (12.5, 6.5)
    y = board.xy(usb["across_mm"], 0)[1]
    z = board.top + usb["height_mm"] / 2
    face = board.x0 + usb["along_mm"][0]
    overmould = (-15.0, y - ow / 2, z - oh / 2, face, y + ow / 2, z + oh / 2)
    assert _in_plastic(model, overmould, 0.5) == 0
    # the receptacle itself is where the drawing puts it on the board, its
    # face within a clearance of the wall: the plug's metal (6.6 mm) reaches
    r = lay["parts"]["board_usb"]
    assert abs((r[1] + r[4]) / 2 - y) < 1e-9 and abs(r[0] - face) < 1e-9
    assert face - enc.WALL <= enc.CLEAR + 1e-9 and face < 6.6
    # and the opening is centred on it, not on the board
    u = lay["usb"]
    assert abs((u[1] + u[4]) / 2 - y) < 1e-9 and abs((u[2] + u[5]) / 2 - z) < 1e-9


def test_the_board_is_held_on_its_holes(pins, lay, model):
    # a post under each of the board's holes, its top at the board's
    # underside, a screw's pilot in it: the board cannot move in x, y or z
    _, (shell, lid) = model
    board = lay["board"]
    prof = pins["esp32"]["profile"]
    assert len(lay["board_posts"]) == len(prof["holes"]["at_mm"])
    for (a, b), (x, y) in zip(prof["holes"]["at_mm"], lay["board_posts"]):
        assert np.allclose(board.xy(a, b), (x, y))
        z = board.z0
        ring = [(x + 1.6 * np.cos(t), y + 1.6 * np.sin(t), z - 0.2) for t in np.linspace(0, 6.2, 10)]
        assert shell.contains(ring).all()                       # the post, up to the board
        assert not shell.contains([(x, y, z - 0.2)]).any()      # its pilot hole
        assert not shell.contains([(x + 1.6, y, z + 0.1)]).any()  # nothing above its top
        assert enc.PILOT < prof["holes"]["d_mm"] < enc.POST_D
    # the screws' heads clear the board's parts (they are parts themselves)
    heads = [n for n in lay["parts"] if n.startswith("board_screw_")]
    assert len(heads) == len(prof["holes"]["at_mm"])


def test_the_window_shows_the_whole_display_area(lay):
    # 84.8 x 63.6 mm, placed from the glass (90.1 x 77.0 mm), not from the
    # 93.5 mm of Waveshare's Pico driver board: centred across the glass,
    # anywhere along it that leaves ACTIVE_END_MIN of glass at both ends
    gw, gd, _ = enc.PARTS["glass"][0]
    aw, ad, _ = enc.PARTS["active"][0]
    assert (gw, gd, aw, ad) == (90.1, 77.0, 84.8, 63.6)
    g = lay["glass"]
    w = lay["window"]
    assert round(g[3] - g[0], 6) == gw and round(g[4] - g[1], 6) == gd
    ax0 = g[0] + (gw - aw) / 2
    assert w[0] <= ax0 and ax0 + aw <= w[2]
    for top in np.linspace(enc.ACTIVE_END_MIN, gd - ad - enc.ACTIVE_END_MIN, 9):
        assert w[1] <= g[1] + top + 1e-9 and g[1] + top + ad <= w[3] + 1e-9
    # and the lid still covers the glass's edges
    assert g[0] < w[0] and w[2] < g[3] and g[1] < w[1] and w[3] < g[4]


def test_the_panel_rests_on_ledges_and_the_lid_clamps_it(lay, model):
    _, (shell, lid) = model
    p = lay["parts"]["panel"]
    g = lay["glass"]
    # ledges along both long edges, up to the panel's underside
    below = [(x, y, p[2] - 0.3) for x0, y0, _, x1, y1, top in lay["ledges"]
             for x in (max(x0, p[0]) + 0.5, min(x1, p[3]) - 0.5) if p[0] < x < p[3]
             for y in np.linspace(y0 + 1, y1 - 1, 5)]
    assert len(below) >= 20 and shell.contains(below).all()
    assert {round(top, 9) for *_, top in lay["ledges"]} == {round(p[2], 9)}
    assert any(l[3] <= p[0] + enc.LEDGE for l in lay["ledges"]) and any(l[0] >= p[3] - enc.LEDGE for l in lay["ledges"])
    # the lid's ribs come down onto the glass's border and the module's
    # board: the panel is held between them and the ledges, no play
    w = lay["window"]
    for r in lay["ribs"]:
        on = g[5] if g[0] <= r[0] and r[3] <= g[3] else p[5]
        assert abs(r[2] - on) < 1e-9                     # touches what it presses on
        assert r[3] <= w[0] or w[2] <= r[0]              # outside the window
        assert p[0] <= r[0] and r[3] <= p[3]             # over the module
        x, y = (r[0] + r[3]) / 2, (r[1] + r[4]) / 2
        assert lid.contains([(x, y, r[2] + 0.05)]).all() and not lid.contains([(x, y, r[2] - 0.05)]).any()
    assert {r[0] < g[3] for r in lay["ribs"]} == {True, False}  # one each side of the glass
    # and the lid's underside is within a clearance above the glass
    assert 0 < lay["h"] - enc.LID - g[5] <= enc.CLEAR + 1e-9


def test_buttons_are_on_the_perfboard_grid(lay):
    # every leg of every switch in a hole of the 2.54 mm grid; the lid's
    # holes are over the middle of each switch's four legs
    pb = lay["parts"]["perfboard"]
    cols, rows = enc.PERF_HOLES
    assert abs(pb[3] - pb[0] - cols * enc.PITCH) < 1e-9 and abs(pb[4] - pb[1] - rows * enc.PITCH) < 1e-9
    used = {}
    for n in NAMES:
        x, y = lay["holes"][n]
        legs = [(x + sx * 1.5 * enc.PITCH, y + sy * enc.PITCH) for sx in (-1, 1) for sy in (-1, 1)]
        for lx, ly in legs:
            c, r = (lx - pb[0] - enc.PITCH / 2) / enc.PITCH, (ly - pb[1] - enc.PITCH / 2) / enc.PITCH
            assert abs(c - round(c)) < 1e-6 and abs(r - round(r)) < 1e-6, (n, c, r)
            hole = (round(c), round(r))
            assert 0 <= hole[0] < cols and 0 <= hole[1] < rows, n
            assert hole not in used and hole not in enc.PERF_POST_HOLES, (n, hole, used.get(hole))
            used[hole] = n
        assert sorted(used_by(used, n)) == sorted(enc.switch_legs(n))
    # the buses run along the first and the last row: no leg there
    assert not {r for _, r in used} & {0, rows - 1}


def used_by(used, name):
    return [h for h, n in used.items() if n == name]


def test_holes_do_not_overlap_and_sit_on_the_button_board(lay):
    pts = list(lay["holes"].values())
    for (x0, y0), (x1, y1) in itertools.combinations(pts, 2):
        assert np.hypot(x1 - x0, y1 - y0) >= 6.0 + enc.CLEAR        # 6 x 6 mm switches
    pb = lay["parts"]["perfboard"]
    for n in NAMES:
        sw = lay["parts"]["switch_" + n]
        assert pb[0] <= sw[0] and sw[3] <= pb[3] and pb[1] <= sw[1] and sw[4] <= pb[4]
        assert sw[2] == pb[5]                                          # soldered on top


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
        sw = lay["parts"]["switch_" + name]
        assert abs((sw[0] + sw[3]) / 2 - x) < 1e-9 and abs((sw[1] + sw[4]) / 2 - y) < 1e-9
        assert sw[5] > lay["h"]                                        # the plunger stands out
    wx0, wy0, wx1, wy1 = lay["window"]
    assert not lid.contains([((wx0 + wx1) / 2, (wy0 + wy1) / 2, z)]).any()


def test_the_slide_switch_lever_reaches_out_of_its_slot(lay, model):
    _, (shell, lid) = model
    lever = lay["slide_lever"]
    outer = lay["d"]
    assert lever[4] - outer >= 1.0                  # a finger gets it at both ends of its travel
    assert _in_plastic(model, lever, 0.4) == 0      # the slot is clear over the whole travel
    s = lay["parts"]["slide"]
    assert s[4] == lay["cavity"][4]                 # its lever side on the wall
    # its pocket's end walls hold it as the lever is slid
    for wall in lay["slide_pocket"]:
        assert shell.contains([((wall[0] + wall[3]) / 2, (wall[1] + wall[4]) / 2, (wall[2] + wall[5]) / 2)]).all()
    assert {round(w[3], 9) for w in lay["slide_pocket"]} & {round(s[0], 9)}
    assert {round(w[0], 9) for w in lay["slide_pocket"]} & {round(s[3], 9)}


def test_every_part_has_its_size_and_a_source(lay):
    for name, ((w, d, h), source) in enc.PARTS.items():
        assert w >= 0 and d >= 0 and h >= 0 and len(source) > 20, name
    assert enc.PARTS["panel"][0][:2] == (103.0, 78.5)
    parts = lay["parts"]
    for name in ("battery", "panel_plug", "perfboard", "perf_wires"):
        b = parts[name]
        size = sorted((round(b[3] - b[0], 6), round(b[4] - b[1], 6)))
        assert size == sorted(enc.PARTS[name][0][:2]), name
        assert abs(b[5] - b[2] - enc.PARTS[name][0][2]) < 1e-9, name
    p = parts["panel"]
    assert abs(p[5] - p[2] + enc.PARTS["glass"][0][2] - enc.PARTS["panel"][0][2]) < 1e-9
    # the wire bends sit on what they leave
    assert parts["perf_wires"][5] == parts["perfboard"][2]
    assert parts["panel_plug"][5] == parts["panel"][2]
    # the battery divider's parts sit on the button board, between its switches
    dv, pb = parts["divider"], parts["perfboard"]
    assert dv[2] == pb[5] and pb[0] <= dv[0] and dv[3] <= pb[3] and pb[1] <= dv[1] and dv[4] <= pb[4]


def test_holes_follow_the_button_board_not_the_case_width(monkeypatch, pins):
    before = enc.layout(pins)
    wider = dict(enc.PARTS, panel=((120.0,) + enc.PARTS["panel"][0][1:], "test"))
    monkeypatch.setattr(enc, "PARTS", wider)
    after = enc.layout(pins)
    assert after["w"] > before["w"]
    for lay in (before, after):
        pb = lay["parts"]["perfboard"]
        for n, (x, y) in lay["holes"].items():
            assert np.allclose((x - pb[0], y - pb[1]), enc.switch_at(n))


def test_the_button_board_screws_clear_the_switches(lay):
    r = enc.SCREW_HEAD / 2
    for x, y in lay["perf_posts"]:
        for n in NAMES:
            s = lay["parts"]["switch_" + n]
            assert x + r <= s[0] or s[3] <= x - r or y + r <= s[1] or s[4] <= y - r, n
        w = lay["parts"]["perf_wires"]
        assert x + r <= w[0] or w[3] <= x - r


def test_the_case_is_pocketable(lay):
    # a large phone's footprint, under 2 cm thick
    assert lay["w"] <= 110 and lay["d"] <= 130 and lay["h"] <= 20
