"""Geometry of the play screen: where every tile and slot sits.

Pure arithmetic, no drawing, so the editor's cursor moves (up/down by
visual row) and the renderer agree by construction, and tests can check
positions without a display.  The screen is 400x300:

    y   0..11   status bar (players' tile counts, pool, timer)
    y  12..191  table, 5 rows of 36 px, scrolls by row
    y 192..227  hand (tiles taken off the table this turn) and messages
    y 228..299  rack, 2 rows, scrolls by row
Each row is 36 px: 3 px above the tile (a picked tile is lifted into it,
the tile drawn last turn has a tab there), the 30 px tile, 1 px gap, a
2 px cursor bar.  Tiles keep x 8..370; the "more rows" markers (^2, v3)
sit right of them at x 372..396, so they never cover a tile or touch the
screen edge.
"""
from compat import const

W = const(400)
H = const(300)
TEXT_COLS = const(49)  # 8 px characters on one line, 4 px margins: (W - 8) // 8
TW = const(22)        # tile width
TH = const(30)        # tile height
PITCH = const(24)     # tile + gap
ROW = const(36)       # row pitch
LIFT = const(3)
_SET_GAP = const(10)   # between sets on the table
LEFT = const(8)       # with PITCH 24 and SET_GAP 10: tiles start on byte boundaries
RIGHT_EDGE = const(370)  # table sets end here: the more-rows marker has x 372..396

MARKER_X = const(372)  # the more-rows markers: x 372..396
STATUS_H = const(12)
TABLE_Y = const(12)
TABLE_ROWS = const(5)
HAND_Y = const(192)
RACK_Y = const(228)
RACK_ROWS = const(2)
PER_ROW = const(15)   # rack tiles per row: x 8..366, the marker column after

# areas of the play screen
TABLE = const(0)
HAND = const(1)
RACK = const(2)


def flow(lengths, slots):
    """Lay table sets out in rows.  lengths: tiles per set; slots: 1 to give
    every set an end slot (shown while tiles are picked).  Returns a list of
    rows, each a list of (set_index, x).  The "new set" slot follows the
    last set and counts as set index len(lengths) with length 0 (+1 slot)."""
    rows = [[]]
    x = LEFT
    n = len(lengths)
    for i in range(n + 1):
        cells = (lengths[i] + slots) if i < n else 1
        width = cells * PITCH - (PITCH - TW)
        if x > LEFT and x + width > RIGHT_EDGE:
            rows.append([])
            x = LEFT
        rows[-1].append((i, x))
        x += width + _SET_GAP
    return rows


def find_set(rows, si):
    """(row index, x) of table set si in a flow() result."""
    for r in range(len(rows)):
        for s, x in rows[r]:
            if s == si:
                return r, x
    return 0, LEFT


def rack_xy(pos):
    """(row, x) of rack position pos (row is 0-based, before scrolling)."""
    return pos // PER_ROW, LEFT + (pos % PER_ROW) * PITCH


def hand_x(pos):
    return LEFT + 40 + pos * PITCH     # 40 px for the "HAND" label


def scroll_for(row, top, visible):
    """New first visible row so that `row` is on screen."""
    if row < top:
        return row
    if row >= top + visible:
        return row - visible + 1
    return top
