"""Property tests (CPython, hypothesis) of the engine against brute force."""
from hypothesis import given, settings, strategies as st, HealthCheck

from rummikub.tiles import JOKER, full_set, count_tiles, fmt_tiles
from rummikub.melds import analyse, SetError
from rummikub.game import Game, PLAYING
from rummikub.rules import Rules
from rummikub import savefile
from simple_player import choose

NCOL = 4
NUMBERED = [(c << 4) | n for c in range(NCOL) for n in range(1, 14)]


def concrete_ok(tiles):
    """A set of concrete tiles (no jokers) by the plain definition."""
    if len(tiles) < 3:
        return False
    numbers = [t & 15 for t in tiles]
    colours = [t >> 4 for t in tiles]
    if len(set(numbers)) == 1 and len(set(colours)) == len(tiles) <= NCOL:
        return True
    return len(set(colours)) == 1 and all(
        numbers[i + 1] == numbers[i] + 1 for i in range(len(tiles) - 1))


def brute(tiles):
    """Best value over every way to read the jokers, or None if none works."""
    slots = [i for i, t in enumerate(tiles) if t == JOKER]
    if len(slots) == len(tiles):
        return None
    best = None

    def rec(k, cur):
        nonlocal best
        if k == len(slots):
            if concrete_ok(cur):
                v = sum(t & 15 for t in cur)
                best = v if best is None else max(best, v)
            return
        for t in NUMBERED:
            cur[slots[k]] = t
            rec(k + 1, cur)
        cur[slots[k]] = JOKER

    rec(0, list(tiles))
    return best


def run_like(c, start, length, jokers):
    # numbers past 13 become jokers: probes `R12 R13 J` and friends
    tiles = [(c << 4) | (start + i) if start + i <= 13 else JOKER for i in range(length)]
    for j in jokers:
        tiles[j % length] = JOKER
    return tiles


def group_like(n, colours, jokers):
    tiles = [(c << 4) | n for c in colours]
    for j in jokers:
        tiles[j % len(tiles)] = JOKER
    return tiles


def one_colour(c, numbers, jokers):
    return [JOKER if i in jokers else (c << 4) | n for i, n in enumerate(numbers)]


def one_number(n, colours, jokers):
    return [JOKER if i in jokers else (c << 4) | n for i, c in enumerate(colours)]


near = st.lists(st.integers(0, 5), max_size=2)
small_sets = st.one_of(
    st.builds(one_colour, st.integers(0, 3), st.lists(st.integers(1, 13), min_size=2,
                                                      max_size=6), near),
    st.builds(one_number, st.integers(1, 13), st.lists(st.integers(0, 3), min_size=2,
                                                       max_size=6), near),
    st.lists(st.sampled_from(NUMBERED + [JOKER]), min_size=1, max_size=6),
    st.builds(run_like, st.integers(0, 3), st.integers(1, 13), st.integers(2, 6),
              st.lists(st.integers(0, 5), max_size=2)),
    st.builds(group_like, st.integers(1, 13),
              st.lists(st.integers(0, 3), min_size=2, max_size=5),
              st.lists(st.integers(0, 4), max_size=2)),
).filter(lambda s: s.count(JOKER) <= 2)


@settings(max_examples=400, deadline=None)
@given(small_sets)
def test_set_validator_agrees_with_brute_force(tiles):
    want = brute(tiles)
    try:
        kind, value, stands = analyse(bytearray(tiles), NCOL)
    except SetError:
        assert want is None, "refused %s, but it reads as a set worth %s" % (
            fmt_tiles(tiles), want)
        return
    assert want is not None, "accepted %s" % fmt_tiles(tiles)
    assert value == want
    assert concrete_ok(list(stands)) and sum(t & 15 for t in stands) == value


ACTIONS = st.lists(st.sampled_from(["smart", "draw", "fail", "junk"]), min_size=1,
                   max_size=400)


def step(g, action):
    if action == "smart":
        after = choose(g)
        if after is not None:
            assert g.play(after).valid
            return
    if action == "junk":
        res = g.play(g.table + [bytearray(g.rack[:2])])
        assert not res.valid
        return
    g.fail() if action == "fail" else g.draw()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 31), st.sampled_from([(2, "standard"), (4, "standard"),
                                                  (5, "xp")]), ACTIONS,
       st.integers(0, 399))
def test_tiles_scores_and_saves_hold_through_random_games(seed, setup, actions, save_at):
    n, tile_set = setup
    rules = Rules(tile_set=tile_set, failed_play_penalty=3)
    g = Game(rules, n, seed=seed, rounds=3)
    whole = count_tiles((full_set(rules.ncolours, rules.copies, rules.jokers),))
    for i, action in enumerate(actions):
        if g.phase != PLAYING:
            if g.round_no >= g.rounds:
                break
            g.next_round()
        step(g, action)
        assert count_tiles([g.pool] + g.racks + g.table) == whole
        for row in g.round_rows:
            assert sum(row) == 0
        if i == save_at:
            data = savefile.dumps(g, {"i": i})
            h, extra = savefile.loads(data)
            assert extra == {"i": i} and savefile.dumps(h, extra) == data
            assert h.racks == g.racks and h.table == g.table and h.pool == g.pool
