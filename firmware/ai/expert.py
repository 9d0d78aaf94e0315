"""The expert player: greedy play until the endgame, then a look-ahead
over samples of the hidden tiles.

Why: over mirrored deals, holding tiles back early, keeping jokers and
static rack scores measured no better than greedy play (the deal decides
most games); what measured better is care at the end.  Once any rack holds
ENDGAME tiles or fewer, a few candidate moves (the most tiles, the best
move that keeps the jokers, the best moves that keep one tile back, and
drawing) are each tried against samples of the hidden tiles: the unseen
tiles (the full set less this rack and the table) are dealt to the other
players by their visible tile counts (heads-up, the player who moved last
only tiles it could not have placed on the table it left: ai.reading;
besides what it just drew, a player who plays what it can holds none), each
opponent replies greedily in turn order, and the candidate scores 0 if
one of them goes out, 1 if this player can then go out, else a middle
value from the tile counts.

Fair play: it reads only what a human in the seat sees (its own rack, the
table, each player's tile count and whether they have melded, the pool
size, and whether the last turn was a play or a draw of how many tiles).
The unseen tiles are listed in code order before sampling, so how the
hidden tiles actually lie cannot change its choice.

Anytime: samples are taken one at a time, every candidate on the same
sample, and the clock is read between candidates; a sample is begun only
while the time the last one took is left before the deadline, one the
deadline cuts short is dropped, and the candidate with the best mean so far
is played (the most-tiles move if not one sample was finished).
"""
from compat import const, ticks_ms, ticks_diff
from rummikub.tiles import JOKER, remove_tile, has
from ai.solver import solve, goes_out, reaches, fitting
from ai.move import search_fits
from ai import reading

ENDGAME = 6         # look ahead once any rack holds this many tiles or fewer
_SAMPLES = const(4)        # hidden-tile samples a move at most
_KEEP_BACK = const(3)      # "keep one tile back" candidates at most (highest first)
_SHED = const(False)  # True: play each opponent's greedy reply out (its table
                    # change and tiles shed count); False: only ask whether it goes out
_MAX_SEARCHES = const(24)   # searches a move: no new sample is begun past this many
_REDEALS = const(3)   # a sampled rack that could have played: dealt again at most this often
_READ_MAX = const(8)  # racks of more tiles are not checked (they do not go out in one turn)
# on MicroPython with less room than ai.move.SEARCH_ROOM (ai.move.room: on
# the ESP32 the heap's growth included) the look-ahead's searches give up
# for want of heap and its samples compare moves no better than chance
# (docs/figures.md, "The AI on the device's heap"); the expert then plays
# its own best move, as greedy does


class Expert:
    """The expert's search state: its random stream and a search counter
    (solves and go-out checks, for the think-time figures)."""

    def __init__(self, rng, samples=None, endgame=None, shed=None, max_searches=None,
                 read=True):
        self.rng = rng
        self.read = read
        self.samples = _SAMPLES if samples is None else samples
        self.endgame = ENDGAME if endgame is None else endgame
        self.shed = _SHED if shed is None else shed
        self.max_searches = _MAX_SEARCHES if max_searches is None else max_searches
        self.solves = 0
        self._start = 0
        self._dead = -1

    def _solve(self, table, rack, melded, rules, deadline):
        self.solves += 1
        return solve(table, rack, melded, rules, _left(deadline))

    # a check the tile count alone answers (ai.solver.fitting) takes no
    # search and is not counted against max_searches
    def _goes_out(self, table, rack, rules, deadline):
        if fitting(table, rack, rules) < len(rack):
            return False
        self.solves += 1
        return goes_out(table, rack, rules, _left(deadline))

    def _can_play(self, table, rack, rules, deadline):
        if fitting(table, rack, rules) < 1:
            return False
        self.solves += 1
        return reaches(table, rack, rules, 1, _left(deadline))

    def choose(self, game, budget_ms=None, solve_ms=None):
        """The table to leave, or None to draw.  Its own best move is
        searched under solve_ms (default budget_ms), as greedy's is (on
        the device a 2 s budget for that search and the look-ahead
        together left the expert a quarter of greedy's time for the same
        move, and it lost to greedy); the look-ahead stops budget_ms after
        the move began, so a move takes about budget_ms at most unless its
        own search alone takes longer (then it plays that move)."""
        t0 = ticks_ms()
        self._start = self.solves
        me = game.current
        rules = game.rules
        table = game.table
        rack = game.rack
        melded = bool(game.melded[me])
        # the room to look ahead is read before the own move's search: its
        # collection is one the solver makes first anyway, so where there
        # is no room (a heap that cannot grow) the turn runs exactly as
        # greedy's, heap and all, and plays greedy's move
        ahead = min(len(r) for r in game.racks) <= self.endgame and search_fits()
        self.solves += 1
        best = solve(table, rack, melded, rules, budget_ms if solve_ms is None else solve_ms)
        if best.count and best.count == len(rack):
            return best.table                       # goes out: always
        if not ahead:
            return best.table if best.count else None
        deadline = None if budget_ms is None else t0 + budget_ms
        if deadline is not None and ticks_diff(deadline, ticks_ms()) <= 0:
            return best.table if best.count else None
        counts = [len(r) for r in game.racks]
        cands = self._candidates(best, table, rack, melded, rules, deadline)
        if len(cands) < 2:
            return cands[0][0]
        return self._pick(cands, game, counts, deadline)

    def _candidates(self, best, table, rack, melded, rules, deadline):
        """(table or None, rack left) for each distinct option, best first."""
        out = []
        seen = []

        def add(move):
            if move is None:
                key = b""
                tab = None
                left = bytearray(rack)
            else:
                if not move.count:
                    return
                key = bytes(sorted(move.placed))
                tab = move.table
                left = bytearray(rack)
                for t in move.placed:
                    remove_tile(left, t)
            for k in seen:
                if k == key:
                    return
            seen.append(key)
            out.append((tab, left))

        if best.count:
            add(best)
            if has(best.placed, JOKER):
                nj = bytearray([t for t in rack if t != JOKER])
                add(self._solve(table, nj, melded, rules, deadline))
            if melded:
                tried = 0
                for t in sorted(set(bytes(best.placed)), reverse=True):
                    if tried >= _KEEP_BACK:
                        break
                    tried += 1
                    less = bytearray(rack)
                    remove_tile(less, t)
                    add(self._solve(table, less, melded, rules, deadline))
        add(None)
        return out

    def _view(self, game):
        """What the samples are dealt from, once a move: the unseen tiles
        (the full set less this rack and the table, in code order) and,
        when it reads the table, the hot tiles and the last mover."""
        r = game.rules
        unseen = reading.unseen(game)
        # heads-up only: at four seats the others, dealt what the last
        # mover may not hold, came out over-rated (docs/figures.md)
        who, free = reading.last_mover(game) if self.read and game.n == 2 else (-1, 0)
        if who >= 0 and not game.melded[who]:
            who = -1
        flags = reading.hot(game.table, r.ncolours) if who >= 0 else None
        return unseen, flags, who, free

    def _deal(self, game, counts, view, deadline):
        """One sample: a rack for every other seat and the pool, dealt from
        the unseen tiles by our own random stream; the last mover's rack
        as the table says it can be (ai.reading), dealt again while a
        search finds it could have played."""
        unseen, flags, who, free = view
        racks, pool = reading.deal(self.rng, game, counts, bytearray(unseen), flags, who, free)
        # the seat whose whole sampled rack a search found unable to play on
        # the table as it is (so unable to go out on it), or -1
        self._dead = -1
        if who >= 0 and free < counts[who] <= _READ_MAX:
            tries = 0
            while tries < _REDEALS:
                if not self._can_play(game.table, racks[who][free:], game.rules, deadline):
                    if not free:
                        self._dead = who
                    break
                pool = reading.redeal(self.rng, racks, pool, who, flags, free)
                tries += 1
        return racks, pool

    def _pick(self, cands, game, counts, deadline):
        """The candidate with the best mean over the samples taken."""
        n = len(counts)
        me = game.current
        totals = [0.0] * len(cands)
        # whether we go out next turn after a played candidate: the same on
        # every sample while the opponents' replies leave the table as it
        # is (not shed), so it is searched once
        mine = [None] * len(cands)
        view = self._view(game)
        done = 0
        took = 0        # ms the last whole sample took
        while done < self.samples:
            began = ticks_ms()
            # a sample is begun only with the time the last one took still
            # left: one cut short is dropped, and its searches past the
            # deadline still cost their set-up, so the move would overrun
            if done and (self.solves - self._start >= self.max_searches or
                         (deadline is not None and ticks_diff(deadline, began) < took)):
                break
            racks, pool = self._deal(game, counts, view, deadline)
            vals = []
            for i in range(len(cands)):
                if deadline is not None and ticks_diff(deadline, ticks_ms()) <= 0:
                    break
                tab, left = cands[i]
                keep = mine if tab is not None and not self.shed else None
                if tab is None:
                    tab = game.table
                    if pool:
                        left = left + pool[:1]
                vals.append(self._play_out(tab, left, racks, game, me, n, deadline, keep, i))
            if deadline is not None and ticks_diff(deadline, ticks_ms()) <= 0:
                break       # cut short: its searches gave up at the deadline
            for i in range(len(cands)):
                totals[i] += vals[i]
            took = ticks_diff(ticks_ms(), began)
            done += 1
        best = 0
        for i in range(1, len(cands)):
            if totals[i] > totals[best]:
                best = i
        return cands[best][0]

    def _play_out(self, table, left, racks, game, me, n, deadline, keep=None, i=0):
        """One candidate on one sample: the opponents reply in turn order;
        0 if one goes out, 1 if we can go out next, else between (the
        fewer tiles we hold against their fewest, the better).  keep[i]:
        our go-out answer on this table, once known (None: not kept)."""
        rules = game.rules
        fewest = 99
        for k in range(1, n):
            if k > 1 and deadline is not None and ticks_diff(deadline, ticks_ms()) <= 0:
                return 0.0      # the sample is dropped (_pick): no more searches
            p = (me + k) % n
            opp = racks[p]
            om = bool(game.melded[p])
            if om and not self.shed:
                if (p != self._dead or table is not game.table) and \
                        self._goes_out(table, opp, rules, deadline):
                    return 0.0
                if len(opp) < fewest:
                    fewest = len(opp)
                continue
            mv = self._solve(table, opp, om, rules, deadline)
            if mv.count and mv.count == len(opp):
                return 0.0
            if mv.count:
                table = mv.table
            if len(opp) - mv.count < fewest:
                fewest = len(opp) - mv.count
        if not left:
            return 1.0
        if game.melded[me] or len(left) < len(game.rack):
            out = None if keep is None else keep[i]
            if out is None and deadline is not None and ticks_diff(deadline, ticks_ms()) <= 0:
                return 0.0
            if out is None:
                out = self._goes_out(table, left, rules, deadline)
                if keep is not None:
                    keep[i] = out
            if out:
                return 1.0
        # 0.5: below our going out, by half (the full share, fewest /
        # (fewest + ours), measured worse: docs/figures.md)
        return 0.5 * fewest / (fewest + len(left))


def _left(deadline):
    """Milliseconds to the deadline (at least 1), or None."""
    if deadline is None:
        return None
    ms = ticks_diff(deadline, ticks_ms())
    return ms if ms > 1 else 1
