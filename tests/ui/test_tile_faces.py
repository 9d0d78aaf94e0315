"""Every pair of tile faces tells apart at a glance on the 4.2" panel.

"At a glance" is measured as the eye sees a 22x30 px tile (4.7 x 6.4 mm)
from arm's length: the darkness of twelve coarse cells (3 across, 4 down,
about 1.5 mm square each; a 1-px line there is a faint shade), and for
two faces both textured along their sides, whether the texture is stripes
or dots (dark pixels whose lower-right neighbour is dark too).  Two
colour faces must differ by a quarter of a cell's darkness somewhere, or
be one stripes and the other dots.  (The joker differs by its drawing.)"""
import pytest

from hal.fb import framebuf
from rummikub.tiles import COLOUR_NAMES
from ui.layout import TW, TH
from ui import tiles_gfx


def face(t):
    b = bytearray(3 * TH)
    fb = framebuf.FrameBuffer(b, TW, TH, framebuf.MONO_HLSB)
    tiles_gfx._draw(fb, 0, 0, t)
    return fb


def cells(fb):
    out = []
    for j in range(4):
        for i in range(3):
            xs = range(i * TW // 3, (i + 1) * TW // 3)
            ys = range(j * TH // 4, (j + 1) * TH // 4)
            out.append(sum(1 for y in ys for x in xs if not fb.pixel(x, y)) / (len(xs) * len(ys)))
    return out


def sides(fb):
    """(darkness, dots) of the tile's sides inside the border (columns
    1-2 and 19-20): dots is the share of dark pixels whose lower-right
    neighbour is dark too, 1 for dots (and solid black), 0 for stripes."""
    dark = same = n = 0
    for y in range(1, TH - 2):
        for x in (1, 2, TW - 3, TW - 2):
            n += 1
            if not fb.pixel(x, y):
                dark += 1
                same += not fb.pixel(x + 1, y + 1)
    return dark / n, (same / dark if dark else 0.0)


FACES = [(COLOUR_NAMES[c], c << 4) for c in range(6)]


@pytest.mark.parametrize("number", [1, 7, 8, 10, 13])
def test_every_pair_of_faces_differs_at_a_glance(number):
    seen = {}
    for name, base in FACES:
        fb = face(base | number)
        seen[name] = (cells(fb), sides(fb))
    close = []
    for a in seen:
        for b in seen:
            if a >= b:
                continue
            (ca, (sa, da)), (cb, (sb, db)) = seen[a], seen[b]
            coarse = max(abs(p - q) for p, q in zip(ca, cb))
            texture = min(sa, sb) > 0.25 and abs(da - db) > 0.5
            if coarse < 0.25 and not texture:
                close.append("%s/%s (cells differ by %.2f)" % (a, b, coarse))
    assert not close, close


def test_the_legend_in_the_player_guide_names_every_face():
    import os
    readme = open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "player.md")).read()
    doc = tiles_gfx.__doc__
    for word in ("black foot", "black head", "diagonal stripes", "grey"):
        assert word in doc and word in readme, word


def picked_and_not(t, picked_neighbour=False):
    """The 24x36 cell of tile t in a rack row, drawn picked and unpicked
    by the play screen (ui.play_view), with no cursor; and the picked
    version's right-hand gap column, with the same face picked beside it."""
    from ui.editor import Editor
    from ui.layout import RACK, PITCH, ROW, LEFT
    from ui import play_view
    out = []
    for sel in ([], [(RACK, 0, 0), (RACK, 0, 1)]):
        e = Editor([], bytearray([t, t]), 6)
        e.sel = list(sel)
        buf = bytearray(ROW * PITCH * 2 // 8 + 2 * ROW)
        fb = framebuf.FrameBuffer(buf, 2 * PITCH + LEFT, ROW, framebuf.MONO_HLSB)
        fb.fill(1)
        play_view._tiles(fb, e, RACK, 0, e.rack, LEFT, 0, 0)
        out.append(fb)
    return out


@pytest.mark.parametrize("c", range(7))
def test_a_picked_tile_differs_from_an_unpicked_one_at_a_glance(c):
    """A picked tile stands LIFT px higher, and seen where it stands it
    differs from the same tile unpicked in at least a quarter of its own
    pixels (not only moved: framed); two picked tiles side by side keep a
    white gap between them (black tiles never merge into one block)."""
    from ui.layout import LEFT, TH, TW, LIFT
    from rummikub.tiles import JOKER
    t = JOKER if c == 6 else (c << 4) | 7
    plain, picked = picked_and_not(t)
    assert all(plain.pixel(LEFT + x, y) for x in range(TW) for y in range(LIFT))
    assert not all(picked.pixel(LEFT + x, 0) for x in range(TW))     # lifted
    differ = sum(1 for x in range(LEFT, LEFT + TW) for y in range(TH)
                 if plain.pixel(x, y + LIFT) != picked.pixel(x, y))
    assert differ >= TW * TH // 4, (c, differ, TW * TH)
    gap = [picked.pixel(LEFT + TW + dx, y) for dx in (0, 1) for y in range(TH)]
    assert all(gap), (c, "picked tiles merge")


def _ink(draw):
    """The pixels draw(fb) inks on a blank 22x30 tile."""
    fb = framebuf.FrameBuffer(bytearray(3 * TH), TW, TH, framebuf.MONO_HLSB)
    fb.fill(1)
    draw(fb)
    return {(x, y) for x in range(TW) for y in range(TH) if not fb.pixel(x, y)}


def _reach(fb, seeds):
    """Every pixel joined to a seed through pixels of the seed's colour
    (8-connected: touching at a corner counts as joined)."""
    seen = set(seeds)
    todo = list(seeds)
    while todo:
        x, y = todo.pop()
        c = fb.pixel(x, y)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                q = (x + dx, y + dy)
                if q not in seen and 0 <= q[0] < TW and 0 <= q[1] < TH and fb.pixel(*q) == c:
                    seen.add(q)
                    todo.append(q)
    return seen


@pytest.mark.parametrize("c", range(6))
def test_a_picked_tiles_number_and_symbol_stay_apart_from_its_rim(c):
    """A picked tile's inverted rim (ui.play_view) never touches its number
    or its colour symbol, not even at a corner: on every face the digits
    and the symbol stay shapes of their own (a black tile's white square
    once merged with the white rim into one shape under its 7)."""
    from ui import play_view
    rim = [(x, y) for x in range(TW) for y in range(TH)
           if min(x, y, TW - 1 - x, TH - 1 - y) in (1, 2)]
    for n in range(1, 14):
        t = (c << 4) | n
        fb = face(t)
        play_view._invert_rim(fb, 0, 0)
        joined = _reach(fb, rim)
        number = _ink(lambda f: tiles_gfx._number(f, 0, 0, n, 0))
        symbol = _ink(lambda f: tiles_gfx._symbol(f, c, TW // 2, tiles_gfx._SYM_CY, 0))
        assert not number & joined, (COLOUR_NAMES[c], n, "number")
        assert not symbol & joined, (COLOUR_NAMES[c], n, "symbol")
