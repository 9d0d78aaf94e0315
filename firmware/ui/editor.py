"""The play screen's model: a turn being built with seven buttons.

Pure logic (no drawing, no engine calls that change the game), so every
manipulation can be tested directly.  The player works on a private copy
of the table: tiles can be picked anywhere (rack, table, hand), placed into
a set at a position, into a new set, into the "hand" (a parking row for
tiles taken off the table this turn) or back onto the rack (rack tiles
only).  Nothing reaches the Game until END, where the engine's validator
decides on `after()`.

Tiles that came from the rack this turn carry FROM_RACK (bit 7) while on
the table or in the hand; the code itself is `v & 0x7F`.
"""
from compat import const
from rummikub.tiles import sort_by_run, sort_by_number, JOKER
from rummikub.melds import is_valid
from ui.turn_sets import (code, plain, arrange, could_share, changed_sets,
                          pack, unpack)
from ui.layout import (TABLE, HAND, RACK, PITCH, PER_ROW, flow, find_set,
                       rack_xy, hand_x)

FROM_RACK = const(0x80)
UNDO_DEPTH = const(20)


class Editor:
    """One player's turn in progress.  `table`, `hand`, `rack` are what the
    screen shows; `cur` is (area, set, pos); `sel` the picked positions in
    pick order."""

    def __init__(self, table, rack, ncolours):
        self.ncolours = ncolours
        self.start_table = [bytearray(s) for s in table]
        self.table = [bytearray(s) for s in table]
        self.hand = bytearray()
        self.rack = bytearray(rack)
        self.sel = []
        self.undo_stack = []
        self.cur = (RACK, 0, 0)
        self.marked = []      # table sets to frame (assisted placement's ways, the hint)
        self.tags = None      # per table set, a mark per tile (rummikub.places.tags)
        self.bad = -1         # set the validator refused
        self.msg = ""
        self.top = 0          # first visible table row
        self.rack_top = 0     # first visible rack row
        self.hand_left = 0    # first visible hand position
        self.last = {}        # area -> where the cursor last was there
        self.fresh = b""      # tiles drawn last turn (marked on the rack)

    # -- state snapshots (undo, saves) --------------------------------------
    def snapshot(self):
        return pack(self.rack, self.hand, self.table, self.cur)

    def restore(self, snap):
        self.rack, self.hand, self.table, self.cur = unpack(snap)
        self.sel = []
        self.clamp()

    def _push(self):
        self.undo_stack.append(self.snapshot())
        if len(self.undo_stack) > UNDO_DEPTH:
            self.undo_stack.pop(0)
        self.bad = -1

    def undo(self):
        if not self.undo_stack:
            self.msg = "Nothing to undo"
            return False
        self.restore(self.undo_stack.pop())
        self.marked = []
        self.bad = -1
        self.msg = "Undone"
        return True

    def reset(self):
        """Back to the start of the turn (itself undoable)."""
        if not self.changed() and not self.hand:
            self.msg = "Nothing to reset"
            return False
        self._push()
        rack = self.rack_order()
        self.table = [bytearray(s) for s in self.start_table]
        self.hand = bytearray()
        self.rack = rack
        self.sel = []
        self.marked = []
        self.cur = (RACK, 0, 0)
        self.clamp()
        self.msg = "Turn reset"
        return True

    def rack_order(self):
        """The rack as the player arranged it plus every rack tile now on
        the table or in the hand (the same tiles as at the turn start)."""
        out = bytearray(self.rack)
        for v in self.hand:
            if v & FROM_RACK:
                out.append(code(v))
        for s in self.table:
            for v in s:
                if v & FROM_RACK:
                    out.append(code(v))
        return out

    # -- queries ------------------------------------------------------------
    def changed(self):
        if len(self.table) != len(self.start_table):
            return True
        for i in range(len(self.table)):
            if plain(self.table[i]) != self.start_table[i]:
                return True
        return False

    def after(self):
        """The table to hand to the validator (flags stripped)."""
        return [plain(s) for s in self.table]

    def played_count(self):
        n = 0
        for s in self.table:
            for v in s:
                if v & FROM_RACK:
                    n += 1
        return n

    def container(self, area, si):
        if area == TABLE:
            return self.table[si] if si < len(self.table) else None
        return self.hand if area == HAND else self.rack

    def length(self, area, si):
        """Positions in a container, slots included."""
        slot = 1 if self.sel else 0
        if area == TABLE:
            if si >= len(self.table):
                return 1              # the new-set slot
            return len(self.table[si]) + slot
        if area == HAND:
            return len(self.hand) + 1
        n = len(self.rack) + slot
        return n if n else 1

    def at(self, pos3=None):
        """Tile value at a position, or -1 for a slot."""
        area, si, pos = pos3 or self.cur
        c = self.container(area, si)
        if c is None or pos >= len(c):
            return -1
        return c[pos]

    def is_selected(self, area, si, pos):
        return (area, si, pos) in self.sel

    def table_rows(self):
        # every set keeps room for its end slot, shown while tiles are
        # picked: picking never moves a set to another row
        return flow([len(s) for s in self.table], 1)

    def clamp(self):
        area, si, pos = self.cur
        if area == TABLE:
            si = min(si, len(self.table))
        else:
            si = 0
        pos = max(0, min(pos, self.length(area, si) - 1))
        self.cur = (area, si, pos)

    # -- cursor movement ------------------------------------------------------
    # LEFT/RIGHT: tile by tile, along the table's sets in reading order (the
    # new-set slot last), along the hand or along the rack; each wraps round
    # within its own area.  UP/DOWN: set by set on the table (onto a set's
    # first tile; with tiles picked onto its end slot, where picks go: one
    # press to a set's end, RIGHT from there to the next set's start), row
    # by row in the rack, the hand between them while it is in use; past
    # either end on to the next area, round and round.
    # jump() (hold B): straight to the next area, where the cursor last was.
    def move(self, dx, dy):
        self.last[self.cur[0]] = self.cur
        if dy:
            self._vertical(dy)
        else:
            self._horizontal(dx)
        self.clamp()
        self._scroll()

    def jump(self):
        """To the next area (table -> hand while in use -> rack -> table),
        where the cursor last was there."""
        area = self.cur[0]
        self.last[area] = self.cur
        order = [TABLE, HAND, RACK] if self.hand_in_use() else [TABLE, RACK]
        k = order.index(area) if area in order else 0
        nxt = order[(k + 1) % len(order)]
        self.cur = self.last.get(nxt) or (nxt, 0, 0)
        self.clamp()
        self._scroll()

    def _horizontal(self, dx):
        area, si, pos = self.cur
        pos += dx
        if area != TABLE:
            self.cur = (area, 0, pos % self.length(area, 0))
            return
        n = len(self.table) + 1            # sets and the new-set slot
        while pos < 0 or pos >= self.length(TABLE, si):
            if pos < 0:
                si = (si - 1) % n
                pos += self.length(TABLE, si)
            else:
                pos -= self.length(TABLE, si)
                si = (si + 1) % n
        self.cur = (TABLE, si, pos)

    def stops(self):
        """Where UP/DOWN stop, top to bottom: [(area, set or rack row)]."""
        out = [(TABLE, i) for i in range(len(self.table) + 1)]
        if self.hand_in_use():
            out.append((HAND, 0))
        n = self.length(RACK, 0)
        for r in range((n + PER_ROW - 1) // PER_ROW):
            out.append((RACK, r))
        return out

    def hand_in_use(self):
        """The hand (a parking row for table tiles) is shown and a stop
        while it holds tiles, a table or hand tile is picked, or the
        cursor is in it; rack picks alone go to the table, not here."""
        return bool(self.hand) or self.cur[0] == HAND or self._picked_off_rack()

    def _picked_off_rack(self):
        for a, _, _ in self.sel:
            if a != RACK:
                return True
        return False

    def stop(self):
        area, si, pos = self.cur
        if area == RACK:
            return (RACK, pos // PER_ROW)
        return (area, si if area == TABLE else 0)

    def _vertical(self, dy):
        stops = self.stops()
        here = self.stop()
        k = stops.index(here) if here in stops else (0 if dy > 0 else len(stops) - 1)
        area, i = stops[(k + dy) % len(stops)]
        if here[0] == RACK and area == HAND and self.sel and not self._picked_off_rack():
            area, i = TABLE, len(self.table)    # rack picks: UP to the new set
        if area == TABLE:
            self.cur = (TABLE, i, len(self.table[i]) if self.sel and i < len(self.table) else 0)
        elif area == HAND:
            self.cur = (HAND, 0, 0)
        else:
            col = self.cur[2] % PER_ROW if self.cur[0] == RACK else 0
            self.cur = (RACK, 0, i * PER_ROW + col)

    def cursor_row_x(self, trows=None):
        """(visual row (area, r), x) of the cursor."""
        area, si, pos = self.cur
        if area == TABLE:
            r, x = find_set(trows or self.table_rows(), si)
            return (TABLE, r), x + pos * PITCH
        if area == HAND:
            return (HAND, 0), hand_x(pos)
        r, x = rack_xy(pos)
        return (RACK, r), x

    def point_at(self, area, si, pos):
        """Put the cursor on (area, set, pos), kept in range and on screen."""
        self.cur = (area, si, pos)
        self.clamp()
        self._scroll()

    def _scroll(self, visible_table=5, visible_rack=2, hand_cells=14):
        from ui.layout import scroll_for
        (area, r), _ = self.cursor_row_x()
        if area == TABLE:
            self.top = scroll_for(r, self.top, visible_table)
        elif area == RACK:
            self.rack_top = scroll_for(r, self.rack_top, visible_rack)
        else:
            self.hand_left = scroll_for(self.cur[2], self.hand_left, hand_cells)
        nrows = len(self.table_rows())
        self.top = max(0, min(self.top, nrows - visible_table))

    # -- picking and placing --------------------------------------------------
    def press_a(self):
        """Pick/unpick the tile under the cursor, or place on a slot."""
        area, si, pos = self.cur
        v = self.at()
        if v < 0:
            if not self.sel:
                if area == TABLE:
                    self.msg = "Pick tiles first (A on a tile), then A here"
                else:
                    self.msg = "Pick tiles first"
                return False
            return self.place(area, si, pos)
        key = (area, si, pos)
        if key in self.sel:
            self.sel.remove(key)
            self.msg = ""
        else:
            self.sel.append(key)
            self.msg = ""             # the screen counts the picks itself
            if area == RACK:
                self.cur = (RACK, 0, self._next_partner(pos))
        self.bad = -1
        self.clamp()
        return True

    def _next_partner(self, pos):
        """Where the cursor goes after a rack pick at pos: the next rack tile
        to the right (round the rack) that can share one set with every
        picked rack tile (the same number in another colour, or the same
        colour next in line); else simply the next tile.  Never onto a
        joker: it fits anything, so it was not what the player aimed at
        (the next A would pick it)."""
        picked = [code(self.rack[p]) for a, s, p in self.sel if a == RACK]
        n = len(self.rack)
        for k in range(1, n):
            q = (pos + k) % n
            if (RACK, 0, q) not in self.sel and self.rack[q] != JOKER and \
                    could_share(picked + [self.rack[q]], self.ncolours):
                return q
        return pos + 1 if pos + 1 < n else pos

    def long_a(self):
        """Place the picked tiles before the tile under the cursor; with
        nothing picked, split the set there."""
        area, si, pos = self.cur
        if self.sel:
            if self.is_selected(area, si, pos):
                self.msg = "Hold A on a tile that is not picked"
                return False
            return self.place(area, si, pos)
        if area != TABLE or self.at() < 0:
            self.msg = "Hold A on a table tile to split its set there"
            return False
        return self.split(si, pos)

    def clear_selection(self):
        if not self.sel:
            return False
        self.sel = []
        self.clamp()
        self.msg = ""
        return True

    def split(self, si, pos):
        s = self.table[si]
        if pos <= 0 or pos >= len(s):
            self.msg = "Split between two tiles: hold A on the 2nd..last tile"
            return False
        self._push()
        self.table[si:si + 1] = [s[:pos], s[pos:]]
        self.cur = (TABLE, si + 1, 0)
        self.msg = "Set split in two"
        self._scroll()
        return True

    def place(self, area, si, pos):
        """Move every picked tile to (area, set, pos)."""
        picked = []
        for a, s, p in self.sel:
            v = self.container(a, s)[p]
            if a == RACK:
                v |= FROM_RACK
            picked.append(v)
        if area == RACK:
            for v in picked:
                if not v & FROM_RACK:
                    self.msg = "Table tiles cannot go to your rack; put them in a set or the hand"
                    return False
        self._push()
        # positions before the target that are being removed
        for a, s, p in self.sel:
            if a == area and s == si and p < pos:
                pos -= 1
        self._remove_selected()
        # table sets emptied by the move disappear (the target stays)
        target = self.table[si] if area == TABLE and si < len(self.table) else None
        keep = []
        for s in self.table:
            if len(s) or s is target:
                keep.append(s)
        self.table = keep
        if area == TABLE:
            if target is None:
                new = bytearray(picked)
                if not is_valid(plain(new), self.ncolours):
                    new = arrange(new, self.ncolours) or new
                self.table.append(new)
                si = len(self.table) - 1
                pos = 0
                self.msg = "New set"
            else:
                si = 0
                while self.table[si] is not target:     # the set itself, not an equal one
                    si += 1
                s = target[:pos] + bytearray(picked) + target[pos:]
                if not is_valid(plain(s), self.ncolours):
                    s = arrange(s, self.ncolours) or s
                self.table[si] = s
                self.msg = "Placed %d" % len(picked)
        elif area == HAND:
            self.hand[pos:pos] = bytearray(picked)
            self.msg = "%d to the hand" % len(picked)
        else:
            self.rack[pos:pos] = plain(picked)
            self.msg = "%d back on the rack" % len(picked)
        self.sel = []
        self.marked = []
        self.cur = (area, si, pos)
        self.clamp()
        self._scroll()
        return True

    def _remove_selected(self):
        by = {}
        for a, s, p in self.sel:
            k = a * 256 + s
            by.setdefault(k, []).append(p)
        for k in by:
            a, s = k >> 8, k & 255
            c = self.container(a, s)
            out = bytearray()
            ps = by[k]
            for i in range(len(c)):
                if i not in ps:
                    out.append(c[i])
            if a == TABLE:
                self.table[s] = out
            elif a == HAND:
                self.hand = out
            else:
                self.rack = out

    # -- whole-rack and whole-turn operations -------------------------------
    def sort(self, by_number):
        self.sel = []
        self._push()
        self.rack = sort_by_number(self.rack) if by_number else sort_by_run(self.rack)
        self.msg = "Sorted 777" if by_number else "Sorted 789"
        self.clamp()
        return True

    def load_table(self, after, note, fresh=True):
        """Show a proposed table (a hint), one undo step: rack tiles it uses
        leave the rack.  fresh: it starts from the turn's start (the
        picks, the hand and what was put down go back); else from the
        table as it is (every tile on it stays, flags and all).  Its sets
        stand where the sets they continue stood (rummikub.places)."""
        from rummikub.places import arrange
        self._push()
        if fresh:
            rack = bytearray(self.rack_order())
            base = self.start_table
        else:
            rack = bytearray(self.rack)
            base = self.table           # (read only: self.table is replaced below)
        left = bytearray()          # the base table's tiles, flags and all
        for s in base:
            left.extend(s)
        table = []
        for s in after:
            out = bytearray()
            for t in s:
                for i in range(len(left)):
                    if code(left[i]) == t:
                        out.append(left[i])
                        left[i:i + 1] = b""
                        break
                else:
                    out.append(t | FROM_RACK)
                    for i in range(len(rack)):
                        if rack[i] == t:
                            rack[i:i + 1] = b""
                            break
            table.append(out)
        order = arrange([plain(s) for s in base], [plain(s) for s in table])
        arrange = None
        from ui import forget
        forget("rummikub.places")
        self.table = [table[j] for j in order]
        self.rack = rack
        self.hand = bytearray()
        self.sel = []
        self.marked = changed_sets(base, self.table, self.ncolours)
        self.msg = note
        if self.marked:
            self.cur = (TABLE, self.marked[0], 0)
        self.clamp()
        self._scroll()
        return True
