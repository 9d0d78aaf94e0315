"""Assisted placement (ai.place): the ways to put picked tiles on a table,
best first, checked against the rules and a brute-force count of changes."""
import random

from rummikub.tiles import parse_table, parse_tiles, fmt_table, full_set, JOKER
from rummikub.melds import is_valid, canonical
from ai.place import Ways, split
from ai.solver import solve
from place_setup import RULES, TABLE, ways, changed, check_way


def test_one_tile_onto_a_run_changes_that_run_only():
    w = ways(TABLE, "R11")
    assert changed(w[0]) == "R6 R7 R8 R9 R10 R11"
    assert w[0].kept == [1, 2, 3, 4]


def test_new_set_from_the_picked_tiles_comes_before_any_table_change():
    w = ways(TABLE, "K6 K7 K8")
    assert changed(w[0]) == "K6 K7 K8" and len(w[0].kept) == 5
    # the other ways change the table, and come after
    assert [len(x.kept) for x in w] == sorted([len(x.kept) for x in w], reverse=True)


def test_split_and_add():
    w = ways("R6 R7 R8 R9 R10", "R8")
    assert changed(w[0]) == "R6 R7 R8 | R8 R9 R10"


def test_free_the_joker():
    w = ways(TABLE, "B3 K6 K7")[0]
    assert "J" not in fmt_table([w.table[i] for i in w.kept])


def test_ways_are_distinct_and_ordered_by_moved_then_sets():
    t = parse_table(TABLE)
    w = ways(TABLE, "Y4 Y5")
    keys = []
    for x in w:
        key = sorted([canonical(s, 4) for s in x.table])
        assert key not in keys
        keys.append(key)
    cost = [(x.moved, len(t) - len(x.kept)) for x in w]
    assert cost == sorted(cost)


def test_forced_set_is_changed_in_every_way():
    # pick the group K5 B5 Y5 too: R5 must go into it, not elsewhere
    for x in ways(TABLE, "R5", forced=[1]):
        assert 1 not in x.kept


def test_fits_nowhere():
    t = "R6 R7 R8 R9 R10 | K5 B5 Y5 | K11 K12 K13"
    assert ways(t, "K1") == []
    assert ways(t, "R11 K1") == []
    # with the joker's set on the table it fits: K1 B1 J, B2 B3 B4, K3 R3 Y3
    w = ways(TABLE, "K1")[0]
    assert len(w.kept) == 3


def test_before_the_first_meld_only_new_sets_with_points():
    w = ways(TABLE, "R10 R11 R12", melded=False)
    assert len(w) == 1 and changed(w[0]) == "R10 R11 R12" and w[0].points == 33
    assert len(w[0].kept) == 5
    assert ways(TABLE, "R11", melded=False) == []     # would extend a run: not yet


def test_split_is_exact_on_small_multisets():
    assert split(parse_tiles("R1 R2 R3 K1 B1"), 4) is None
    s = split(parse_tiles("R1 R2 R3 K1 B1 Y1 R1"), 4)
    assert s is not None and sorted(len(x) for x in s) == [3, 4]
    s = split(parse_tiles("R1 J R3 R4 K4 B4"), 4)
    assert s is not None and all(is_valid(x, 4) for x in s)
    assert split(parse_tiles("J J R5"), 4) is not None
    assert split(parse_tiles("J J"), 4) is None


def shuffled(rng):
    """The 106 tiles in a random order."""
    pool = list(full_set(4, 2, 2))
    rng.shuffle(pool)
    return pool


def test_random_positions_agree_with_the_solver():
    """Whenever the solver (rack = the picked tiles) places them all, a way
    exists; whenever a way exists, it is a legal table."""
    rng = random.Random(5)
    found = 0
    for trial in range(60):
        pool = shuffled(rng)
        rack = bytearray(pool[:30])
        move = solve([], rack, True, RULES)
        table = move.table
        rest = pool[30:]
        picked = bytearray(rest[:rng.randint(1, 3)])
        text = fmt_table(table)
        w = Ways(table, picked, [], True, RULES).next()
        s = solve(table, picked, True, RULES)
        assert (w is not None) == (s.count == len(picked)), (text, fmt_table([picked]))
        if w is not None:
            found += 1
            check_way(text, fmt_table([picked]), w)
    assert found >= 5


def test_the_lesson_way_that_moves_nothing_comes_first():
    """The scoring lesson (K8 R9 onto K5 K6 K7 | B9 K9 Y9): K8 onto the
    run's end and R9 into the group move no table tile, so they come
    before taking the group's K9 onto the run (which moves one); with
    only two table sets the search once jumped a level and let that one
    out first."""
    w = ways("K5 K6 K7 | B9 K9 Y9", "K8 R9")
    assert w[0].moved == 0 and changed(w[0]) == "K5 K6 K7 K8 | B9 K9 Y9 R9"
    assert [x.moved for x in w] == sorted(x.moved for x in w)


def _one_valid_set(tiles):
    """Brute force: some order of tiles is a valid set."""
    from itertools import permutations
    return any(is_valid(bytearray(p), 4) for p in set(permutations(tiles)))


def _moves_nothing_possible(table, picked):
    """Brute force: each picked tile joins a table set or a new pile, every
    joined set is one valid set in some order, and the pile splits into
    valid sets (split() is checked exact above)."""
    from itertools import product
    for assign in product(range(-1, len(table)), repeat=len(picked)):
        joined = {}
        pile = bytearray()
        for t, i in zip(picked, assign):
            if i < 0:
                pile.append(t)
            else:
                joined.setdefault(i, bytearray(table[i])).append(t)
        if all(_one_valid_set(bytes(s)) for s in joined.values()) and \
                (not pile or split(pile, 4) is not None):
            return True
    return False


def test_no_way_that_moves_tiles_comes_before_one_that_moves_none():
    """Random small tables (2-4 sets of 3-4 tiles, a joker now and then)
    and 1-2 picked tiles: whenever a way that moves no table tile exists
    (brute force), the first way offered moves none, and no way that
    moves tiles comes before any that does not."""
    rng = random.Random(1)
    still = 0
    for trial in range(400):
        pool = shuffled(rng)
        table = []
        while len(table) < rng.choice((2, 2, 3, 4)):
            n = rng.randint(3, 4)
            if rng.random() < 0.5:          # a run
                c, lo = rng.randrange(4), rng.randint(1, 14 - n)
                s = [(c << 4) | (lo + k) for k in range(n)]
            else:                           # a group
                num = rng.randint(1, 13)
                s = [(c << 4) | num for c in rng.sample(range(4), n)]
            if rng.random() < 0.15:
                s[rng.randrange(n)] = JOKER
            left = list(pool)
            try:
                for t in s:
                    left.remove(t)
            except ValueError:
                continue
            pool = left
            table.append(bytearray(s))
        # picked tiles that could join a table set: a number next to a
        # run's, or a group's number
        near = [t for t in pool if any(u != JOKER and ((t & 15) == (u & 15) or (
            t >> 4 == u >> 4 and abs((t & 15) - (u & 15)) == 1)) for s in table for u in s)]
        picked = bytearray(rng.sample(near if len(near) > 1 else pool, rng.choice((1, 2, 2))))
        w = Ways(table, picked, [], True, RULES)
        got = []
        for _ in range(8):
            x = w.next()
            if x is None:
                break
            got.append(x.moved)
        text = "%s + %s" % (fmt_table(table), fmt_table([picked]))
        if _moves_nothing_possible(table, picked):
            still += 1
            assert got and got[0] == 0, (text, got)
        if 0 in got:
            assert got[:got.count(0)] == [0] * got.count(0), (text, got)
    assert still >= 20
