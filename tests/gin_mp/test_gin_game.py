"""Hand flow: the cut, the deal, the first up-card, turns, knock, void, the game."""
from check import raises
from gin.cards import parse_cards, rank_of, value, suit_of, NCARDS
from gin.game import (GinGame, PlayError, OFFER, DRAW, DISCARD, HAND_OVER, M_PASS,
                      M_DRAW, M_TAKE, UNKNOWN)
from gin.rules import GinRules
from gin.scoring import KnockError
from rummikub.rules import RuleError
from gin_play import play_game


def all_cards(g):
    return sorted(list(g.stock) + list(g.pile) + list(g.hands[0]) + list(g.hands[1]))


def test_cut_and_deal():
    for seed in range(1, 20):
        g = GinGame(seed=seed)
        a, b = g.cuts
        assert rank_of(a) != rank_of(b)
        assert g.dealer == (0 if rank_of(a) < rank_of(b) else 1)
        assert [len(h) for h in g.hands] == [10, 10] and len(g.pile) == 1
        assert len(g.stock) == 31 and all_cards(g) == list(range(NCARDS))
        assert g.phase == OFFER and g.current == 1 - g.dealer


def test_first_up_card_offered_to_non_dealer_then_dealer_then_stock():
    g = GinGame(seed=5)
    nd, up = g.current, g.top()
    raises(PlayError, g.draw_stock)           # take or pass first
    g.pass_offer()
    assert g.phase == OFFER and g.current == g.dealer
    g.pass_offer()
    assert g.phase == DRAW and g.current == nd and g.must_draw_stock()
    raises(PlayError, g.take_discard)
    g.draw_stock()
    assert g.phase == DISCARD and len(g.hands[nd]) == 11
    assert g.moves_of(nd) == [(M_PASS, up), (M_DRAW, UNKNOWN)]


def test_taken_card_cannot_go_straight_back():
    g = GinGame(seed=6)
    up = g.top()
    g.take_discard()
    assert g.moves_of(g.current) == [(M_TAKE, up)]
    raises(PlayError, g.discard, up)
    other = [c for c in g.hands[g.current] if c != up][0]
    g.discard(other)
    assert g.phase == DRAW and g.top() == other and g.current == g.dealer
    g.draw_stock()
    g.discard(up if up in list(g.hands[g.current]) else g.hands[g.current][0])


def test_knock_over_the_limit_changes_nothing():
    g = GinGame(seed=7)
    g.pass_offer()
    g.pass_offer()
    g.draw_stock()
    h = bytearray(g.hands[g.current])
    best = g.knock_options()
    if not best:
        e = raises(KnockError, g.discard, h[0], True)
        assert e.over > 0 and g.hands[g.current] == h and g.phase == DISCARD


def test_stock_down_to_two_voids_the_hand_same_dealer_deals():
    g = GinGame(seed=8)
    dealer = g.dealer
    g.pass_offer()
    g.pass_offer()
    while g.phase != HAND_OVER:
        g.draw_stock()
        g.discard(g.hands[g.current][0])
    assert len(g.stock) == 2 and g.result == {"void": True, "hand_winner": -1}
    assert g.history == [[-1, 0, "v"]] and g.scores == [0, 0]
    g.next_hand()
    assert g.dealer == dealer and g.hand_no == 2 and len(g.stock) == 31


def test_knock_scores_and_the_winner_deals_next():
    g = GinGame(seed=9)
    g.hands[g.current][:] = parse_cards("AS 2S 3S 7H 7D 7C 9C 10C JC KD")
    rest = [c for c in range(52) if c not in list(g.hands[g.current])]
    g.hands[1 - g.current][:] = bytearray(rest[:10])
    g.pile[:] = bytearray(rest[10:11])
    g.stock[:] = bytearray(rest[11:])
    p = g.current
    g.pass_offer()
    g.pass_offer()
    g.draw_stock()
    drawn = g.hands[p][-1]
    opts = g.knock_options()
    assert opts and opts[0][0] <= 10
    r = g.discard(opts[0][1], knock=True)
    assert g.phase == HAND_OVER and r["knocker"] == p
    w = r["hand_winner"]
    assert g.scores[w] == r["points"] and g.hands_won[w] == 1
    g.next_hand()
    assert g.dealer == w
    assert drawn >= 0


def test_oklahoma_up_card_sets_limit_and_spade_doubles():
    seen = set()
    for seed in range(1, 40):
        g = GinGame(GinRules(oklahoma=True), seed=seed)
        up = g.pile[0]
        assert g.knock_limit == value(up) and g.doubled == (suit_of(up) == 0)
        seen.add(g.doubled)
    assert seen == {True, False}


def test_rules_refuse_unknown_names_and_bad_values():
    raises(RuleError, GinRules, knock=5)
    raises(RuleError, GinRules, knock_limit=11)
    raises(RuleError, GinRules, gin_layoff=1)
    assert GinRules(target=50).changed() == {"target": 50}


def test_whole_game_to_100():
    def check(g):
        assert all_cards(g) == list(range(NCARDS))
        assert sum([h[1] for h in g.history if h[0] == 0]) == g.scores[0]
    g = GinGame(seed=2026, names=["Ann", "Ben"])
    hands = play_game(g, ("easy", "hard"), check)
    assert g.is_over() and max(g.scores) >= 100 and hands == g.hand_no
    w, totals, bonus, margin = g.final()
    assert g.scores[w] >= 100 and bonus[w][0] in (100, 200)
    assert totals[w] - totals[1 - w] == margin > 0
    raises(PlayError, g.next_hand)
