"""Shared checks for the solver tests: parse, solve, judge with the engine."""
from rummikub.tiles import parse_table, parse_tiles, fmt_table, JOKER
from rummikub.rules import Rules
from rummikub.turn import validate_turn
from rummikub.melds import analyse, GROUP
from ai.solver import solve


def solved(table, rack, melded=True, **rules):
    """(move, before, rack) with the move checked by the turn validator."""
    r = Rules(**rules)
    before = parse_table(table) if isinstance(table, str) else table
    hand = parse_tiles(rack) if isinstance(rack, str) else rack
    m = solve(before, hand, melded, r)
    if m.count:
        res = validate_turn(before, hand, m.table, melded, r)
        assert res.valid, "%s -> %s: %s" % (table, fmt_table(m.table), res.message)
        assert sorted(res.played) == sorted(m.placed)
        assert res.value == m.value or JOKER in m.placed
    else:
        assert [bytes(s) for s in m.table] == [bytes(s) for s in before]
    return m


def blind_spot_jokers(sets, ncol=4):
    """Jokers where rummikub-solver cannot model them: at an end of a run of
    4 or 5 tiles, or in a group of 4."""
    n = 0
    for s in sets:
        kind = analyse(s, ncol)[0]
        if kind == GROUP:
            if len(s) >= 4:
                n += sum(1 for t in s if t == JOKER)
        elif 4 <= len(s) <= 5 and (s[0] == JOKER or s[-1] == JOKER):
            n += 1
    return n
