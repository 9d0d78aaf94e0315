"""Assisted placement on the play screen: the picked tiles, placed by the
console (ai.place), shown on the editor's table one way at a time.

    prop = start(ed, melded, rules)   # None: ed.msg says why (fits nowhere)
    prop.lines(meld)                  # the three message lines to show
    act = prop.key(b)                 # "take", "end" (take and end the turn),
                                      # "back" (as before) or None (still open)

Loaded only when the player asks (the play screen stays small in RAM).
While a proposal is open the editor shows it: the new sets stand where
the first set they replace stood and are framed; the picks are off the
rack.  A keeps it as one undo step, B restores the editor exactly.
"""
from hal import buttons
from ui.editor import FROM_RACK, UNDO_DEPTH
from ui.turn_sets import code
from ui.layout import TABLE, RACK
from rummikub.places import arrange


def query(ed):
    """(tiles to place: the picked rack and hand tiles as codes; indices of
    the table sets a tile was picked from)."""
    tiles = bytearray()
    forced = []
    for a, s, p in ed.sel:
        if a == TABLE:
            if s not in forced:
                forced.append(s)
        else:
            tiles.append(code(ed.container(a, s)[p]))
    return tiles, forced


def show_way(ed, way):
    """Lay out a Way (ai.place) for the editor's picks: its new sets take
    the picked tiles (rack tiles flagged FROM_RACK) and the tiles of the
    table sets it changes; the picks leave the rack and hand; every set
    keeps the place of the old set it continues.  The cursor
    goes back to the rack where the first picked rack tile was."""
    old = ed.after()
    pool = []
    for i in range(len(ed.table)):
        if i not in way.kept:
            pool.extend(ed.table[i])
    off = []
    for a, s, p in ed.sel:
        if a != TABLE:
            v = ed.container(a, s)[p]
            pool.append(v | FROM_RACK if a == RACK else v)
            off.append((a, s, p))
    first = min([p for a, s, p in off if a == RACK] or [0])
    ed.sel = off
    ed._remove_selected()
    new = []
    for k in way.changed:
        out = bytearray()
        for t in way.table[k]:
            for i in range(len(pool)):
                if code(pool[i]) == t:
                    out.append(pool.pop(i))
                    break
        new.append(out)
    # every set stands where the set it continues stood (rummikub.places)
    sets = [ed.table[i] for i in way.kept] + new
    order = arrange(old, way.table)
    ed.table = [sets[j] for j in order]
    ed.sel = []
    ed.bad = -1
    ed.marked = [k for k in range(len(order)) if order[k] >= len(way.kept)]
    at = ed.marked[0]
    ed.point_at(TABLE, at, 0)       # the table shows the first new set
    ed.point_at(RACK, 0, first)


def start(ed, melded, rules):
    from ai.place import Ways
    tiles, forced = query(ed)
    if not tiles:
        ed.msg = "Pick rack tiles to place first"
        return None
    # the solver's last resort answers within its anytime budget
    t = rules.timer_s * 100
    ways = Ways(ed.after(), tiles, forced, melded, rules,
                budget_ms=min(t, 2000) if t else 2000)
    w = ways.next()
    if w is None:
        from rummikub.tiles import fmt_tiles
        names = fmt_tiles(tiles)
        if not melded:
            ed.msg = "%s: no new sets (first meld)" % names
        elif len(tiles) == 1:
            ed.msg = "%s fits nowhere on this table" % names
        else:
            ed.msg = "%s fit nowhere together" % names
        return None
    return Proposal(ed, ways, w)


class Proposal:
    def __init__(self, ed, ways, first):
        self.ed = ed
        self.snap = ed.snapshot()
        self.sel = list(ed.sel)
        self.cur = ed.cur
        self.top = ed.top
        self.rack_top = ed.rack_top
        self.before = len(ed.table)
        self.ways = [first]
        self.gen = ways
        self.i = 0
        show_way(ed, first)

    def back(self):
        """The editor as it was before the proposal."""
        ed = self.ed
        ed.restore(self.snap)
        ed.sel = list(self.sel)
        ed.cur = self.cur          # (restore() clamps without the picks' slots)
        ed.top = self.top
        ed.rack_top = self.rack_top
        ed.marked = []

    def lines(self, meld):
        """meld: (points needed) before the first meld, else 0."""
        w = self.ways[self.i]
        if meld:
            head = "New sets: %d of %d points" % (w.points, meld)
        else:
            n = self.before - len(w.kept)
            if n:
                head = "Way %d: %d set%s changed" % (self.i + 1, n, "" if n == 1 else "s")
            else:
                head = "Way %d: new set%s" % (self.i + 1, "" if len(w.changed) == 1 else "s")
        more = "</>: other ways" if len(self.ways) > 1 or self.gen else "The only way"
        return [head, more + "  A: take it", "START: take, end turn  B: back"]

    def key(self, b):
        ed = self.ed
        if b == buttons.LEFT or b == buttons.RIGHT:
            i = self.i + (1 if b == buttons.RIGHT else -1)
            if i >= len(self.ways) and self.gen is not None:
                w = self.gen.next()
                if w is None:
                    self.gen = None
                else:
                    self.ways.append(w)
            self.i = i % len(self.ways)
            self.back()
            show_way(ed, self.ways[self.i])
            return None
        if b == buttons.A or b == buttons.START:
            ed.undo_stack.append(self.snap)     # one undo step goes back
            if len(ed.undo_stack) > UNDO_DEPTH:
                ed.undo_stack.pop(0)
            ed.msg = "Placed. Pick more or START: end turn"
            return "end" if b == buttons.START else "take"
        if b == buttons.B:
            self.back()
            ed.msg = ""
            return "back"
        return None
