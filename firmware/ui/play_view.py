"""Drawing the play screen from an Editor and a Game (no state of its own).

Status bar on top (every player's tile count, the pool, the timer), the
table rows (scrolled), the hand row with the message lines, the rack.
A picked tile stands lifted, its rim inverted, over a white gap and a
black base; the cursor is a thin bar under its position (a slot under it
turns black); the tile drawn last turn has a tab above.  A move's tiles
are marked above them (ed.tags, rummikub.places.tags): a tab in the
middle on a tile put down from a rack, two ears at the corners on a
table tile moved to another set; the review and the hand band name them
beside the same marks (mark_text).  While the cursor is shown no frame
is drawn (it would hide the cursor under a set): outside play, sets a
way of assisted placement changes get a frame, a refused set a double
frame.
"""
from compat import const
from ui.gfx import WHITE, BLACK, dotted_rect, wrap
from ui.tiles_gfx import draw_tile
from ui.layout import (W, TEXT_COLS, TW, TH, PITCH, ROW, LIFT, TABLE, HAND, RACK, TABLE_Y,
                       TABLE_ROWS, HAND_Y, RACK_Y, RACK_ROWS, PER_ROW, LEFT, MARKER_X,
                       rack_xy, hand_x)
from ui.turn_sets import code

_PUT = const(1)         # rummikub.places.tags: put down, moved
_MOVED = const(2)


def status_bar(fb, game, timer_text, note="", room=0):
    """Every player's name with their tile count in a white chip (the
    current player's whole entry white), the pool and the timer; or, with
    a note (who is thinking), just the note: no count is shown stale.
    The right end leaves `room` px free (the app's battery mark, ui.power)."""
    fb.fill_rect(0, 0, W, 11, BLACK)
    if note:
        fb.text(note[:TEXT_COLS], 2, 2, WHITE)
        return
    n = game.n
    x = 2
    for p in range(n):
        name = game.names[p][:3] if n > 4 else game.names[p][:5]
        count = str(len(game.racks[p]))
        w = len(name) * 8 + 1 + len(count) * 8 + 2
        cur = p == game.current
        if cur:
            fb.fill_rect(x - 2, 1, w + 3, 9, WHITE)
        fb.text(name, x, 2, BLACK if cur else WHITE)
        cx = x + len(name) * 8 + 1
        fb.fill_rect(cx, 1, len(count) * 8 + 2, 9, BLACK if cur else WHITE)
        fb.text(count, cx + 1, 2, WHITE if cur else BLACK)
        x += w + (6 if n > 4 else 10)
    right = "Pool %d" % len(game.pool)
    if timer_text:
        right += " " + timer_text
    fb.text(right, 398 - room - len(right) * 8, 2, WHITE)


def _cursor(fb, x, rowy):
    fb.fill_rect(x - 1, rowy + LIFT + TH + 1, TW + 2, 2, BLACK)


def _slot(fb, x, rowy, label="+", cursor=False):
    """An empty place to put the picks: dotted, or black with the label
    in white while the cursor is on it (seen at once on every slot)."""
    if cursor:
        fb.fill_rect(x, rowy + LIFT, TW, TH, BLACK)
        _cursor(fb, x, rowy)
        label = "+"             # a set's end slot too: never a blank black tile
    else:
        dotted_rect(fb, x, rowy + LIFT, TW, TH)
    fb.text(label, x + (TW - 8 * len(label)) // 2 + 1, rowy + LIFT + 11,
            WHITE if cursor else BLACK)


def _invert_rim(fb, x, y):
    """Invert the two pixel rings just inside a tile's border: a thick
    black frame on a white face, a white ring on a black one (the face
    itself, in the middle, stays as the legend shows it)."""
    for i in (1, 2):
        x1 = x + TW - 1 - i
        y1 = y + TH - 1 - i
        for xx in range(x + i, x1 + 1):
            fb.pixel(xx, y + i, 1 - fb.pixel(xx, y + i))
            fb.pixel(xx, y1, 1 - fb.pixel(xx, y1))
        for yy in range(y + i + 1, y1):
            fb.pixel(x + i, yy, 1 - fb.pixel(x + i, yy))
            fb.pixel(x1, yy, 1 - fb.pixel(x1, yy))


def mark(fb, kind, x, y):
    """A move's mark over a tile at x (in the LIFT band from y): a tab in
    the middle (put down from a rack, or drawn last turn), two ears at
    the corners (moved from another set)."""
    if kind == _MOVED:
        fb.fill_rect(x + 1, y, 5, LIFT - 1, BLACK)
        fb.fill_rect(x + TW - 6, y, 5, LIFT - 1, BLACK)
    else:
        fb.fill_rect(x + 5, y, TW - 10, LIFT - 1, BLACK)   # a white row under it: apart from a black tile


def mark_text(fb, s, x, y):
    """Black text with marks in it (ui.turn_sets.marked): a \\x01 (put
    down) or \\x02 (moved) and the two \\x03 after it, three 8 px cells,
    draw that mark over the top edge of a tile, as the table shows it.
    Read as bytes: picking a str's characters one by one would intern
    each as a name."""
    b = s.encode()
    i = 0
    for j in range(len(b) + 1):
        if j < len(b) and b[j] > 3:
            continue
        if j > i:
            fb.text(s[i:j], x + 8 * i, y, BLACK)
        if j < len(b) and b[j] < 3:
            cx = x + 8 * j + 1
            mark(fb, b[j], cx, y)
            fb.hline(cx, y + LIFT + 1, TW, BLACK)
            fb.vline(cx, y + LIFT + 1, 8 - LIFT - 1, BLACK)
            fb.vline(cx + TW - 1, y + LIFT + 1, 8 - LIFT - 1, BLACK)
        i = j + 1


def _tiles(fb, ed, area, si, tiles, x, rowy, first=0, marked=False):
    """A picked tile stands lifted (its top in the row's LIFT band) over a
    white gap and a black base, the gaps beside it left white so that
    picked tiles never merge; the tile drawn last turn has a black tab
    above it, a table tile of a move its mark (ed.tags; not in a set
    marked with a frame, which runs there)."""
    tags = None
    if ed.tags and area == TABLE and si < len(ed.tags) and not marked:
        tags = ed.tags[si]
    for p in range(len(tiles)):
        tx = x + p * PITCH
        if ed.is_selected(area, si, first + p):
            draw_tile(fb, tx, rowy, code(tiles[p]))
            _invert_rim(fb, tx, rowy)
            fb.fill_rect(tx, rowy + TH, TW, 1, WHITE)
            fb.fill_rect(tx, rowy + TH + 1, TW, LIFT - 1, BLACK)
        else:
            draw_tile(fb, tx, rowy + LIFT, code(tiles[p]))
            if area == RACK and code(tiles[p]) in ed.fresh:
                mark(fb, _PUT, tx, rowy)
            elif tags and first + p < len(tags) and tags[first + p]:
                mark(fb, tags[first + p], tx, rowy)


def table(fb, ed, show_cursor=True):
    rows = ed.table_rows()
    slot = 1 if ed.sel else 0
    area, csi, cpos = ed.cur
    nt = len(ed.table)
    if nt == 0 and not ed.sel:
        fb.text("The table is empty.", 120, TABLE_Y + 60, BLACK)
        fb.text("Make sets of 3+ tiles from your rack.", 52, TABLE_Y + 74, BLACK)
    for r in range(ed.top, min(len(rows), ed.top + TABLE_ROWS)):
        rowy = TABLE_Y + (r - ed.top) * ROW
        for si, x in rows[r]:
            if si >= nt:
                _slot(fb, x, rowy, "+", show_cursor and area == TABLE and csi == si)
                continue
            s = ed.table[si]
            framed = not show_cursor and (si == ed.bad or si in ed.marked)
            _tiles(fb, ed, TABLE, si, s, x, rowy, 0, framed)
            w = len(s) * PITCH - (PITCH - TW)
            on = show_cursor and area == TABLE and csi == si
            if slot:
                _slot(fb, x + len(s) * PITCH, rowy, "", on and cpos == len(s))
            if not framed:
                pass                    # (never while the cursor is shown: it would hide it)
            elif si == ed.bad:
                fb.rect(x - 4, rowy + 1, w + 8, ROW - 1, BLACK)
                fb.rect(x - 3, rowy + 2, w + 6, ROW - 3, BLACK)
            elif si in ed.marked:
                fb.rect(x - 3, rowy + 1, w + 6, ROW - 2, BLACK)
                fb.fill_rect(x - 3, rowy + 1, 4, 4, BLACK)
            if on:
                _cursor(fb, x + cpos * PITCH, rowy)
    more_up = ed.top
    more_down = len(rows) - ed.top - TABLE_ROWS
    if more_up > 0:
        _arrow_note(fb, TABLE_Y + 1, "^%d" % more_up)
    if more_down > 0:
        _arrow_note(fb, HAND_Y - 11, "v%d" % more_down)


def _arrow_note(fb, y, s):
    """A more-rows marker, in its own column right of the tiles."""
    w = len(s) * 8 + 4
    fb.fill_rect(MARKER_X, y, w, 10, BLACK)
    fb.text(s, MARKER_X + 2, y + 1, WHITE)


def _cell(fb, ed, area, tiles, p, x, y, cursor):
    """Hand or rack position p: its tile, or the "+" slot after the last."""
    if p < len(tiles):
        _tiles(fb, ed, area, 0, tiles[p:p + 1], x, y, p)
        if cursor:
            _cursor(fb, x, y)
    else:
        _slot(fb, x, y, "+", cursor)


def hand(fb, ed, lines, show_cursor=True):
    """The band between table and rack: the hand (labelled, only while it
    is in use: ed.hand_in_use) and the message lines beside it."""
    y = HAND_Y
    fb.hline(0, y, W, BLACK)
    shown = 0
    if ed.hand_in_use():
        fb.text("HAND", LEFT, y + 14, BLACK)
        area, _, cpos = ed.cur
        first = ed.hand_left
        for p in range(first, len(ed.hand) + 1):
            x = hand_x(p - first)
            if x + TW > W:
                break
            _cell(fb, ed, HAND, ed.hand, p, x, y,
                  show_cursor and area == HAND and cpos == p)
            shown += 1
        tx = hand_x(shown) + 4
    else:
        tx = LEFT
        fb.hline(0, RACK_Y - 1, W, BLACK)
    width = (W - tx) // 8
    ty = y + 6
    lines = list(lines)
    while True:               # wrapped, never cut: the band's three rows hold
        rows = []             # the first line and the last (the keys), and
        for ln in lines:      # as many between as fit
            rows += wrap(ln, width)
        if len(rows) <= 3 or len(lines) <= 2:
            break
        del lines[-2]
    for ln in rows[:3]:
        mark_text(fb, ln, tx, ty)
        ty += 10


def band(fb, lines, down=False):
    """A message over the hand's band, as tall as its wrapped lines: up
    into the table when they need more than the band's three (the rack
    stays in sight, whatever the message), or with down (the review of
    the others' moves, whose table must stay in sight) in the band's
    three rows, the last line (its keys) left out if they do not fit,
    and down over the rack only if the rest does not fit either."""
    while True:
        rows = []
        for ln in lines:
            rows += wrap(ln, (W - 2 * LEFT) // 8)
        if not down or len(rows) <= 3 or len(lines) < 3:
            break
        lines = lines[:-1]
    if down:
        top = HAND_Y
        bottom = max(RACK_Y - 1, top + len(rows) * 10 + 5)
    else:
        bottom = RACK_Y - 1
        top = min(HAND_Y, bottom - len(rows) * 10 - 6)
    fb.fill_rect(0, top, W, bottom - top, WHITE)
    fb.fill_rect(0, top, W, 2, BLACK)
    fb.hline(0, bottom, W, BLACK)
    y = top + 6
    for ln in rows:
        mark_text(fb, ln, LEFT, y)
        y += 10


def rack(fb, ed, show_cursor=True):
    area, _, cpos = ed.cur
    n = ed.length(RACK, 0)
    for p in range(ed.rack_top * PER_ROW, min(n, (ed.rack_top + RACK_ROWS) * PER_ROW)):
        r, x = rack_xy(p)
        rowy = RACK_Y + (r - ed.rack_top) * ROW
        _cell(fb, ed, RACK, ed.rack, p, x, rowy, show_cursor and area == RACK and cpos == p)
    rows = (n + PER_ROW - 1) // PER_ROW
    if ed.rack_top > 0:
        _arrow_note(fb, RACK_Y + 1, "^%d" % ed.rack_top)
    if rows - ed.rack_top > RACK_ROWS:
        _arrow_note(fb, 286, "v%d" % (rows - ed.rack_top - RACK_ROWS))
