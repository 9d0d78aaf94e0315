"""The others' moves since a person's last look, one page a move: the
table as that move left it, the tiles it put down and moved marked
(rummikub.places.tags, ui.play_view.mark), and in the band between table
and rack who played, what, and the marked tiles by name.  Loaded only
while the play screen shows the review (ui.screens.play forgets it
after): the heap is tightest on the turn after the AIs'."""
from compat import const
from ui.layout import TABLE_ROWS
from ui import play_view as view

_PUT = const(1)         # rummikub.places.tags
_MOVED = const(2)


def count(m, p):
    """How many pages the review of match m has for seat p: its lines
    (ui.match.Match) but p's own turns."""
    rows = m.tables if len(m.tables) == len(m.review) else None
    n = 0
    for i in range(len(m.review)):
        n += rows is None or rows[i][0] != p
    return n


def page(m, p, k):
    """(line, the table after it, its marks or None) of page k: one
    table unpacked at a time."""
    from ui.turn_sets import unpack
    prev = m.review_before if m.review_before is not None else m.game.table
    rows = m.tables if len(m.tables) == len(m.review) else None
    for i in range(len(m.review)):
        seat, packed = rows[i] if rows else (-1, b"")
        t = unpack(packed)[2] if packed else prev
        if seat != p:
            if not k:
                marks = None
                if packed:      # (rummikub.places loaded for the moment)
                    from rummikub.places import tags
                    from ui import forget
                    marks = tags(prev, t)
                    tags = None
                    forget("rummikub.places")
                return m.review[i], t, marks
            k -= 1
        prev = t


def draw(fb, m, p, step, ed):
    """Page `step` (the last if past it) over the table and the hand's
    band, the band never over a table row (ui.play_view.band, down).
    The table is drawn through the play screen's editor ed, its table
    lent for the moment (no second editor on the heap)."""
    from ui.turn_sets import moved_tiles, marked
    g = m.game
    n = count(m, p)
    k = min(step, n - 1)
    line, table, marks = page(m, p, k)
    own = ed.table, ed.top, ed.marked
    ed.table, ed.tags, ed.marked = table, marks, []
    try:
        if marks:               # its marked rows in sight, the first at least
            from ui.layout import find_set
            trows = ed.table_rows()
            rs = [find_set(trows, j)[0] for j in range(len(marks)) if any(marks[j])]
            if rs:
                ed.top = max(0, min(min(rs), max(rs) - TABLE_ROWS + 1,
                                    len(trows) - TABLE_ROWS))
        view.table(fb, ed, False)
    finally:
        ed.table, ed.top, ed.marked = own
        ed.tags = None
    tiles = None
    if marks:
        put = moved_tiles(table, marks, _PUT)
        moved = moved_tiles(table, marks, _MOVED)
        if moved:
            line += " and moved %d" % len(moved)
        tiles = marked(put, moved)
    lines = [line if n == 1 else "%s (%d of %d)" % (line, k + 1, n)]
    if tiles:
        lines.append(tiles)
    # the keys last: the band leaves them out when it is full
    lines.append("A: next move  other keys: play" if k + 1 < n
                 else "Your turn, %s" % g.names[p])
    view.band(fb, lines, True)
