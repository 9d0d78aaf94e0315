"""Assisted placement (ai.place): the ways to put picked tiles on a table,
best first, checked against the rules and a brute-force count of changes."""
import random

from rummikub.tiles import parse_table, parse_tiles, fmt_table, count_tiles, JOKER
from rummikub.melds import is_valid, canonical
from rummikub.rules import Rules
from ai.place import Ways, split
from ai.solver import solve

RULES = Rules()
TABLE = "R6 R7 R8 R9 R10 | K5 B5 Y5 | B1 B2 J B4 | K11 K12 K13 | Y3 R3 B3 K3"


def ways(table, picked, forced=(), melded=True, n=10):
    w = Ways(parse_table(table), parse_tiles(picked), list(forced), melded, RULES)
    out = []
    for _ in range(n):
        x = w.next()
        if x is None:
            break
        out.append(x)
    return out


def changed(w):
    return fmt_table([w.table[i] for i in w.changed])


def check_way(table, picked, w):
    """Every set valid, exactly the table's tiles plus the picked ones, the
    kept sets untouched."""
    t = parse_table(table)
    for s in w.table:
        assert is_valid(s, 4), fmt_table([s])
    want = count_tiles(t + [parse_tiles(picked)])
    assert count_tiles(w.table) == want
    assert [bytes(w.table[i]) for i in range(len(w.kept))] == [bytes(t[i]) for i in w.kept]
    assert w.changed == list(range(len(w.kept), len(w.table)))


def test_one_tile_onto_a_run_changes_that_run_only():
    w = ways(TABLE, "R11")
    assert changed(w[0]) == "R6 R7 R8 R9 R10 R11"
    assert w[0].kept == [1, 2, 3, 4]
    check_way(TABLE, "R11", w[0])


def test_new_set_from_the_picked_tiles_comes_before_any_table_change():
    w = ways(TABLE, "K6 K7 K8")
    assert changed(w[0]) == "K6 K7 K8" and len(w[0].kept) == 5
    # the other ways change the table, and come after
    assert [len(x.kept) for x in w] == sorted([len(x.kept) for x in w], reverse=True)
    for x in w:
        check_way(TABLE, "K6 K7 K8", x)


def test_split_and_add():
    w = ways("R6 R7 R8 R9 R10", "R8")
    assert changed(w[0]) == "R6 R7 R8 | R8 R9 R10"


def test_free_the_joker():
    w = ways(TABLE, "B3 K6 K7")[0]
    check_way(TABLE, "B3 K6 K7", w)
    assert "J" not in fmt_table([w.table[i] for i in w.kept])


def test_ways_are_distinct_and_ordered_by_moved_then_sets():
    t = parse_table(TABLE)
    w = ways(TABLE, "Y4 Y5")
    keys = []
    for x in w:
        check_way(TABLE, "Y4 Y5", x)
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
    check_way(TABLE, "K1", w)
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


def test_random_positions_agree_with_the_solver():
    """Whenever the solver (rack = the picked tiles) places them all, a way
    exists; whenever a way exists, it is a legal table."""
    rng = random.Random(5)
    codes = [(c << 4) | n for c in range(4) for n in range(1, 14)] * 2 + [JOKER, JOKER]
    found = 0
    for trial in range(60):
        pool = list(codes)
        rng.shuffle(pool)
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
