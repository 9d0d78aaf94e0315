"""Fair play, on both runtimes: the expert sees what a human in its seat
sees.  Over endgame positions of real games, its choice (own random seed
fixed) is the same however the hidden tiles (the other racks and the pool)
lie, as long as what is visible stays (rack sizes, table, own rack).  A
peeking expert, dealt the true racks, fails the same check: the test can
tell the difference."""
import sys
from rummikub.game import Game, PLAYING
from rummikub.rules import Rules
from common.rng import Rng
from ai.players import Player
from ai import expert as E

_MP = sys.implementation.name == "micropython"
# endgame positions to check (each is looked at under several shuffles)
POSITIONS = 4 if _MP else 24
SHUFFLES = 2 if _MP else 3
SKIPS = (1, 3, 5)
# deals the positions come from (MicroPython: four, one of which a
# peeking expert is known to play differently on)
FIRST_DEAL = 5 if _MP else 1
# a think time that never runs out: on MicroPython a player given none
# gets the device's guard (ai.players.DEVICE_LOOKAHEAD_MS), which a loaded
# machine reaches, and then the choice depends on the clock, not the tiles
UNTIMED_MS = 24 * 3600 * 1000


def _endgame(seed, skip):
    """A greedy 2-player game from deal `seed`, stopped at the `skip`-th
    turn on which some rack holds ENDGAME tiles or fewer (None if the
    round ended first)."""
    g = Game(Rules(), 2, seed=seed)
    ps = [Player("greedy", seed=seed + i, budget_ms=UNTIMED_MS) for i in range(2)]
    seen = 0
    while g.phase == PLAYING:
        if min([len(r) for r in g.racks]) <= E.ENDGAME and g.melded[g.current]:
            if seen == skip:
                return g
            seen += 1
        ps[g.current].take_turn(g)
    return None


def _reshuffle(g, seed):
    """Deal the hidden tiles (every other rack and the pool) again, same
    sizes: everything the player to move sees stays as it was."""
    me = g.current
    hidden = bytearray(g.pool)
    for p in range(g.n):
        if p != me:
            hidden.extend(g.racks[p])
    Rng(seed).shuffle(hidden)
    i = 0
    for p in range(g.n):
        if p != me:
            k = len(g.racks[p])
            g.racks[p] = bytearray(hidden[i:i + k])
            i += k
    g.pool = bytearray(hidden[i:])


def _key(table):
    if table is None:
        return None
    return sorted([bytes(s) for s in table])


def _positions():
    out = []
    seed = FIRST_DEAL
    while len(out) < POSITIONS:
        for skip in SKIPS:
            g = _endgame(seed, skip)
            if g is not None and g.phase == PLAYING:
                out.append((seed, skip))
        seed += 1
    return out[:POSITIONS]


def _choices(pos, shuffles):
    """The expert's choice (seed 7) in the true position and reshuffled."""
    seed, skip = pos
    got = []
    for k in range(shuffles + 1):
        g = _endgame(seed, skip)
        if k:
            _reshuffle(g, 1000 * seed + k)
        got.append(_key(Player("expert", seed=7, budget_ms=UNTIMED_MS).choose(g)))
    return got


def test_expert_choice_does_not_depend_on_the_hidden_tiles():
    looked = 0
    for pos in _positions():
        got = _choices(pos, SHUFFLES)
        for other in got[1:]:
            assert other == got[0], "expert's move changed with hidden tiles at %r" % (pos,)
        looked += 1
    assert looked == POSITIONS


def test_a_peeking_expert_is_caught():
    # the same check, with an expert dealt the true hidden racks: its
    # choice follows them somewhere among the positions
    deal = E.Expert._deal

    def peek(self, game, counts):
        racks = [bytearray(r) for r in game.racks]
        racks[game.current] = None
        return racks, bytearray(game.pool)

    E.Expert._deal = peek
    try:
        changed = 0
        for pos in _positions():
            got = _choices(pos, SHUFFLES)
            for other in got[1:]:
                if other != got[0]:
                    changed += 1
        assert changed > 0
    finally:
        E.Expert._deal = deal
