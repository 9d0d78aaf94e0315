"""Assisted placement (ai.place) on both runtimes: the ways for picked
tiles, best first, every one a legal table holding exactly the old tiles
plus the picked ones."""
from rummikub.tiles import parse_table, parse_tiles, fmt_table, count_tiles
from rummikub.melds import is_valid
from rummikub.rules import Rules
from ai.place import Ways, split

RULES = Rules()
TABLE = "R6 R7 R8 R9 R10 | K5 B5 Y5 | B1 B2 J B4 | K11 K12 K13 | Y3 R3 B3 K3"


def _ways(table, picked, forced=(), melded=True, n=6):
    w = Ways(parse_table(table), parse_tiles(picked), list(forced), melded, RULES)
    out = []
    for _ in range(n):
        x = w.next()
        if x is None:
            break
        for s in x.table:
            assert is_valid(s, 4), fmt_table([s])
        assert count_tiles(x.table) == count_tiles(parse_table(table) + [parse_tiles(picked)])
        out.append(x)
    return out


def test_extend_split_and_fits_nowhere():
    w = _ways(TABLE, "R11")
    assert fmt_table([w[0].table[i] for i in w[0].changed]) == "R6 R7 R8 R9 R10 R11"
    w = _ways("R6 R7 R8 R9 R10", "R8")
    assert fmt_table([w[0].table[i] for i in w[0].changed]) == "R6 R7 R8 | R8 R9 R10"
    assert _ways("R6 R7 R8 R9 R10 | K5 B5 Y5", "K1") == []


def test_order_fewest_sets_then_tiles():
    w = _ways(TABLE, "R5")
    changed = [len(parse_table(TABLE)) - len(x.kept) for x in w]
    assert changed == sorted(changed) and changed[0] == 1
    assert fmt_table([w[0].table[i] for i in w[0].changed]) == "K5 B5 R5 Y5"


def test_first_meld_only_new_sets():
    w = _ways(TABLE, "R10 R11 R12", melded=False)
    assert len(w) == 1 and w[0].points == 33 and len(w[0].kept) == 5


def test_split_with_jokers():
    s = split(parse_tiles("R1 J R3 R4 K4 B4"), 4)
    assert s is not None
    assert split(parse_tiles("J J"), 4) is None
