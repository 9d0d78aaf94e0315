"""A scripted human for headless tests: presses real keys on the emulator.

It looks at the app (as a player looks at the screen), decides the next
button and presses it through the emulated buttons; nothing is changed
behind the app's back.  To carry out a move it uses the play screen's
manipulations: extend a set by placing on its end slot, build new sets on
the "+" slot, split with a long A, and END with START.
"""
from host_tools.emulator.headless import Runner, HOLD_MS, LONG_MS
from rummikub.game import PLAYING
from rummikub.melds import canonical
from ui.editor import plain, arrange
from ui.layout import TABLE, HAND, RACK, find_set


class Stuck(AssertionError):
    pass


class Driver:
    def __init__(self, root, shots=None):
        self.r = Runner(root, shots)
        self.presses = 0
        self.log = []

    @property
    def app(self):
        return self.r.app

    @property
    def screen(self):
        return self.r.app.screen

    @property
    def ed(self):
        return self.r.app.screen.ed

    def key(self, name, long=False):
        self.presses += 1
        self.log.append(name.upper() + ("_LONG" if long else ""))
        self.r.press(name, LONG_MS if long else HOLD_MS)

    def keys(self, text):
        for w in text.split():
            long = w.upper().endswith("_LONG")
            self.key(w.lower().replace("_long", ""), long)

    # -- cursor -----------------------------------------------------------------
    def _row_of(self, ed, area, si, pos):
        if area == TABLE:
            return (TABLE, find_set(ed.table_rows(), si)[0])
        if area == HAND:
            return (HAND, 0)
        return (RACK, pos // 16)

    def goto(self, area, si, pos):
        for _ in range(400):
            ed = self.ed
            if ed.cur == (area, si, pos):
                return
            rows = ed.visual_rows()
            here, x = ed.cursor_row_x()
            want = self._row_of(ed, area, si, pos)
            if here != want:
                d = (rows.index(want) - rows.index(here)) % len(rows)
                self.key("down" if d <= len(rows) - d else "up")
                continue
            ca, cs, cp = ed.cur
            if ca == area == TABLE:
                order = (cs, cp) < (si, pos)
            elif ca == area:
                order = cp < pos
            else:
                order = ca < area
            self.key("right" if order else "left")
        raise Stuck("cursor never reached %r (at %r, mode %r, keys %s)" % ((area, si, pos), self.ed.cur, self.screen.mode, " ".join(self.log[-12:])))

    def pick(self, loc):
        self.goto(*loc)
        self.key("a")

    # -- finding tiles ------------------------------------------------------------
    def _sources(self, ed, target):
        """Table sets not matching a wanted set: their tiles may be reused."""
        ncol = ed.ncolours
        want = [canonical(plain(s), ncol) for s in target]
        free = []
        for i in range(len(ed.table)):
            c = canonical(plain(ed.table[i]), ncol)
            if c in want:
                want.remove(c)
            else:
                free.append(i)
        return free, want

    def _find(self, ed, t, free, taken):
        for si in free:
            s = ed.table[si]
            for p in range(len(s)):
                if s[p] & 0x7F == t and (TABLE, si, p) not in taken:
                    return (TABLE, si, p)
        for p in range(len(ed.hand)):
            if ed.hand[p] & 0x7F == t and (HAND, 0, p) not in taken:
                return (HAND, 0, p)
        for p in range(len(ed.rack)):
            if ed.rack[p] == t and (RACK, 0, p) not in taken:
                return (RACK, 0, p)
        raise Stuck("tile %d not found for the move" % t)

    def build(self, target):
        """Turn the editor's table into `target` (a list of sets) with keys."""
        ncol = self.ed.ncolours
        for _ in range(40):
            ed = self.ed
            free, _ = self._sources(ed, target)
            have = [canonical(plain(ed.table[i]), ncol) for i in range(len(ed.table))
                    if i not in free]
            todo = []
            for s in target:
                c = canonical(plain(s), ncol)
                if c in have:
                    have.remove(c)
                else:
                    todo.append(s)
            if not todo:
                return
            t = todo[0]
            if not self._extend(ed, t, free):
                taken = []
                for tile in t:
                    taken.append(self._find(self.ed, tile, free, taken))
                for loc in taken:
                    self.pick(loc)
                self.goto(TABLE, len(self.ed.table), 0)
                self.key("a")
        raise Stuck("move not built: %r" % target)

    def _extend(self, ed, t, free):
        """Extend a free set that is a part of t by placing the rest on its end."""
        ncol = ed.ncolours
        for si in free:
            s = plain(ed.table[si])
            rest = bytearray(t)
            ok = True
            for v in s:
                for k in range(len(rest)):
                    if rest[k] == v:
                        rest[k:k + 1] = b""
                        break
                else:
                    ok = False
            if not ok or not rest or len(rest) == len(t):
                continue
            a = arrange(s + rest, ncol)
            if a is None or canonical(plain(a), ncol) != canonical(bytes(t), ncol):
                continue
            others = [i for i in free if i != si]
            taken = []
            try:
                for tile in rest:
                    taken.append(self._find(ed, tile, others, taken))
            except Stuck:
                continue
            for loc in taken:
                self.pick(loc)
            self.extends = getattr(self, "extends", 0) + 1
            self.goto(TABLE, si, len(self.ed.table[si]))
            self.key("a")
            return True
        return False

    # -- whole turns and games ----------------------------------------------------
    def human_turn(self):
        from ai.hint import hint
        g = self.app.match.game
        _, move = hint(g)
        if move.count == 0:
            self.keys("start start")
            return "draw"
        self.build(move.table)
        self.key("start")
        if self.screen.name == "play" and self.screen.mode == 2:
            raise Stuck("END refused: %s" % self.screen.note)
        return "play"

    def play_match(self, max_turns=400):
        """From wherever the app is, play until the scoreboard."""
        for _ in range(max_turns * 3):
            name = self.screen.name
            if name == "scoreboard":
                return
            if name in ("privacy", "result"):
                self.key("a")
            elif name == "play":
                if self.screen.mode == 1:      # review of the others' turns
                    self.key("a")
                else:
                    self.human_turn()
            else:
                raise Stuck("unexpected screen %s" % name)
        raise Stuck("match did not finish")
