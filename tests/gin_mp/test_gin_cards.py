from check import raises
from gin.cards import (parse_cards, fmt_cards, parse_card, fmt_card, value, CardError,
                       rank_of, suit_of, deck, NCARDS)


def test_notation_round_trips_every_card():
    for c in deck():
        assert parse_card(fmt_card(c)) == c
    assert len(deck()) == NCARDS == 52


def test_case_and_ten_spellings():
    assert parse_cards("as 10h Td tC kC") == parse_cards("AS 10H 10D 10C KC")
    assert fmt_cards(parse_cards("as,qd")) == "AS QD"
    c = parse_card("JH")
    assert rank_of(c) == 11 and suit_of(c) == 1


def test_values():
    assert [value(parse_card(t)) for t in "AS 2H 9D 10C JS QH KD".split()] == \
        [1, 2, 9, 10, 10, 10, 10]


def test_bad_cards_are_refused_with_the_card_named():
    for bad in ("1S", "AX", "11H", "S", "ZZ", "10"):
        e = raises(CardError, parse_card, bad)
        assert repr(bad) in str(e) or bad in str(e)
    assert "twice" in str(raises(CardError, parse_cards, "AS 2S as"))
