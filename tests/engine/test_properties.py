"""Property tests (CPython, hypothesis) of the engine against brute force."""
import random
from functools import lru_cache
from itertools import permutations, product

from hypothesis import given, settings, strategies as st, HealthCheck

from rummikub.tiles import JOKER, full_set, count_tiles, fmt_tiles, fmt_table
from rummikub.melds import analyse, SetError, GROUP, readings, reads_as_group, is_valid
from rummikub.turn import validate_turn
from rummikub.meld_search import best_meld
from ai.solver import solve
from host_tools.bench.corpus import random_position
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


# ---- the best initial meld against brute force ------------------------------

@lru_cache(maxsize=None)
def brute_meld(tiles):
    """Best total value of disjoint valid sets from a sorted tuple of tiles
    (brute force: every subset with the first tile, every joker reading)."""
    if not tiles:
        return 0
    first, rest = tiles[0], tiles[1:]
    best = brute_meld(rest)                     # the first tile in no set
    n = len(rest)
    for mask in range(1, 1 << n):
        pick = [first] + [rest[k] for k in range(n) if mask >> k & 1]
        if len(pick) < 3:
            continue
        v = best_set_value(tuple(sorted(pick)))
        if v is not None:
            left = tuple(rest[k] for k in range(n) if not mask >> k & 1)
            best = max(best, v + brute_meld(left))
    return best


@lru_cache(maxsize=None)
def best_set_value(pick):
    """Highest value of these tiles as one set in any order, jokers tried as
    every tile; None if they make no set."""
    real = [t for t in pick if t != JOKER]
    if not real:
        return None
    best = None
    for fill in product(NUMBERED, repeat=len(pick) - len(real)):
        tiles = sorted(real + list(fill))
        if concrete_ok(tiles):
            v = sum(t & 15 for t in tiles)
            best = v if best is None else max(best, v)
    return best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(NUMBERED[:8] + NUMBERED[13:21] + NUMBERED[26:30]
                                + [JOKER]), min_size=0, max_size=7)
       .filter(lambda s: s.count(JOKER) <= 2))
def test_best_meld_agrees_with_brute_force(tiles):
    value, exact = best_meld(bytearray(tiles), NCOL)
    assert exact
    assert value == brute_meld(tuple(sorted(tiles))), fmt_tiles(tiles)


# ---- a verdict does not depend on how a turn is written ---------------------

RULE_MIXES = [{}, {"initial_meld_table_use": True}, {"freed_joker_with_rack_tiles": True},
              {"initial_meld_table_use": True, "freed_joker_with_rack_tiles": True}]


def group_only(s):
    """Reads only as a group (no run reading)."""
    rs = readings(bytearray(s), NCOL)
    return len(rs) == 1 and rs[0][0] == GROUP


def rewrite(sets, rnd):
    """The same sets, shuffled, each set that reads only as a group in another
    order that does too (its meaning unchanged)."""
    out = []
    for s in sets:
        s = list(s)
        if is_valid(bytearray(s), NCOL) and group_only(s):
            t = s[:]
            rnd.shuffle(t)
            if group_only(t):
                s = t
        out.append(bytearray(s))
    rnd.shuffle(out)
    return out


def mutate(after, rnd):
    """A nearby table, often illegal: one tile moved to another set."""
    sets = [list(s) for s in after]
    if len(sets) < 2:
        return [bytearray(s) for s in sets]
    a, b = rnd.sample(range(len(sets)), 2)
    t = sets[a].pop(rnd.randrange(len(sets[a])))
    sets[b].insert(rnd.randrange(len(sets[b]) + 1), t)
    return [bytearray(s) for s in sets if s]


def verdict(r):
    return (r.valid, r.points if r.valid else None, r.value if r.valid else None,
            bytes(sorted(r.played)))


def position(seed, ambiguous):
    """A small random table and rack; with `ambiguous`, the table also holds
    a set of one numbered tile and two jokers (a group and maybe a run)."""
    rnd = random.Random(seed)
    table, hand = random_position(rnd, oracle_safe=False, sets=(1, 5), tiles=(3, 18),
                                  rack=(3, 9), joker_p=0.0 if ambiguous else 0.8)
    hand = [t for t in hand if t != JOKER]
    if ambiguous:
        used = count_tiles(table + [hand])
        free = [t for t in NUMBERED if used[t] < 2]
        amb = [rnd.choice(free), JOKER, JOKER]
        rnd.shuffle(amb)
        table.insert(rnd.randrange(len(table) + 1), amb)
    return rnd, [bytearray(s) for s in table], bytearray(hand)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 31), st.sampled_from(RULE_MIXES), st.booleans(),
       st.booleans(), st.booleans())
def test_verdict_ignores_set_order_and_group_order(seed, overrides, melded, mutated,
                                                   ambiguous):
    rnd, before, rack = position(seed, ambiguous)
    rules = Rules(**overrides)
    after = solve(before, rack, melded, rules).table
    if mutated:
        after = mutate(after, rnd)
    want = verdict(validate_turn(before, rack, after, melded, rules))
    for _ in range(3):
        got = verdict(validate_turn(rewrite(before, rnd), rack, rewrite(after, rnd),
                                    melded, rules))
        assert got == want, "%s / %s -> %s: %s vs %s" % (
            fmt_table(before), fmt_tiles(rack), fmt_table(after), got, want)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 31), st.sampled_from(RULE_MIXES), st.booleans())
def test_a_group_kept_in_another_writing_is_the_same_group(seed, overrides, melded):
    """A table set that reads as a group, left on the table in any order that
    still reads as a group (`J K9 J` as `K9 J J`), is the same set: the
    verdict is as if it were written as before."""
    rnd, before, rack = position(seed, True)
    rules = Rules(**overrides)
    after = [bytearray(s) for s in solve(before, rack, melded, rules).table]
    want = validate_turn(before, rack, after, melded, rules).valid
    olds = [bytes(sorted(b)) for b in before]
    for i in range(len(after)):
        s = list(after[i])
        if bytes(sorted(s)) not in olds or not reads_as_group(bytearray(s), NCOL):
            continue
        for order in set(permutations(s)):
            other = after[:i] + [bytearray(order)] + after[i + 1:]
            if reads_as_group(other[i], NCOL):
                got = validate_turn(before, rack, other, melded, rules).valid
                assert got == want, "%s / %s -> %s: %s vs %s" % (
                    fmt_table(before), fmt_tiles(rack), fmt_table(other), got, want)
