"""Computer players: easy, medium, hard, expert, and greedy (the yardstick).  Each picks a new table (or None to
draw) from what a human sees, and plays it through the same Game.play()/
Game.draw() calls the UI uses, so an AI can never make an illegal move.

easy:   whole new sets from its rack only, never touches the table, and
        now and then holds back (draws although it could play).
medium: the most rack tiles in new sets (exact, rack only), then lays
        single tiles off on the ends of runs and into groups.
hard:   the exact solver, plus judgement: keeps a joker when it buys no
        extra tile, holds back small plays early in a round, and prefers
        the move that leaves the better rack.
expert: greedy play until the endgame, then a look-ahead over samples of
        the hidden tiles (ai.expert).
greedy: the solver's move (most tiles, then most value) every turn, a
        draw when there is none; no other judgement.  The yardstick every
        level is measured against.
"""
from compat import ticks_ms, ticks_diff
from rummikub.tiles import JOKER, remove_tile, count_tiles
from rummikub.rng import Rng
from ai import greedy
from ai.solver import solve, rack_sets
from ai.expert import Expert

LEVELS = ("easy", "medium", "hard", "expert", "greedy")

try:
    import sys
    _DEVICE = sys.implementation.name == "micropython"
except (ImportError, AttributeError):
    _DEVICE = False
# the hard player's think time when none is given: exact on a PC; on the
# device the solver returns its best move after this long (anytime)
DEVICE_THINK_MS = 8000


class Player:
    def __init__(self, level="hard", seed=1, budget_ms=None):
        if level not in LEVELS:
            raise ValueError("AI level must be one of %s, not %r" % (", ".join(LEVELS), level))
        self.level = level
        self.rng = Rng(seed)
        if budget_ms is None and _DEVICE:
            budget_ms = DEVICE_THINK_MS
        self.budget_ms = budget_ms
        self.think_ms = 0
        self.moves = 0
        self.expert = Expert(self.rng) if level == "expert" else None

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
            best = solve(table, rack, melded, rules, self.budget_ms)
            return best.table if best.count else None
        if self.level == "expert":
            return self.expert.choose(game, self.budget_ms)
        return _hard(table, rack, melded, rules, len(game.pool), self.budget_ms)

    def take_turn(self, game):
        """Play one turn on `game`; returns the TurnResult or the drawn tiles."""
        t0 = ticks_ms()
        after = self.choose(game)
        self.think_ms += ticks_diff(ticks_ms(), t0)
        self.moves += 1
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


def _rack_quality(rack):
    """How promising a rack is: pairs and near-runs score, lone tiles not."""
    c = count_tiles((rack,))
    q = 0
    for t in rack:
        if t == JOKER:
            q += 6
            continue
        n = t & 15
        for d in (1, 2):
            if n + d <= 13 and c[t + d]:
                q += 3 - d
        for col in range(6):
            u = (col << 4) | n
            if u != t and u < len(c) and c[u]:
                q += 1
    return q


def _left_after(rack, placed):
    left = bytearray(rack)
    for t in placed:
        remove_tile(left, t)
    return left


def _hard(table, rack, melded, rules, pool, budget_ms):
    best = solve(table, rack, melded, rules, budget_ms)
    if not best.count:
        return None
    if best.count == len(rack):
        return best.table                  # goes out: always
    jokers = 0
    for t in best.placed:
        if t == JOKER:
            jokers += 1
    early = pool > 30
    if jokers and pool > 12:
        # keep the joker if it buys no extra numbered tile
        nj = bytearray([t for t in rack if t != JOKER])
        alt = solve(table, nj, melded, rules, budget_ms)
        if alt.count and alt.count >= best.count - jokers:
            best = alt
    if early and melded and best.count == 1 and len(rack) <= 10:
        # one tile early on: hold it back, the table may grow around it
        left = _left_after(rack, best.placed)
        if _rack_quality(left) < _rack_quality(rack) - 2:
            return None
    return best.table
