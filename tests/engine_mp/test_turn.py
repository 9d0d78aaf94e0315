from rummikub.tiles import parse_table, parse_tiles, fmt_tiles
from rummikub.rules import Rules
from rummikub.turn import validate_turn


def turn(table, rack, after, melded=True, **rules):
    return validate_turn(parse_table(table), parse_tiles(rack), parse_table(after),
                         melded, Rules(**rules))


def ok(table, rack, after, melded=True, **rules):
    r = turn(table, rack, after, melded, **rules)
    assert r.valid, r.message
    return r


def bad(code, table, rack, after, melded=True, **rules):
    r = turn(table, rack, after, melded, **rules)
    assert not r.valid, "should be refused: %s" % after
    assert r.code == code, (r.code, r.message)
    return r


def test_extend_a_run_reports_played_and_value():
    r = ok("R5 R6 R7 | B9 K9 Y9", "R8 K2 J", "R5 R6 R7 R8 | B9 K9 Y9")
    assert fmt_tiles(r.played) == "R8" and r.value == 8


def test_every_manipulation_from_the_rules_is_legal():
    # take the end tile off a run of 4+, use it in a new set
    ok("R5 R6 R7 R8", "B8 K8", "R5 R6 R7 | R8 B8 K8")
    # take one tile out of a group of 4
    ok("R9 B9 K9 Y9", "Y10 Y11", "R9 B9 K9 | Y9 Y10 Y11")
    # shift a run: add one end, the other end joins a group
    ok("R5 R6 R7 | K5 B5 Y5", "R8", "R6 R7 R8 | K5 B5 Y5 R5")
    # split a run by inserting a tile
    ok("R6 R7 R8 R9 R10", "R8", "R6 R7 R8 | R8 R9 R10")
    # substitute in a group: add the 4th colour, take another out
    ok("R9 B9 K9 | R10 R11 R12", "Y9", "Y9 B9 K9 | R9 R10 R11 R12")
    # free several tiles from several sets at once: full transformation
    ok("R3 R4 R5 | B3 B4 B5 | K3 K4 K5", "Y3 Y4 Y5",
       "R3 B3 K3 Y3 | R4 B4 K4 Y4 | R5 B5 K5 Y5")


def test_joker_freed_by_substitution_must_be_played_again():
    ok("R5 R6 R7 | B9 K9 J", "Y9 R8", "R5 R6 R7 R8 J | B9 K9 Y9")
    r = bad("table_tile_missing", "R5 R6 R7 | B9 K9 J", "Y9 R8",
            "R5 R6 R7 R8 | B9 K9 Y9")
    assert "joker" in r.message


def test_table_joker_may_end_a_long_run_or_fill_a_group_of_4():
    ok("J R5 R6 R7", "R8", "J R5 R6 R7 R8")
    ok("R4 B4 J", "K4", "R4 B4 K4 J")


def test_refusal_messages_name_set_tile_and_rule():
    r = bad("too_short", "R5 R6 R7 | B9 K9 Y9", "R8", "B9 K9 Y9 | R5 R6 | R7 R8")
    assert r.message.startswith("set 2 (R5 R6): a set needs at least 3 tiles"), r.message
    assert r.set_index == 1
    r = bad("table_tile_missing", "K7 K8 K9 K10", "R1", "K8 K9 K10")
    assert r.message == "K7 was on the table and is missing"
    r = bad("not_on_rack", "R5 R6 R7", "R8", "R5 R6 R7 | B4 B5 B6")
    assert r.message == "B4 is not on your rack"
    r = bad("not_on_rack", "", "R8 R9 R10", "R8 R9 R10 | R8 R9 R10")
    assert "you have 1 R8" in r.message
    bad("nothing_played", "R5 R6 R7", "R8", "R5 R6 R7")


def test_initial_meld_threshold_and_untouched_table():
    r = ok("B9 K9 Y9", "R10 R11 R12 K2", "B9 K9 Y9 | R10 R11 R12", melded=False)
    assert r.points == 33
    r = bad("initial_meld_points", "", "R7 R8 R9 K2", "R7 R8 R9", melded=False)
    assert r.message.startswith("initial meld is 24 points; 30 needed")
    # a joker counts as the tile it stands for
    assert ok("", "R9 J R11", "R9 J R11", melded=False).points == 30
    # two sets together may make the 30
    assert ok("", "K1 K2 K3 B8 R8 Y8", "K1 K2 K3 | B8 R8 Y8", melded=False).points == 30
    r = bad("table_touched", "R10 R11 R12", "R13 B5 R5 K5", "R10 R11 R12 R13 | B5 R5 K5",
            melded=False)
    assert "set 1 (R10 R11 R12)" in r.message
    # group order on the table may change without touching it
    ok("B9 K9 Y9", "R10 R11 R12", "K9 Y9 B9 | R10 R11 R12", melded=False)


def test_initial_meld_variants():
    ok("", "R7 R8 R9", "R7 R8 R9", melded=False, initial_meld=20)
    ok("", "R1 R2 R3", "R1 R2 R3", melded=False, initial_meld=0)
    # after 30 points down the same turn may use the table (variant only)
    rules = dict(initial_meld_table_use=True)
    r = ok("B5 B6 B7", "R10 R11 R12 B8", "B5 B6 B7 B8 | R10 R11 R12", melded=False, **rules)
    assert r.points == 33
    bad("initial_meld_points", "B5 B6 B7", "R1 R2 R3 B8", "B5 B6 B7 B8 | R1 R2 R3",
        melded=False, **rules)
    # tiles borrowed from the table do not count towards the 30
    bad("initial_meld_points", "B10 B11 B12 B13", "R10 K10", "B11 B12 B13 | R10 K10 B10",
        melded=False, **rules)


def test_pressman_freed_joker_needs_two_rack_tiles():
    rules = dict(freed_joker_with_rack_tiles=True)
    bad("freed_joker", "R5 R6 R7 | B9 K9 J", "Y9 R8", "R5 R6 R7 R8 J | B9 K9 Y9", **rules)
    ok("R5 R6 R7 | B9 K9 J", "Y9 K1 K2", "R5 R6 R7 | B9 K9 Y9 | K1 K2 J", **rules)
    # a joker that stays where it was is not freed
    ok("R5 J R7", "R8", "R5 J R7 R8", **rules)


def test_xp_set_allows_groups_of_six():
    ok("R9 B9 K9 Y9", "G9 P9", "R9 B9 K9 Y9 G9 P9", tile_set="xp")
    bad("group_size", "R9 B9 K9 Y9", "G9", "R9 B9 K9 Y9 G9")


def test_initial_meld_with_table_use_may_rework_the_sets_just_melded():
    # issue 13: R11 R12 R13 is a 36-point meld; then R10 moves onto it
    rules = dict(initial_meld_table_use=True)
    r = ok("K10 B10 R10 Y10", "R11 R12 R13", "R10 R11 R12 R13 | K10 B10 Y10",
           melded=False, **rules)
    assert r.points == 36
    # the meld may be split over sets that also hold table tiles
    r = ok("R9 B9 K9 Y9 | K5 K6 K7", "R10 R11 R12 K8",
           "B9 K9 Y9 | R9 R10 R11 R12 | K5 K6 K7 K8", melded=False, **rules)
    assert r.points == 33
    # the points are the best meld the played tiles make on their own
    r = ok("", "R10 R11 R12 R13 B13 K13", "R10 R11 R12 | R13 B13 K13",
           melded=False, **rules)
    assert r.points == 72
    # borrowed table tiles still never count
    bad("initial_meld_points", "R10 B10 K10 Y10", "R11 R12",
        "R10 R11 R12 | B10 K10 Y10", melded=False, **rules)
    bad("initial_meld_points", "R10 B10 K10 Y10", "R11 J",
        "R10 R11 J | B10 K10 Y10", melded=False, **rules)
    # jokers from the rack count as what they stand for in the best meld
    assert ok("Y10 Y11 Y12 Y13", "K13 B13 J", "Y10 Y11 Y12 | Y13 K13 B13 J",
              melded=False, **rules).points == 39


def test_set_that_reads_as_group_and_run_counts_both_ways():
    # issue 13: K11 J J is a group of 11s and a run K11-K13
    rules = dict(freed_joker_with_rack_tiles=True)
    ok("R11 K11 J J", "R9 R10", "K11 J J | R9 R10 R11", **rules)
    ok("R11 K11 J J", "R9 R10", "J J K11 | R9 R10 R11", **rules)
    ok("R11 K11 J J", "R9 R10", "J K11 J | R9 R10 R11", **rules)
    # a group that only changed its writing is untouched before the meld
    ok("J K9 J", "R10 R11 R12", "K9 J J | R10 R11 R12", melded=False)
    ok("J K9 J", "R10 R11 R12", "J J K9 | R10 R11 R12", melded=False)
    ok("K9 J J", "R10 R11 R12", "J K9 J | R10 R11 R12", melded=False)
    # a run reading that changed is still a change when no group fits
    bad("table_touched", "J J K9 K10", "R10 R11 R12",
        "K9 K10 J J | R10 R11 R12", melded=False)
    # the jokers of a run that only extends stay where they were
    ok("K11 J J", "K10", "K10 K11 J J", **rules)


def test_freed_joker_may_not_go_onto_an_existing_set():
    # issue 13: the joker freed from R5 R6 J stands for R7 again, elsewhere
    rules = dict(freed_joker_with_rack_tiles=True)
    bad("freed_joker", "R5 R6 J | R8 R9 R10", "R7", "R5 R6 R7 | J R8 R9 R10", **rules)
    bad("freed_joker", "R5 R6 J | R8 R9 R10", "R7", "R5 R6 R7 | R8 R9 R10 J", **rules)
    ok("R5 R6 J | R8 R9 R10", "R7 K1 K2", "R5 R6 R7 | R8 R9 R10 | K1 K2 J", **rules)
    # a joker that keeps its place while its run is split is not freed
    ok("R3 R4 J R6 R7 R8", "R6", "R3 R4 J R6 | R6 R7 R8", **rules)
    # the default rules only ask that the freed joker stays on the table
    ok("R5 R6 J | R8 R9 R10", "R7", "R5 R6 R7 | J R8 R9 R10")

