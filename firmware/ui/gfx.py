"""Drawing helpers shared by every screen: colours, scaled text, boxes.

Only framebuf primitives are used, so the device (C framebuf) and the
emulator (hal.pyframebuf) draw byte-identical screens.  Text is the
screen's own 8x8 font (hal.font; the display's text() draws it); scaled
text (titles, tile numbers) is drawn from the same glyph bytes, a
rectangle for each run of ink in a glyph's column: a few dozen fill_rect
calls a word, and no buffer (a cache of scaled words held 0.4-0.7 KB a
title, the margin of the Gin game at the device's 56 KB).
"""
from compat import const
from hal import font
from ui.layout import W, H

WHITE = const(1)      # the panel's own convention: a set bit is white
BLACK = const(0)
_CHAR = const(8)

def _runs(fb, s, x, y, sx, sy, col):
    """Each ink run of each glyph column of s as one sx-wide rectangle,
    x from x (the font's column bytes: bit y = ink on row y)."""
    g = font.GLYPHS
    for c in s.encode():        # codes: iterating the str would intern each character
        o = font.at(c)
        for xx in range(8):
            bits = g[o + xx]
            yy = 0
            while bits:
                if bits & 1:
                    y0 = yy
                    while bits & 1:
                        bits >>= 1
                        yy += 1
                    fb.fill_rect(x, y + y0 * sy, sx, (yy - y0) * sy, col)
                else:
                    bits >>= 1
                    yy += 1
            x += sx


def scaled_text(fb, s, x, y, sx, sy, col):
    """Text scaled sx by sy drawn as runs of pixels: no buffer kept, so
    neither the tiles' numbers nor the titles cost RAM between frames."""
    _runs(fb, s, x, y, sx, sy, col)
    return 8 * len(s) * sx


def big_text(fb, s, x, y, sx=2, sy=2, col=BLACK):
    return scaled_text(fb, s, x, y, sx, sy, col)


def text_width(s, sx=1):
    return len(s) * _CHAR * sx


def centre_text(fb, s, y, col=BLACK, sx=1, sy=1, x0=0, w=W):
    x = x0 + (w - text_width(s, sx)) // 2
    if sx == 1 and sy == 1:
        fb.text(s, x, y, col)
    else:
        big_text(fb, s, x, y, sx, sy, col)


def dotted_rect(fb, x, y, w, h, col=BLACK, step=3):
    for i in range(x, x + w, step):
        fb.pixel(i, y, col)
        fb.pixel(i, y + h - 1, col)
    for j in range(y, y + h, step):
        fb.pixel(x, j, col)
        fb.pixel(x + w - 1, j, col)


def box(fb, x, y, w, h, title=None):
    """A framed white panel with an optional inverted title bar."""
    fb.fill_rect(x, y, w, h, WHITE)
    fb.rect(x, y, w, h, BLACK)
    fb.rect(x + 1, y + 1, w - 2, h - 2, BLACK)
    if title:
        fb.fill_rect(x + 2, y + 2, w - 4, 12, BLACK)
        centre_text(fb, title, y + 4, WHITE, x0=x, w=w)


def wrap(s, width_chars):
    """Split text into lines of at most width_chars (on spaces)."""
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width_chars:
                line += " " + word
            else:
                lines.append(line)
                line = word
            while len(line) > width_chars:
                lines.append(line[:width_chars])
                line = line[width_chars:]
        lines.append(line)
    return lines


def message_box(fb, s, y=None, title=None, width=360, bottom=False):
    """Text wrapped in a framed box, centred (or on the bottom edge)."""
    lines = wrap(s, (width - 16) // _CHAR)
    h = len(lines) * 10 + 12 + (14 if title else 0)
    x = (W - width) // 2
    if bottom:
        h = max(h, H - y) if y is not None else h
        y = H - h
    elif y is None:
        y = (H - h) // 2
    box(fb, x, y, width, h, title)
    ty = y + 7 + (14 if title else 0)
    for ln in lines:
        fb.text(ln, x + 8, ty, BLACK)
        ty += 10
    return y + h


def hatch(fb, x, y, w, h, col=BLACK, step=4):
    """Diagonal hatching inside a rectangle (clipped by hand)."""
    for k in range(0, w + h, step):
        # line from (x+k, y) going down-left
        x0 = x + k
        y0 = y
        if x0 >= x + w:
            y0 += x0 - (x + w - 1)
            x0 = x + w - 1
        x1 = x + k - (h - 1)
        y1 = y + h - 1
        if x1 < x:
            y1 -= x - x1
            x1 = x
        if y0 <= y1:
            fb.line(x0, y0, x1, y1, col)
