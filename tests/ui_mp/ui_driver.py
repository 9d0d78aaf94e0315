"""A scripted human that plays with keys only (MicroPython and CPython).

It reads the app's state the way a player reads the screen, picks the
next button and presses it through `press(name, long)`; nothing is changed
behind the app's back.  A move (the solver's hint) is carried out with the
play screen's manipulations: extend a set on its end slot, build sets on
the "+" slot, then START.
"""
from compat import const
from rummikub.melds import canonical
from hal.buttons import NAMES

# area numbers of ui.layout; the UI modules themselves are imported inside
# the methods so that holding this driver does not keep them in RAM while
# the app has unloaded them (the heap test measures the app, not us)
TABLE = 0
HAND = 1
RACK = 2
PER_ROW = 15
# the last presses kept for a Stuck message: a ring of button numbers
# (+8: long), one block for the whole match (a list of new strings, one
# a press, scattered small blocks over the capped heap it measures)
_LOG = const(40)


def plain(s):
    return bytearray([v & 0x7F for v in s])


def _deep(fn, n=60):
    """fn() called n frames further down the stack (see play_match)."""
    return _deep(fn, n - 1) if n else fn()


class Stuck(Exception):
    pass


class KeyDriver:
    def __init__(self, press, app, strategy="hint"):
        self.strategy = strategy   # "hint": the solver's move; "easy": new sets only
        self.press_fn = press      # press(name, long)
        self.app_fn = app          # () -> the current App
        self.presses = 0
        self.extends = 0
        self.built = 0
        self.turns = 0
        self.log = bytearray(_LOG)

    @property
    def app(self):
        return self.app_fn()

    @property
    def screen(self):
        return self.app_fn().screen

    @property
    def ed(self):
        return self.app_fn().screen.ed

    def key(self, name, long=False):
        self.log[self.presses % _LOG] = NAMES.index(name) + (8 if long else 0)
        self.presses += 1
        self.press_fn(name, long)

    def keys(self, text):
        for w in text.split():
            w = w.lower()
            long = w.endswith("_long")
            self.key(w[:-5] if long else w, long)

    # -- cursor ---------------------------------------------------------------
    def goto(self, area, si, pos):
        """UP/DOWN to the set or rack row (the shorter way round), then
        LEFT/RIGHT along it (the shorter way round its area)."""
        for _ in range(400):
            ed = self.ed
            if ed.cur == (area, si, pos):
                return
            stops = ed.stops()
            here = ed.stop()
            want = (RACK, pos // PER_ROW) if area == RACK else (area, si if area == TABLE else 0)
            n = ed.length(area, 0)
            if area == RACK and here[0] == RACK:
                d = (pos - ed.cur[2]) % n
                if min(d, n - d) <= PER_ROW // 2:
                    self.key("right" if d <= n - d else "left")
                    continue
            if here != want:
                d = (stops.index(want) - stops.index(here)) % len(stops)
                self.key("down" if d <= len(stops) - d else "up")
                continue
            if area == TABLE:
                d = pos - ed.cur[2]
                self.key("right" if d > 0 else "left")
                continue
            d = (pos - ed.cur[2]) % n
            self.key("right" if d <= n - d else "left")
        keys = []         # the last presses, oldest first ("A RIGHT START_LONG")
        for i in range(max(0, self.presses - _LOG), self.presses):
            v = self.log[i % _LOG]
            keys.append(NAMES[v & 7].upper() + ("_LONG" if v & 8 else ""))
        raise Stuck("cursor never reached %r (at %r, mode %r, keys %s)"
                    % ((area, si, pos), self.ed.cur, self.screen.mode, " ".join(keys)))

    def pick(self, loc):
        self.goto(loc[0], loc[1], loc[2])
        self.key("a")

    # -- carrying out a move ------------------------------------------------------
    def _free(self, ed, target):
        """Table sets matching no wanted set: their tiles may be reused."""
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
        """Turn the editor's table into `target` (list of sets) with keys."""
        for _ in range(60):
            ed = self.ed
            free, todo = self._free(ed, target)
            if not todo:
                return
            t = None
            for s in target:
                if canonical(plain(s), ed.ncolours) == todo[0]:
                    t = s
            if not self._extend(ed, t, free):
                taken = []
                for tile in t:
                    taken.append(self._find(self.ed, tile, free, taken))
                for loc in taken:
                    self.pick(loc)
                self.goto(TABLE, len(self.ed.table), 0)
                self.key("a")
                self.built += 1
        raise Stuck("move not built")

    def _extend(self, ed, t, free):
        """If a free set is part of t, place the missing tiles on its end."""
        from ui.turn_sets import arrange
        ncol = ed.ncolours
        for si in free:
            s = plain(ed.table[si])
            rest = bytearray(t)
            ok = True
            for v in s:
                k = rest.find(bytes((v,)))
                if k < 0:
                    ok = False
                    break
                rest[k:k + 1] = b""
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
            self.goto(TABLE, si, len(self.ed.table[si]))
            self.key("a")
            self.extends += 1
            return True
        return False

    # -- whole turns and matches ------------------------------------------------------
    def choose(self, g):
        """The table the human aims for, or None to draw: the hint's (asked
        through the turn menu by play_match, as a person does) or the easy
        AI's."""
        if self.strategy == "easy":
            from ai.players import Player
            return Player("easy", seed=g.turn_no + 1).choose(g)
        ed = self.ed
        if not ed.marked:                         # no play found, out of memory
            return None
        target = [plain(s) for s in ed.table]
        self.key("b")                             # undone: built again with keys
        return target

    def human_turn(self):
        """A turn up to its last key, returned (play_match presses it)."""
        target = self.choose(self.app.match.game)
        self.turns += 1
        if target is None:
            self.key("start")
            return "start"                        # the second START draws
        self.build(target)
        return "start"

    @staticmethod
    def hint_line(screen):
        """DOWNs from where the turn menu opened to its Hint line."""
        items = [i[1] for i in screen._menu_items()]
        return (items.index("hint") - screen.menu_cur) % len(items)

    def play_match(self, max_turns=400):
        """From wherever the app is, play until the scoreboard.  What reads
        the screen runs 60 frames down (_deep), and the keys after which the app
        thinks (the hint's A, the turn's last key) are pressed from up here:
        MicroPython scans the C stack conservatively, and a stale pointer to
        the play screen left where the app's frames then lie keeps the
        screen's modules, dropped by the app, alive while it thinks (a test
        artefact of ~20 KB: the device runs no driver)."""
        for _ in range(max_turns * 3):
            name = _deep(lambda: self.screen.name)
            if name == "scoreboard":
                return
            if name in ("privacy", "result"):
                self.key("a")
            elif name == "play":                # a review needs no key: play on
                if self.strategy == "hint":     # hold START, down to Hint
                    _deep(lambda: self.key("start", True))
                    _deep(lambda: self.keys("down " * self.hint_line(self.screen)))
                    self.key("a")
                self.key(_deep(self.human_turn))
                if _deep(lambda: self.screen.name == "play" and self.screen.mode == 2):
                    raise Stuck("END refused: %s" % _deep(lambda: self.screen.note))
            else:
                raise Stuck("unexpected screen %s" % name)
        raise Stuck("match did not finish")
