from check import raises
from rummikub.tiles import parse_tiles, fmt_tiles
from rummikub.melds import analyse, is_valid, SetError, GROUP, RUN, canonical


def a(text, ncol=4):
    return analyse(parse_tiles(text), ncol)


def err(text, ncol=4):
    return raises(SetError, analyse, parse_tiles(text), ncol)


def test_runs_and_values():
    kind, value, stands = a("R5 R6 R7")
    assert kind == RUN and value == 18 and fmt_tiles(stands) == "R5 R6 R7"
    kind, value, stands = a("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13")
    assert value == 91


def test_joker_stands_where_written():
    assert fmt_tiles(a("J R12 R13")[2]) == "R11 R12 R13"
    assert fmt_tiles(a("R5 J R7")[2]) == "R5 R6 R7"
    assert a("R5 J R7")[1] == 18
    assert err("R12 R13 J").code == "run_range"
    assert err("J R1 R2").code == "run_range"
    assert err("R5 R7 J").code == "run_order"


def test_groups():
    kind, value, stands = a("B9 K9 Y9")
    assert kind == GROUP and value == 27
    kind, value, stands = a("B9 J Y9 R9")
    assert value == 36 and fmt_tiles(stands) == "B9 K9 Y9 R9"
    assert err("B9 K9 B9").code == "group_colour"
    assert err("B9 K9 Y9 R9 J").code == "group_size"
    assert is_valid(parse_tiles("B9 K9 Y9 R9 G9 P9"), 6)
    assert err("B9 K9 Y9 R9 G9 P9 J", 6).code == "group_size"


def test_refusals_name_the_rule():
    assert "at least 3" in str(err("R5 R6"))
    assert err("J J J").code == "only_jokers"
    assert err("R5 B6 K7").code == "mixed"
    e = err("R5 B5 R6")
    assert e.code in ("group_number", "group_colour", "mixed")
    assert "13" in str(err("R12 R13 R1"))


def test_one_numbered_tile_takes_the_better_reading():
    kind, value, _ = a("J J R13")
    assert kind == GROUP and value == 39      # 13+13+13 beats 11+12+13
    kind, value, _ = a("R1 J J")
    assert kind == RUN and value == 6         # 1+2+3 beats 1+1+1
    kind, value, _ = a("J R13 J")
    assert kind == GROUP                       # R12 R13 R14 is no run
    assert not is_valid(parse_tiles("J J J J J R5"))


def test_canonical_ignores_group_order_not_run_order():
    assert canonical(parse_tiles("K9 B9 J")) == canonical(parse_tiles("J B9 K9"))
    assert canonical(parse_tiles("J R5 R6")) != canonical(parse_tiles("R5 R6 J"))


def test_canonical_treats_any_group_reading_as_a_group():
    # J K9 J reads as the run K8-K10 and as a group of 9s: same group
    assert canonical(parse_tiles("J K9 J")) == canonical(parse_tiles("K9 J J"))
    assert canonical(parse_tiles("J J K9 K10")) != canonical(parse_tiles("K9 K10 J J"))
