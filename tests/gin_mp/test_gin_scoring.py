"""The seed's scoring rules, hand by hand, and the end-of-game bonuses."""
from check import raises
from gin.cards import parse_cards, fmt_cards
from gin.scoring import score_knock, game_bonus, KnockError

KNOCKER = "AS 2S 3S 7H 7D 7C 9C 10C JC KD"     # three melds, KD loose: 10


def knock(k, d, **kw):
    return score_knock(parse_cards(k), parse_cards(d), **kw)


def laid(r):
    return fmt_cards([c for c, k in r["layoffs"]])


def test_knocker_lower_scores_the_difference():
    r = knock(KNOCKER, "4H 5H 6H 9S 9D 2C 3D KS KH QH")
    assert r["knocker_deadwood"] == 10 and r["defender_deadwood"] == 53
    assert r["winner"] == "knocker" and not r["gin"] and not r["undercut"]
    assert r["points"] == 43 and r["layoffs"] == []


def test_seed_example_a_loose_jack_goes_onto_three_jacks():
    # "pode juntar, por exemplo, um valete solto ao grupo de tres valetes"
    r = knock("JS JH JD 2C 3C 4C 6S 7S 8S 5D", "JC KD KS 4H 9H 2D 6D 8D 10D QH")
    assert laid(r) == "JC"
    assert fmt_cards(r["knocker_melds"][r["layoffs"][0][1]]) == "JS JH JD"
    assert r["knocker_deadwood"] == 5 and r["defender_deadwood"] == 69
    assert r["points"] == 64


def test_gin_scores_deadwood_plus_20_whether_or_not_all_is_laid_off():
    k, d = "AS 2S 3S 4H 5H 6H 7H 8D 8C 8S", "4S 5S 3H 2H 8H 9H 9C 9D 9S QD"
    r = knock(k, d)
    assert r["gin"] and r["knocker_deadwood"] == 0 and r["winner"] == "knocker"
    # 9H goes with its own three nines (or after 8H: the same points)
    assert laid(r).startswith("4S 5S 2H 3H 8H") and r["defender_deadwood"] == 10
    assert r["points"] == 30
    # everything laid off: still the 20
    r = knock(k, "4S 5S 3H 2H 8H 9H 9C 9D 9S 10H")
    assert r["defender_deadwood"] == 0 and r["points"] == 20


def test_no_layoff_on_gin_variant():
    r = knock("AS 2S 3S 4H 5H 6H 7H 8D 8C 8S", "4S 5S 3H 2H 8H 9H 9C 9D 9S QD",
              gin_layoff=False)
    assert r["layoffs"] == [] and r["defender_deadwood"] == 32 and r["points"] == 52
    # the variant is about gin only: an ordinary knock still takes lay-offs
    r = knock("JS JH JD 2C 3C 4C 6S 7S 8S 5D", "JC KD KS 4H 9H 2D 6D 8D 10D QH",
              gin_layoff=False)
    assert laid(r) == "JC"


def test_lower_or_equal_defender_undercuts():
    r = knock("AS 2S 3S 7H 7D 7C 9C 10C JC 8D", "4D 5D 6D 8H 8S 8C 2H 3H 4H 6S")
    assert r["knocker_deadwood"] == 8 and r["defender_deadwood"] == 6
    assert r["winner"] == "defender" and r["undercut"] and r["points"] == 12
    r = knock("AS 2S 3S 7H 7D 7C 9C 10C JC 8D", "4D 5D 6D QH QS QC 2H 3H 4H 8S")
    assert r["defender_deadwood"] == 8 and r["undercut"] and r["points"] == 10


def test_doubled_hand_doubles_everything():
    r = knock("AS 2S 3S 7H 7D 7C 9C 10C JC 8D", "4D 5D 6D 8H 8S 8C 2H 3H 4H 6S",
              doubled=True)
    assert r["points"] == 24
    r = knock("AS 2S 3S 4H 5H 6H 7H 8D 8C 8S", "4S 5S 3H 2H 8H 9H 9C 9D 9S QD",
              doubled=True)
    assert r["points"] == 60


def test_over_the_limit_is_refused_by_how_much():
    e = raises(KnockError, knock, KNOCKER, "4H 5H 6H 9S 9D 2C 3D KS KH QH",
               knock_limit=4)
    assert e.over == 6 and "by 6" in str(e)


def test_knocker_lays_down_the_split_that_leaves_the_defender_most():
    # runs 9-J in three suits or sets of 9s, 10s, Js: both leave 4D.  With the
    # runs laid down the defender could lay off A-8S and QS KS; with the sets
    # it keeps QS KS (its A-8S is a run of its own).
    r = knock("9S 10S JS 9H 10H JH 9D 10D JD 4D", "AS 2S 3S 4S 5S 6S 7S 8S QS KS")
    assert r["knocker_deadwood"] == 4 and r["defender_deadwood"] == 20
    assert [fmt_cards(m) for m in r["knocker_melds"]] == ["9S 9H 9D", "10S 10H 10D", "JS JH JD"]
    assert r["points"] == 16


def test_game_bonus():
    # winner 100, each player 20 a hand won; 200 when the opponent won none
    w, totals, bonus, margin = game_bonus([104, 40], [4, 2])
    assert w == 0 and bonus == [[100, 80], [0, 40]] and totals == [284, 80] and margin == 204
    w, totals, bonus, margin = game_bonus([0, 110], [0, 3])
    assert w == 1 and bonus[1] == [200, 60] and totals == [0, 370] and margin == 370
