"""Assisted placement (ai.place) on both runtimes: the ways for picked
tiles, best first, every one a legal table holding exactly the old tiles
plus the picked ones."""
from rummikub.tiles import parse_table, parse_tiles
from ai.place import split
from place_setup import TABLE, ways, changed


def _ways(table, picked, forced=(), melded=True):
    return ways(table, picked, forced, melded, 6)


def test_extend_split_and_fits_nowhere():
    w = _ways(TABLE, "R11")
    assert changed(w[0]) == "R6 R7 R8 R9 R10 R11"
    w = _ways("R6 R7 R8 R9 R10", "R8")
    assert changed(w[0]) == "R6 R7 R8 | R8 R9 R10"
    assert _ways("R6 R7 R8 R9 R10 | K5 B5 Y5", "K1") == []


def test_order_fewest_moved_then_fewest_sets():
    w = _ways(TABLE, "R5")
    keys = [(x.moved, len(parse_table(TABLE)) - len(x.kept)) for x in w]
    assert keys == sorted(keys) and keys[0] == (0, 1)
    assert changed(w[0]) == "K5 B5 Y5 R5"   # joins at the end


def test_first_meld_only_new_sets():
    w = _ways(TABLE, "R10 R11 R12", melded=False)
    assert len(w) == 1 and w[0].points == 33 and len(w[0].kept) == 5


def test_split_with_jokers():
    s = split(parse_tiles("R1 J R3 R4 K4 B4"), 4)
    assert s is not None
    assert split(parse_tiles("J J"), 4) is None


def test_onto_the_run_ends_before_breaking_two_runs_into_a_group():
    # R9 and Y13: each onto a run's end moves no table tile; breaking the
    # R and K runs for a K13 R13 Y13 group moves two, so it comes second
    t = "R10 R11 R12 R13 | K10 K11 K12 K13 | Y9 Y10 Y11 Y12"
    w = _ways(t, "R9 Y13")
    assert changed(w[0]) == "R9 R10 R11 R12 R13 | Y9 Y10 Y11 Y12 Y13"
    assert w[0].moved == 0 and w[0].kept == [1]
    assert changed(w[1]) == "R9 R10 R11 R12 | K10 K11 K12 | K13 R13 Y13"
    assert w[1].moved == 2
    assert [x.moved for x in w] == sorted([x.moved for x in w])


def test_no_way_that_only_moves_a_joker():
    # B4 onto the run; B4 for the group's joker with the joker onto the run
    # would only move the joker: not offered
    t = "Y4 R4 K4 J | B1 B2 B3"
    w = _ways(t, "B4")
    assert [changed(x) for x in w] == ["B1 B2 B3 B4"]
    # where nothing else fits, freeing the joker onto a run is the way
    w = _ways("Y4 R4 K4 J | B6 B7 B8", "B4")
    assert w and w[0].jokers_only and w[0].moved == 1



def test_the_way_that_moves_nothing_comes_first():
    # K8 onto the run's end and R9 into the group move nothing: before
    # taking the group's K9 onto the run (the scoring lesson)
    w = _ways("K5 K6 K7 | B9 K9 Y9", "K8 R9")
    assert w[0].moved == 0 and changed(w[0]) == "K5 K6 K7 K8 | B9 K9 Y9 R9"
    assert [x.moved for x in w] == sorted([x.moved for x in w])
    w = _ways("K5 K6 K7 | K6 K7 K8 K9", "K8 K10")
    assert w[0].moved == 0 and changed(w[0]) == "K5 K6 K7 K8 | K6 K7 K8 K9 K10"
