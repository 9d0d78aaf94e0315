"""Best split and lay-offs: worked examples, and seeded hands against brute force."""
from gin.cards import parse_cards, fmt_cards
from gin.melds import best_split, deadwood, layoff_split, is_meld, all_best_splits
from gin_brute import best_deadwood, defender_deadwood
from gin_deals import hands


def split(text):
    d, melds, dead = best_split(parse_cards(text))
    return d, sorted([fmt_cards(m) for m in melds]), fmt_cards(dead)


def test_melds_sets_and_runs_aces_low():
    assert is_meld(parse_cards("AS 2S 3S")) and is_meld(parse_cards("7H 7D 7C 7S"))
    assert not is_meld(parse_cards("QS KS AS")) and not is_meld(parse_cards("KS AS 2S"))
    assert not is_meld(parse_cards("7H 7D")) and not is_meld(parse_cards("7H 8H 10H"))
    assert not is_meld(parse_cards("7H 7D 8D"))


def test_best_split_examples():
    assert split("AS 2S 3S 7H 7D 7C 9C 10C JC KD") == \
        (10, ["7H 7D 7C", "9C 10C JC", "AS 2S 3S"], "KD")
    # 7C in the run 5-8C or in the set of sevens: the run leaves less
    assert split("7S 7H 7C 5C 6C 8C KD QD JD 2H") == \
        (16, ["5C 6C 7C 8C", "JD QD KD"], "7S 2H 7H")
    # a four-set gives one card up to a run when that is better
    d, melds, dead = split("4S 4H 4D 4C 5S 6S KH KD KC 9H")
    assert d == 9 and dead == "9H"
    assert split("QS KS AS 2S 3H")[0] == 26


def test_card_is_in_one_meld_only():
    # 8H could finish the run or the set, not both: the set leaves less
    assert split("6H 7H 8H 8S 8D") == (13, ["8S 8H 8D"], "6H 7H")


def test_all_best_splits_lists_every_tie():
    s = all_best_splits(parse_cards("JH QH KH KS KD"))
    assert len(s) == 2 and s[0][0] == s[1][0] == 20


def test_layoff_examples():
    kn = [parse_cards("JS JH JD"), parse_cards("4C 5C 6C")]
    d, melds, lay, dead = layoff_split(parse_cards("JC 3C 2C 7C 8C KD"), kn)
    assert [fmt_cards([c]) for c, k in lay] == ["2C", "3C", "7C", "8C", "JC"]
    assert d == 10 and fmt_cards(dead) == "KD"
    # no lay-offs allowed: the same cards stay deadwood
    assert layoff_split(parse_cards("JC 3C 2C 7C 8C KD"), kn, False)[0] == 40


def test_layoff_breaks_own_meld_when_that_is_better():
    kn = [parse_cards("4S 5S 6S")]
    # 7S leaves the four sevens to carry 8S 9S onto the run
    d, melds, lay, dead = layoff_split(parse_cards("7S 7H 7D 7C 8S"), kn)
    assert d == 0 and [fmt_cards(m) for m in melds] == ["7H 7D 7C"]
    assert fmt_cards([c for c, k in lay]) == "7S 8S"
    assert layoff_split(parse_cards("7S 7H 7D 9S"), kn)[0] == 9


def test_best_split_matches_brute_force():
    for seed in range(1, 31):
        for h in hands(seed, (10, 11), bias=seed % 3 * 10):
            assert deadwood(h) == best_deadwood(h), fmt_cards(h)
            d, melds, dead = best_split(h)
            assert d == best_deadwood(h)
            used = sorted([c for m in melds for c in m] + dead)
            assert used == sorted(h) and all([is_meld(m) for m in melds])


def test_layoffs_match_brute_force():
    n = 0
    for seed in range(100, 130):
        kh, dh = hands(seed, (10, 10), bias=20)
        d, kmelds, _ = best_split(kh)
        if not kmelds:
            continue
        n += 1
        got, melds, lay, dead = layoff_split(dh, kmelds)
        assert got == defender_deadwood(dh, kmelds), (fmt_cards(kh), fmt_cards(dh))
    assert n > 10
