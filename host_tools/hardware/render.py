"""Pictures of the case rendered from the model: enclosure.png (closed,
and open with its parts) and one drawing per step of putting it together
(assembly.md, step 5), all from the tessellated solids and the layout's
part boxes, so they change when the case does.

pictures(meshes, lay) -> {path: PNG bytes}; differs(path, data) -> True
when the file on disk shows another picture (a few pixels may differ
between numpy builds: `--check` and the tests compare pixels, not bytes).
"""
import io
import os

from host_tools import ROOT

PNG = os.path.join(ROOT, "hardware", "enclosure.png")

# step 5 of the guide, in order: (name, what goes in, the parts it adds by
# name or name prefix); the last one closes the lid
STEPS = (
    ("5a", "the board on its three posts, three M2 x 4 mm screws",
     ("board", "board_usb", "board_module", "board_socket", "board_screw_", "board_wires")),
    ("5b", "the cell on its tape, its plug in the board's socket, the switch in its pocket",
     ("battery", "battery_plug", "cell_leads", "slide", "slide_wires")),
    ("5c", "the button board on its four posts, four M2 x 6 mm screws",
     ("perfboard", "perf_wires", "divider", "switch_")),
    ("5d", "the panel face up on its ledges, its cable plug in the gap of the right ledge",
     ("panel", "glass", "panel_plug")),
    ("5e", "the lid (seen from below): its two ribs press the panel onto the ledges",
     ("ribs",)),
)
STEP_PNG = {name: os.path.join(ROOT, "hardware", "step%s.png" % name) for name, _, _ in STEPS}

COLOURS = (("board_usb", "#c0c0c0"), ("board_module", "#8c9aa8"), ("board_socket", "#f2efe6"),
           ("board_screw_", "#606060"), ("board_wires", "#a9c6e8"), ("board", "#2f6fb0"),
           ("battery_plug", "#f2efe6"), ("battery", "#d9a520"), ("cell_leads", "#d04040"),
           ("slide_wires", "#d9a0a0"), ("slide", "#a04040"), ("perf_wires", "#a8d8b0"),
           ("perfboard", "#3c9a4a"), ("divider", "#d8b070"), ("switch_", "#303030"),
           ("panel_plug", "#f2efe6"), ("glass", "#ecebdf"), ("panel", "#3b3b3b"), ("ribs", "#e07020"))
SHELL = "#9aa7b8"
LID = "#c9d3e0"
DONE = "#d4d8dd"          # parts of earlier steps
SIZE = (480, 400)


def colour(name):
    for prefix, c in COLOURS:
        if name.startswith(prefix):
            return c
    return "#555555"


def _box_tris(b):
    x0, y0, z0, x1, y1, z1 = b
    c = [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
         (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
    quads = [[c[i] for i in f] for f in ((0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 5, 4),
                                         (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7))]
    return [t for q in quads for t in ((q[0], q[1], q[2]), (q[0], q[2], q[3]))]


def raster(items, size, elev=35.0, azim=-55.0, light=(-0.4, -0.6, 0.7)):
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


def _png(panels, titles):
    """Images side by side under their titles (a line or two each) -> PNG bytes."""
    from PIL import Image, ImageDraw
    w = sum(p.shape[1] for p in panels)
    h = max(p.shape[0] for p in panels)
    out = Image.new("RGB", (w, h + 30), "white")
    d = ImageDraw.Draw(out)
    x = 0
    for p, title in zip(panels, titles):
        out.paste(Image.fromarray(p), (x, 30))
        for i, line in enumerate(title.split("\n")):
            d.text((x + 10, 4 + 11 * i), line, fill="black")
        x += p.shape[1]
    buf = io.BytesIO()
    out.save(buf, format="PNG")
    return buf.getvalue()


def _parts(lay, prefixes):
    return [(n, b) for n, b in lay["parts"].items() if any(n == p or (p.endswith("_") and n.startswith(p))
                                                          for p in prefixes)]


def overview(meshes, lay):
    """The closed case (glass under the window, plungers through the lid)
    and the open shell with its parts in place, the panel taken out."""
    from matplotlib.colors import to_rgb
    shell, lid = meshes
    h = lay["h"]
    w = lay["window"]
    glass = [((w[0], w[1], h - 0.2), (w[2], w[1], h - 0.2), (w[2], w[3], h - 0.2)),
             ((w[0], w[1], h - 0.2), (w[2], w[3], h - 0.2), (w[0], w[3], h - 0.2))]
    r = 1.75
    plungers = [t for x, y in lay["holes"].values()
                for t in _box_tris((x - r, y - r, h - 2.0, x + r, y + r, h + 1.5))]
    closed = [(shell.triangles, to_rgb(SHELL)), (lid.triangles, to_rgb(LID)),
              (glass, to_rgb("#ecebdf")), (plungers, to_rgb("#303030"))]
    opened = [(shell.triangles, to_rgb(SHELL))]
    for name, b in lay["parts"].items():
        if name not in ("panel", "glass"):         # taken out: they would hide the rest
            opened.append((_box_tris(b), to_rgb(colour(name))))
    return _png([raster(closed, SIZE), raster(opened, SIZE)],
                ["closed: window over the glass, seven buttons",
                 "open, panel out: board (blue), cell (yellow), switch (red), button board (green),\n"
                 "plugs (white), wires and leads (light, red)"])


def step(meshes, lay, index):
    """The drawing of STEPS[index]: the shell with the parts of the earlier
    steps (pale) and this step's parts (in colour)."""
    from matplotlib.colors import to_rgb
    shell, lid = meshes
    name, what, adds = STEPS[index]
    if adds == ("ribs",):
        # a hair bigger than the ribs in the lid's mesh, so they show over them
        ribs = [t for b in lay["ribs"] for t in _box_tris(tuple(v + (0.05 if i > 2 else -0.05)
                                                                   for i, v in enumerate(b)))]
        items = [(lid.triangles, to_rgb(LID)), (ribs, to_rgb(colour("ribs")))]
        img = raster(items, SIZE, elev=-40.0)
    else:
        items = [(shell.triangles, to_rgb(SHELL))]
        for _, _, earlier in STEPS[:index]:
            items += [(_box_tris(b), to_rgb(DONE)) for _, b in _parts(lay, earlier)]
        items += [(_box_tris(b), to_rgb(colour(n))) for n, b in _parts(lay, adds)]
        img = raster(items, SIZE)
    return _png([img], ["step %s: %s" % (name, what)])


def pictures(meshes, lay):
    """{path: PNG bytes} for enclosure.png and every step's drawing."""
    out = {PNG: overview(meshes, lay)}
    for i, (name, _, _) in enumerate(STEPS):
        out[STEP_PNG[name]] = step(meshes, lay, i)
    return out


def differs(path, data, tolerance=0.002):
    """True when the PNG at path is missing, another size, or differs from
    data in more than `tolerance` of its pixels."""
    import numpy as np
    from PIL import Image
    try:
        old = np.asarray(Image.open(path).convert("RGB"), dtype=int)
    except OSError:
        return True
    new = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"), dtype=int)
    if old.shape != new.shape:
        return True
    changed = (np.abs(old - new).max(axis=2) > 8).mean()
    return changed > tolerance
