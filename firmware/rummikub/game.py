"""Turn flow of a match: rounds, turns, the pool, scoring.

A Game only changes through play(), draw(), fail() and next_round(), the
same calls for a human (through the UI) and an AI.  A play is checked whole
by turn.validate_turn and applied only when legal, so a refused or abandoned
rearrangement never has to be undone here: the table and rack simply stay
as they were at the start of the turn.
"""
from compat import const
from rummikub.rules import Rules
from common.rng import Rng
from rummikub.tiles import JOKER, full_set, pop_tile, remove_tile
from rummikub.turn import validate_turn
from rummikub.scoring import round_scores, exhausted_winner, standings

PLAYING = const(0)
ROUND_OVER = const(1)
MATCH_OVER = const(2)

_RACK_SIZE = const(14)

# What the last turn did, for the UI and the AI's notes (Game.last[0]).
DID_PLAY = const(1)
DID_DRAW = const(2)
DID_FAIL = const(3)
DID_PASS = const(4)


class GameError(ValueError):
    """A call that does not fit the game's state (not a rules refusal)."""


def _order_key(t):
    """Draw for order: higher number starts, a joker counts highest."""
    return 14 if t == JOKER else t & 15


class Game:
    def __init__(self, rules=None, nplayers=2, seed=1, rounds=1, names=None,
                 start=True):
        self.rules = rules if rules is not None else Rules()
        lo, hi = self.rules.players
        if not lo <= nplayers <= hi:
            raise GameError("the %s tile set is for %d-%d players, not %d"
                            % (self.rules.tile_set, lo, hi, nplayers))
        if rounds < 1:
            raise GameError("a match has at least 1 round")
        self.n = nplayers
        self.rounds = rounds
        self.names = list(names) if names else ["P%d" % (i + 1) for i in range(nplayers)]
        self.rng = Rng(seed)
        self.round_rows = []      # scores of each finished round
        self.round_winners = []   # winner seat of each finished round
        self.round_exhausted = []  # whether each finished round ran the pool out
        self.round_no = 0
        if start:
            self.start_round()

    # -- set-up -------------------------------------------------------------
    def start_round(self):
        r = self.rules
        self.round_no += 1
        self.pool = full_set(r.ncolours, r.copies, r.jokers)
        self.rng.shuffle(self.pool)
        self.table = []
        self.melded = bytearray(self.n)
        self.order_draws = []
        self.starter = self._pick_starter()
        self.racks = [bytearray() for _ in range(self.n)]
        for _ in range(_RACK_SIZE):
            for p in range(self.n):
                self.racks[p].append(pop_tile(self.pool))
        self.current = self.starter
        self.passes = 0
        self.turn_no = 0
        self.phase = PLAYING
        self.last = None

    def _pick_starter(self):
        if self.rules.first_player == "random":
            return self.rng.randbelow(self.n)
        contenders = list(range(self.n))
        drawn = bytearray()
        while True:
            draws = []
            for p in contenders:
                t = pop_tile(self.pool)
                drawn.append(t)
                draws.append((p, t))
            self.order_draws.append(draws)
            top = max([_order_key(t) for _, t in draws])
            contenders = [p for p, t in draws if _order_key(t) == top]
            if len(contenders) == 1:
                break
        self.pool.extend(drawn)
        self.rng.shuffle(self.pool)
        return contenders[0]

    # -- the current player's view -------------------------------------------
    @property
    def rack(self):
        return self.racks[self.current]

    def check(self, after):
        """Validate a proposed table for the current player without applying."""
        return validate_turn(self.table, self.rack, after, self.melded[self.current],
                             self.rules)

    # -- the four things a turn can be ----------------------------------------
    def play(self, after):
        """Put down a new table.  Returns the TurnResult; a refusal changes
        nothing, so the player can fix it or give up (fail())."""
        self._need_turn()
        res = self.check(after)
        if not res.valid:
            return res
        rack = self.rack
        for t in res.played:
            remove_tile(rack, t)
        self.table = [bytearray(s) for s in after]
        self.melded[self.current] = 1
        self.passes = 0
        self.last = (DID_PLAY, self.current, res.played)
        if not rack:
            self._end_round(self.current, False)
        else:
            self._next()
        return res

    def draw(self, count=1):
        """End the turn by drawing; with the pool empty this is a pass.
        More than one tile only with the extra_draws variant."""
        self._need_turn()
        if count < 1 or (count > 1 and not self.rules.extra_draws):
            raise GameError("draw 1 tile (more only with the extra_draws rule)")
        if not self.pool:
            return self._pass()
        got = self._give(self.current, count)
        self.passes = 0
        self.last = (DID_DRAW, self.current, got)
        self._next()
        return got

    def fail(self):
        """Time ran out or the player gave up: the table and rack are as they
        were, and the player draws the penalty."""
        self._need_turn()
        if not self.pool:
            return self._pass()
        got = self._give(self.current, self.rules.failed_play_penalty)
        self.passes = 0
        self.last = (DID_FAIL, self.current, got)
        self._next()
        return got

    def _pass(self):
        self.passes += 1
        self.last = (DID_PASS, self.current, bytearray())
        if self.passes >= self.n:
            by = self.rules.exhausted_winner
            self._end_round(exhausted_winner(self.racks, self.rules.joker_penalty, by),
                            True)
        else:
            self._next()
        return bytearray()

    def _give(self, p, count):
        got = bytearray()
        while count > 0 and self.pool:
            t = pop_tile(self.pool)
            self.racks[p].append(t)
            got.append(t)
            count -= 1
        return got

    def _need_turn(self):
        if self.phase != PLAYING:
            raise GameError("the round is over; start the next round first")

    def _next(self):
        self.turn_no += 1
        self.current = (self.current + 1) % self.n

    # -- end of a round and the match -----------------------------------------
    def _end_round(self, winner, exhausted):
        scores = round_scores(self.racks, winner, self.rules.joker_penalty, exhausted)
        self.round_rows.append(scores)
        self.round_winners.append(winner)
        self.round_exhausted.append(exhausted)
        self.phase = MATCH_OVER if self.round_no >= self.rounds else ROUND_OVER

    def next_round(self):
        if self.phase != ROUND_OVER:
            raise GameError("the round is not over" if self.phase == PLAYING
                            else "the match is over")
        self.start_round()

    def standings(self):
        """(totals, wins, order best first) under the match_winner rule."""
        if not self.round_rows:
            return [0] * self.n, [0] * self.n, list(range(self.n))
        return standings(self.round_rows, self.rules.match_winner, self.round_winners)

    def match_winner(self):
        return self.standings()[2][0] if self.phase == MATCH_OVER else -1

    def tile_count(self):
        """Every tile the game holds (pool + racks + table): always the full set."""
        n = len(self.pool)
        for r in self.racks:
            n += len(r)
        for s in self.table:
            n += len(s)
        return n

    def describe_last(self):
        """One line for the screen: what the previous turn did."""
        if not self.last:
            return ""
        kind, p, tiles = self.last
        who = self.names[p]
        if kind == DID_PLAY:
            return "%s played %d tile%s" % (who, len(tiles), "" if len(tiles) == 1 else "s")
        if kind == DID_DRAW:
            return "%s drew %d" % (who, len(tiles))
        if kind == DID_FAIL:
            return "%s failed a play and drew %d" % (who, len(tiles))
        return "%s passed (pool empty)" % who

