"""Computer players: easy, medium, hard, expert, and greedy (the
yardstick).  Each picks a new table (or None to draw) from what a human
sees, and plays it through the same Game.play()/
Game.draw() calls the UI uses, so an AI can never make an illegal move.

easy:   whole new sets from its rack only, never touches the table, and
        now and then holds back (draws although it could play).
medium: the most rack tiles in new sets (exact, rack only), then lays
        single tiles off on the ends of runs and into groups.
hard:   the expert on a shoestring (HARD_SAMPLES samples, HARD_SEARCHES
        searches a move).
expert: greedy play until the endgame, then a look-ahead over samples of
        the hidden tiles (ai.expert).
greedy: the solver's move (most tiles, then most value) every turn, a
        draw when there is none; no other judgement.  The yardstick every
        level is measured against.
"""
import sys
from compat import MICROPYTHON, const, ticks_ms, ticks_diff
from rummikub.tiles import remove_tile
from rummikub.places import arrange
from common.rng import Rng
from ai import greedy
# ai.solver and ai.expert are loaded by the levels that search (medium,
# greedy, hard, expert): an easy seat, or a person using easy's choice,
# keeps the search code out of the heap

LEVELS = ("easy", "medium", "hard", "expert", "greedy")
# hard: the expert's endgame look-ahead on a shoestring (samples of the
# hidden tiles, searches a move)
_HARD_SAMPLES = const(2)
_HARD_SEARCHES = const(10)

# an AI's think time when none is given: exact on CPython; on MicroPython
# (the device, and the unix port and the browser that stand in for it) a
# guard: the solver returns its best move after this long, the expert its
# best candidate so far (anytime)
_DEVICE_THINK_MS = const(8000)
# hard and expert on the device: their look-ahead stops taking samples
# this long after the move began, their own move's search included (the
# targets: 0.5 s median, 2 s p95 a move; the margin is for the sample in
# flight at the deadline)
_DEVICE_LOOKAHEAD_MS = const(1800)


class Player:
    def __init__(self, level="hard", seed=1, budget_ms=None):
        if level not in LEVELS:
            raise ValueError("AI level must be one of %s, not %r" % (", ".join(LEVELS), level))
        self.level = level
        self.rng = Rng(seed)
        # its own move's search: the guard (greedy's); hard and expert
        # then look ahead until budget_ms after the move began
        self.solve_ms = _DEVICE_THINK_MS if budget_ms is None and MICROPYTHON else budget_ms
        if budget_ms is None and MICROPYTHON:
            budget_ms = _DEVICE_LOOKAHEAD_MS if level in ("hard", "expert") else _DEVICE_THINK_MS
        self.budget_ms = budget_ms
        self.think_ms = 0
        self.moves = 0
        self.expert = None
        if level in ("hard", "expert"):
            from ai.expert import Expert
        if level == "expert":
            self.expert = Expert(self.rng)
        elif level == "hard":
            self.expert = Expert(self.rng, samples=_HARD_SAMPLES, max_searches=_HARD_SEARCHES,
                                 read=False)

    def choose(self, game):
        """The table this player wants to leave, or None to draw."""
        table = game.table
        rack = game.rack
        melded = bool(game.melded[game.current])
        rules = game.rules
        if self.level == "easy":
            return _easy(table, rack, melded, rules, self.rng)
        if self.level == "medium":
            return _medium(table, rack, melded, rules)
        if self.level == "greedy":
            from ai.solver import solve
            best = solve(table, rack, melded, rules, self.budget_ms)
            return best.table if best.count else None
        return self.expert.choose(game, self.budget_ms, self.solve_ms)    # hard, expert

    def decide(self, game):
        """This turn's table, its sets where they stood (rows stay put),
        or None to draw; `game` may be anything with the Game's table,
        rack, melded, current and rules (a linked console's view)."""
        t0 = ticks_ms()
        try:
            after = self.choose(game)
        except MemoryError:
            # no heap left to think in, not even for the greedy fallback
            # (a heap that cannot grow, late in a match): a draw needs none and is
            # always legal, so the app plays on instead of stopping
            after = None
        finally:
            # the search's tables go with the turn (the next one builds them
            # again, a few ms): between turns the heap is the UI's and the save's
            dp = sys.modules.get("ai.dp")
            if dp is not None:
                dp.drop_caches()
        self.think_ms += ticks_diff(ticks_ms(), t0)
        self.moves += 1
        if after is None:
            return None
        return [after[j] for j in arrange(game.table, after)]

    def take_turn(self, game):
        """Play one turn on `game`; returns the TurnResult or the drawn tiles."""
        after = self.decide(game)
        if after is not None:
            res = game.play(after)
            if res.valid:
                return res
            # never expected: the engine refused our table; draw instead
        return game.draw()


def _easy(table, rack, melded, rules, rng):
    ncol = rules.ncolours
    sets = greedy.rack_runs_groups(rack, ncol, jokers=False)
    if not sets:
        return None
    if not melded and greedy.meld_value(sets, ncol) < rules.initial_meld:
        return None
    if melded and rng.randbelow(4) == 0:
        return None                      # holds back now and then
    return [bytearray(s) for s in table] + sets


def _medium(table, rack, melded, rules):
    ncol = rules.ncolours
    need = rules.initial_meld if not melded else 0
    from ai.solver import rack_sets
    sets = rack_sets(rack, rules, need)
    if not melded and not sets:
        return None
    after = [bytearray(s) for s in table] + sets
    if not melded and not rules.initial_meld_table_use:
        return after
    left = bytearray(rack)
    for s in sets:
        for t in s:
            remove_tile(left, t)
    after, placed = greedy.lay_off(after, left, ncol)
    if not sets and not placed:
        return None
    return after
