"""Assisted placement (ai.place) as its tests on both runtimes ask it:
the first ways for picked tiles, each checked to be a legal table."""
from rummikub.tiles import parse_table, parse_tiles, fmt_table, count_tiles
from rummikub.melds import is_valid
from rummikub.rules import Rules
from ai.place import Ways

RULES = Rules()
TABLE = "R6 R7 R8 R9 R10 | K5 B5 Y5 | B1 B2 J B4 | K11 K12 K13 | Y3 R3 B3 K3"


def ways(table, picked, forced=(), melded=True, n=10):
    """Up to n ways for `picked` (notation) on `table`, best first; each
    one checked with check_way."""
    w = Ways(parse_table(table), parse_tiles(picked), list(forced), melded, RULES)
    out = []
    for _ in range(n):
        x = w.next()
        if x is None:
            break
        check_way(table, picked, x)
        out.append(x)
    return out


def changed(w):
    """The sets a way changed (or made), in notation."""
    return fmt_table([w.table[i] for i in w.changed])


def check_way(table, picked, w):
    """Every set valid, exactly the table's tiles plus the picked ones, the
    kept sets untouched."""
    t = parse_table(table)
    for s in w.table:
        assert is_valid(s, 4), fmt_table([s])
    assert count_tiles(w.table) == count_tiles(t + [parse_tiles(picked)])
    assert [bytes(w.table[i]) for i in range(len(w.kept))] == [bytes(t[i]) for i in w.kept]
    assert w.changed == list(range(len(w.kept), len(w.table)))
