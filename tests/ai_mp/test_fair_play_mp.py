"""Fair play, on both runtimes: the expert sees what a human in its seat
sees.  Over endgame positions of real games, its choice (own random seed
fixed) is the same however the hidden tiles (the other racks, the pool
and the tiles the last player drew) lie, as long as what is visible stays
(rack sizes, table, own rack, what the last turn was).  A peeking expert,
dealt the true racks, fails the same check, and so does one that reads
which tiles the last player drew: the test can tell the difference."""
import sys
from rummikub.game import Game, PLAYING, DID_PLAY, DID_DRAW
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
    if g.last is not None and g.last[0] != DID_PLAY and g.last[2]:
        # what the last player drew is hidden too: tiles of its new rack
        kind, who, tiles = g.last
        g.last = (kind, who, bytearray(g.racks[who][-len(tiles):]))


def _key(table):
    if table is None:
        return None
    return sorted([bytes(s) for s in table])


def _positions(first=FIRST_DEAL, drew=False):
    """POSITIONS endgame positions from deals first, first+1, ...; with
    drew, only those where the last player drew."""
    out = []
    seed = first
    while len(out) < POSITIONS:
        for skip in SKIPS:
            g = _endgame(seed, skip)
            if g is not None and g.phase == PLAYING and (
                    not drew or g.last[0] == DID_DRAW):
                out.append((seed, skip))
        seed += 1
    return out[:POSITIONS]


def _choices(pos, shuffles):
    """The expert's choice (seed 7) in the true position and reshuffled,
    each with the samples it dealt itself (racks and pool, as bytes): a
    fair expert deals the same samples, whatever the hidden tiles."""
    seed, skip = pos
    got = []
    deal = E.Expert._deal

    def logged(self, game, counts, view, deadline):
        racks, pool = deal(self, game, counts, view, deadline)
        dealt.append([None if r is None else bytes(r) for r in racks] + [bytes(pool)])
        return racks, pool

    E.Expert._deal = logged
    try:
        for k in range(shuffles + 1):
            g = _endgame(seed, skip)
            if k:
                _reshuffle(g, 1000 * seed + k)
            dealt = []
            move = Player("expert", seed=7, budget_ms=UNTIMED_MS).choose(g)
            got.append((_key(move), dealt))
    finally:
        E.Expert._deal = deal
    return got


def test_expert_choice_does_not_depend_on_the_hidden_tiles():
    looked = 0
    for pos in _positions():
        got = _choices(pos, SHUFFLES)
        for other in got[1:]:
            assert other[0] == got[0][0], "expert's move changed with hidden tiles at %r" % (pos,)
            assert other[1] == got[0][1], "expert's samples changed with hidden tiles at %r" % (pos,)
        looked += 1
    assert looked == POSITIONS


def test_a_peeking_expert_is_caught():
    # the same check, with an expert dealt the true hidden racks: its
    # choice follows them somewhere among the positions
    def peek(self, game, counts, view, deadline):
        racks = [bytearray(r) for r in game.racks]
        racks[game.current] = None
        return racks, bytearray(game.pool)

    assert _caught(peek) > 0


def test_an_expert_reading_the_drawn_tiles_is_caught():
    # dealt at random as the fair one is, but the last player's fresh
    # tiles are the ones it really drew (Game.last holds them for the UI)
    deal = E.Expert._deal

    def peek(self, game, counts, view, deadline):
        racks, pool = deal(self, game, counts, view, deadline)
        kind, who, tiles = game.last
        if kind != DID_PLAY and who != game.current:
            racks[who][:len(tiles)] = tiles
        return racks, pool

    assert _caught(peek, _positions(1, drew=True)) > 0


def _caught(peek, positions=None):
    """Positions x shuffles where the expert with `peek` as its dealer
    chose, or dealt its samples, differently from the true position."""
    deal = E.Expert._deal
    E.Expert._deal = peek
    try:
        changed = 0
        for pos in positions or _positions():
            got = _choices(pos, SHUFFLES)
            for other in got[1:]:
                if other != got[0]:
                    changed += 1
        return changed
    finally:
        E.Expert._deal = deal
