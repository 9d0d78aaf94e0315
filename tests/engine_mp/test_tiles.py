from check import raises
from rummikub.tiles import (JOKER, NotationError, parse_tile, fmt_tile, parse_tiles,
                            fmt_tiles, parse_table, fmt_table, count_tiles,
                            check_supply, full_set, sort_by_run, sort_by_number,
                            has, remove_tile, pop_tile, rack_value)


def test_tile_codes_are_small_and_round_trip():
    for c in "KBRYGP":
        for n in range(1, 14):
            t = parse_tile(c + str(n))
            assert 0 < t < 0x70
            assert fmt_tile(t) == c + str(n)
    assert parse_tile("J") == JOKER and fmt_tile(JOKER) == "J"


def test_parse_is_case_insensitive_and_o_is_yellow():
    assert parse_tile("r7") == parse_tile("R7")
    assert parse_tile("O5") == parse_tile("Y5")
    assert parse_tile("j") == JOKER
    assert fmt_tile(parse_tile("o13")) == "Y13"


def test_bad_tokens_are_named():
    for tok in ("R0", "R14", "X4", "R", "RR", "7", "J2", "R-1"):
        e = raises(NotationError, parse_tile, tok)
        assert tok in str(e), str(e)
    e = raises(NotationError, parse_tiles, "R5 Q5 R7")
    assert "Q5" in str(e)


def test_xp_colours_refused_in_standard_set():
    e = raises(NotationError, parse_tile, "G5", 4)
    assert "G5" in str(e) and "XP" in str(e)
    assert fmt_tile(parse_tile("P9", 6)) == "P9"


def test_table_notation_round_trips_in_written_order():
    text = "J R12 R13 | B9 K9 Y9 | R5 J R7"
    sets = parse_table(text)
    assert len(sets) == 3 and isinstance(sets[0], bytearray)
    assert fmt_table(sets) == text
    assert parse_table("  ") == []
    assert "set 2" in str(raises(NotationError, parse_table, "R1 R2 R3 | | K1"))


def test_supply_check_names_the_extra_copy():
    counts = count_tiles((parse_tiles("R5 R5 R5"),))
    e = raises(NotationError, check_supply, counts, 2, 2)
    assert "R5" in str(e) and "3 copies" in str(e)
    counts = count_tiles((parse_tiles("J J J"),))
    assert "J" in str(raises(NotationError, check_supply, counts, 2, 2))
    check_supply(count_tiles((parse_tiles("R5 R5 J J"),)), 2, 2)


def test_full_sets_have_106_and_160_tiles():
    assert len(full_set(4, 2, 2)) == 106
    assert len(full_set(6, 2, 4)) == 160


def test_sorts_for_the_rack():
    rack = parse_tiles("J R9 B7 R7 K9 R8")
    assert fmt_tiles(sort_by_run(rack)) == "K9 B7 R7 R8 R9 J"
    assert fmt_tiles(sort_by_number(rack)) == "B7 R7 R8 K9 R9 J"


def test_bytearray_helpers():
    b = parse_tiles("R1 R2 R3 R2")
    assert has(b, parse_tile("R3")) and not has(b, JOKER)
    assert remove_tile(b, parse_tile("R2")) and fmt_tiles(b) == "R1 R3 R2"
    assert not remove_tile(b, JOKER)
    assert fmt_tile(pop_tile(b)) == "R2" and fmt_tiles(b) == "R1 R3"
    assert rack_value(parse_tiles("R1 J K13"), 30) == 44


def test_only_ascii_digits_and_short_messages():
    # issue 13: 'R²' passed isdigit() and crashed int(); 5,000 digits too
    for tok in ("R\u00b2", "R\u2075", "R\u0665", "R" + "5" * 5000, "R123", "R"):
        e = raises(NotationError, parse_tile, tok)
        assert len(str(e)) < 60, str(e)
    assert "unknown tile" in str(raises(NotationError, parse_tile, "R" + "7" * 5000))
