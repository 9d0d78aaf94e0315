"""One Rummikub tile, 22x30 px, readable on black-and-white e-ink.

A colour cannot be shown, so each colour gets a face that differs from
every other one in where the black is (seen at a glance, about 4.7 x
6.4 mm on the 4.2" panel), plus a small symbol under the number (the
player guide's tile legend, docs/player.md, says the same):
    K black   all black, white number, white square
    B blue    all white, thin border, dot
    R red     white, black foot with a white diamond
    Y yellow  diagonal stripes, number on a white patch, triangle
    G green   (XP) black head with a white number, white foot, plus sign
    P purple  (XP) grey (fine dots), number on a white patch, cross
    joker     white tile with a smiling face and a J
"""

from compat import MICROPYTHON, const
from hal import font
from hal.fb import framebuf
from rummikub.tiles import JOKER
from ui.gfx import WHITE, BLACK, scaled_text, hatch
from ui.layout import W, H, TW, TH

_SYM_CY = const(23)   # the colour symbol: rows 21-25, a row of face below it (see _FOOT)
_FOOT = const(20)      # head: rows 0-19 (the number), foot: rows 20-29


def _number(fb, x, y, n, ink):
    """1-9 drawn 2x2 (14 px wide), 10-13 drawn 1x2 (15 px wide)."""
    s = str(n)
    scaled_text(fb, s, x + 3, y + 4, 2 if n < 10 else 1, 2, ink)


def _symbol(fb, c, cx, cy, ink):
    """A 5x5 symbol centred on (cx, cy)."""
    if c == 0:
        fb.fill_rect(cx - 2, cy - 2, 5, 5, ink)
    elif c == 1:
        fb.ellipse(cx, cy, 2, 2, ink, True)
    elif c == 2:
        for d in range(3):
            fb.hline(cx - d, cy - 2 + d, 2 * d + 1, ink)
            fb.hline(cx - d, cy + 2 - d, 2 * d + 1, ink)
    elif c == 3:
        for d in range(4):
            fb.hline(cx - d, cy - 2 + d, 2 * d + 1, ink)
    elif c == 4:
        fb.hline(cx - 2, cy, 5, ink)
        fb.vline(cx, cy - 2, 5, ink)
    else:
        fb.line(cx - 2, cy - 2, cx + 2, cy + 2, ink)
        fb.line(cx - 2, cy + 2, cx + 2, cy - 2, ink)
        fb.line(cx - 1, cy - 2, cx + 2, cy + 1, ink)
        fb.line(cx - 2, cy + 1, cx + 1, cy - 2, ink)


def _joker(fb, x, y):
    fb.fill_rect(x, y, TW, TH, WHITE)
    fb.rect(x, y, TW, TH, BLACK)
    cx = x + 11
    cy = y + 11
    fb.ellipse(cx, cy, 7, 7, BLACK)
    fb.fill_rect(cx - 3, cy - 3, 2, 2, BLACK)
    fb.fill_rect(cx + 2, cy - 3, 2, 2, BLACK)
    fb.ellipse(cx, cy + 1, 4, 3, BLACK, False, 12)
    font.text(fb, "J", x + 7, y + 20, BLACK)     # fb may be a cached tile's


# Finished tiles kept as small bitmaps and copied row by row: the same
# pixels, much faster with the emulator's pure-Python framebuf (the layout
# puts every tile on a byte boundary).  Off on MicroPython, where the
# cache's RAM matters more than the drawing time.
_cache = None if MICROPYTHON else {}


def draw_tile(fb, x, y, t):
    """Draw tile code t with its top-left corner at (x, y)."""
    if _cache is None:
        _draw(fb, x, y, t)
        return
    g = _cache.get(t)
    if g is None:
        b = bytearray(3 * TH)
        g = (framebuf.FrameBuffer(b, TW, TH, framebuf.MONO_HLSB), b)
        _draw(g[0], 0, 0, t)
        _cache[t] = g
    buf = getattr(fb, "buf", None)
    if buf is None or x & 7 or x < 0 or y < 0 or x + 24 > W or y + TH > H \
            or len(buf) != 15000:
        fb.blit(g[0], x, y)
        return
    src = g[1]
    i = y * 50 + (x >> 3)
    for r in range(0, 3 * TH, 3):
        buf[i] = src[r]
        buf[i + 1] = src[r + 1]
        buf[i + 2] = (buf[i + 2] & 0x03) | (src[r + 2] & 0xFC)
        i += 50


def _draw(fb, x, y, t):
    if t == JOKER:
        _joker(fb, x, y)
        return
    c = t >> 4
    n = t & 15
    cx = x + 11
    cy = y + _SYM_CY
    if c == 0:
        fb.fill_rect(x, y, TW, TH, BLACK)
        _number(fb, x, y, n, WHITE)
        _symbol(fb, 0, cx, cy, WHITE)
        return
    fb.fill_rect(x, y, TW, TH, WHITE)
    fb.rect(x, y, TW, TH, BLACK)
    ink = BLACK                 # the number's
    sym = BLACK
    if c == 2:                  # red: black foot
        fb.fill_rect(x, y + _FOOT, TW, TH - _FOOT, BLACK)
        sym = WHITE
    elif c == 4:                # green: black head
        fb.fill_rect(x, y, TW, _FOOT, BLACK)
        ink = WHITE
    elif c == 3:                # yellow: stripes
        hatch(fb, x + 1, y + 1, TW - 2, TH - 2, BLACK, 5)
        hatch(fb, x + 2, y + 1, TW - 3, TH - 2, BLACK, 5)
        fb.fill_rect(x + 3, y + 3, TW - 6, 18, WHITE)
        fb.fill_rect(cx - 4, cy - 4, 9, 8, WHITE)
    elif c == 5:                # purple: grey
        for yy in range(y + 1, y + TH - 1):
            for xx in range(x + 1 + (yy - y) % 2, x + TW - 1, 2):
                fb.pixel(xx, yy, BLACK)
        fb.fill_rect(x + 3, y + 3, TW - 6, 18, WHITE)
        fb.fill_rect(cx - 4, cy - 4, 9, 9, WHITE)
    _number(fb, x, y, n, ink)
    _symbol(fb, c, cx, cy, sym)


LEGEND_H = const(46)     # a legend() row: the tiles and their names


def legend(fb, x, y, ncolours, pitch=54):
    """Which face is which colour: a 7 of each colour, then the joker,
    each named underneath (the play screen's help, the lessons)."""
    from rummikub.tiles import COLOUR_NAMES
    for c in range(ncolours + 1):
        t = JOKER if c == ncolours else (c << 4) | 7
        draw_tile(fb, x + 10, y, t)
        name = "joker" if c == ncolours else COLOUR_NAMES[c]
        fb.text(name, x + 21 - len(name) * 4, y + 34, BLACK)
        x += pitch
