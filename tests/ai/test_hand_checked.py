"""Positions checked by hand, including the oracle's blind spot: jokers at
the ends of runs of 4+ and in groups of 4."""
from rummikub.tiles import fmt_tiles, parse_table
from ai_helpers import solved


def placed(m):
    return sorted(fmt_tiles(m.placed).split())


def test_issue_example():
    m = solved("R5 R6 R7 | B9 K9 Y9", "R8 K2 J")
    assert placed(m) == ["J", "R8"] and m.count == 2 and m.optimal


def test_joker_at_the_start_of_a_run_of_four_stays_legal():
    # the ILP oracle finds nothing here; R8 fits
    m = solved("J R5 R6 R7", "R8")
    assert placed(m) == ["R8"]


def test_joker_at_the_end_of_a_run_of_five():
    m = solved("R5 R6 R7 R8 J", "R10")
    assert placed(m) == ["R10"]          # R5..R8 J(R9) R10


def test_joker_in_a_group_of_four_is_freed_for_a_run():
    m = solved("K9 B9 R9 J", "K10 K11")
    assert placed(m) == ["K10", "K11"]


def test_lone_rack_joker_goes_on_the_table():
    m = solved("R3 R4 R5", "J")
    assert placed(m) == ["J"] and m.value in (2, 6)


def test_full_group_leaves_no_room_for_a_joker():
    m = solved("K7 B7 R7", "Y7 J")
    # K7 B7 R7 Y7 is full and a joker needs a set with room: one tile only
    assert m.count == 1


def test_split_a_run_by_inserting_a_tile():
    m = solved("R6 R7 R8 R9 R10", "R8")
    assert placed(m) == ["R8"]


def test_nothing_fits_keeps_the_table():
    m = solved("R5 R6 R7 | B9 K9 Y9", "K1 B13")
    assert m.count == 0 and m.placed == bytearray()


def test_most_tiles_then_most_value():
    # either K2 K3 K4 or the 12s could join; both fit, so all five go
    m = solved("K5 K6 K7 | B12 R12 Y12", "K2 K3 K4 K12 B1")
    assert placed(m) == ["K12", "K2", "K3", "K4"]
    # a choice between R1 (to a run) and R13 (to a run): the higher value wins
    m = solved("R2 R3 R4 | R10 R11 R12", "R1")
    assert placed(m) == ["R1"]
    m = solved("R10 R11 R12 | B11 B12 B13", "R13 R9")
    assert m.count == 2 and m.value == 22


def test_unchanged_sets_stay_as_they_were():
    before = "K1 K2 K3 | B4 B5 B6 | R7 R8 R9 | Y10 Y11 Y12"
    m = solved(before, "Y13")
    kept = [bytes(s) for s in parse_table("K1 K2 K3 | B4 B5 B6 | R7 R8 R9")]
    assert [bytes(s) for s in m.table[:3]] == kept
    assert len(m.changed) == 1


def test_rearranging_the_whole_table():
    # R5 R6 R7 | K5 B5 Y5 with R8 Y8: shift the run, free R5 for the group
    m = solved("R5 R6 R7 | K5 B5 Y5", "R8")
    assert placed(m) == ["R8"]
    m = solved("R1 R2 R3 R4 R5 R6 | K4 B4 Y4", "R4 K5 K6")
    assert m.count == 3


def test_initial_meld_needs_thirty_from_the_rack_alone():
    m = solved("R5 R6 R7", "R8 K10 B10 Y10", melded=False)
    assert placed(m) == ["B10", "K10", "Y10"]      # R8 may not touch the table
    m = solved("", "K1 K2 K3 B5", melded=False)
    assert m.count == 0                             # 6 points is not a meld
    m = solved("", "K1 K2 K3 B5", melded=False, initial_meld=5)
    assert m.count == 3
    m = solved("", "R10 R11 R12 K1 J", melded=False)
    assert placed(m) == ["J", "R10", "R11", "R12"] and m.value == 46


def test_initial_meld_with_table_use_variant():
    m = solved("K1 K2 K3", "R10 R11 R12 K4", melded=False, initial_meld_table_use=True)
    assert m.count == 4
    m = solved("K1 K2 K3", "R10 R11 R12 K4", melded=False)
    assert m.count == 3
