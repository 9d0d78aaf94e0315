"""A vertical list with a cursor: title menu, setup, settings, turn menu."""
from ui.gfx import WHITE, BLACK
from ui.layout import W

LINE = 13


def draw_list(fb, items, cur, x, y, w, rows, top=0, values=None):
    """items: labels; values: optional right-aligned texts.  The cursor row
    is drawn inverted.  Returns the first visible index used."""
    if cur < top:
        top = cur
    if cur >= top + rows:
        top = cur - rows + 1
    for i in range(top, min(len(items), top + rows)):
        yy = y + (i - top) * LINE
        ink = BLACK
        if i == cur:
            fb.fill_rect(x, yy, w, LINE - 1, BLACK)
            ink = WHITE
        fb.text(items[i], x + 4, yy + 2, ink)
        if values is not None and values[i] is not None:
            v = str(values[i])
            fb.text(v, x + w - 4 - len(v) * 8, yy + 2, ink)
    if top > 0:
        fb.text("^", x + w - 10, y - 10, BLACK)
    if top + rows < len(items):
        fb.text("v", x + w - 10, y + rows * LINE, BLACK)
    return top


def step(cur, n, d):
    return (cur + d) % n if n else 0


FOOTER_Y = 287       # the footer's rule; its text below


def footer(fb, text):
    fb.hline(0, FOOTER_Y, W, BLACK)
    fb.text(text, 4, FOOTER_Y + 3, BLACK)
