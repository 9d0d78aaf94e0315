"""Reading the opponent's hand (ai.gin.reading) and the hard level's use of it."""
from gin.cards import parse_cards, parse_card
from gin.game import GinGame, DISCARD, M_TAKE, M_DISCARD, M_DRAW, M_PASS, UNKNOWN
from ai.gin.reading import ONE, in_sight, chances, wants, pairs, history
from ai.gin.players import GinPlayer


def table(mine, pile, moves=(), opp="", current=0):
    """Player `current` (0) to discard, holding `mine` (11 cards); moves
    are (player, kind, card text or None) as the table saw them."""
    g = GinGame(start=False)
    g.hands[current] = parse_cards(mine)
    g.hands[1 - current] = parse_cards(opp) if opp else bytearray()
    g.pile = parse_cards(pile)
    m = bytearray()
    for p, kind, c in moves:
        m.append(p << 3 | kind)
        m.append(parse_card(c) if c else UNKNOWN)
    g.moves = m
    g.current = current
    g.phase = DISCARD
    g.taken = UNKNOWN
    return g


MINE = "AS 2S 3S 7D 8D 9D KC QC 5H 4C JS"


def level(q, g):
    """The chance every unseen card starts at."""
    seen = len(g.hands[0]) + len(g.pile)
    return 10 * ONE // (52 - seen)


def test_pairs_are_the_cards_that_meld_with_a_card():
    c = parse_card("7H")
    ps = pairs(c)
    got = sorted([tuple(sorted((ps[i], ps[i + 1]))) for i in range(0, len(ps), 2)])
    want = sorted([tuple(sorted(parse_cards(t))) for t in
                   ("7S 7D", "7S 7C", "7D 7C", "5H 6H", "6H 8H", "8H 9H")])
    assert got == want
    assert len(pairs(parse_card("AS"))) == 2 * 4     # sets, and 2S 3S
    assert len(pairs(parse_card("KC"))) == 2 * 4     # sets, and JC QC


def test_cards_in_sight_are_not_held_and_the_rest_share_its_hand():
    g = table(MINE, "6C 10D")
    q = chances(g, 0, in_sight(g, 0))
    for c in list(g.hands[0]) + list(g.pile):
        assert q[c] == 0
    lv = level(q, g)
    sight = list(g.hands[0]) + list(g.pile)
    assert all([q[c] == lv for c in range(52) if c not in sight])
    assert abs(sum(q) - 10 * ONE) < 52


def test_a_card_let_go_rules_out_holding_a_pair_that_melds_with_it():
    # the opponent (1) left 7H on the pile and drew from the stock
    g = table(MINE, "6C 10D 7H", [(0, M_DISCARD, "7H"), (1, M_DRAW, None),
                                   (1, M_DISCARD, "10D")])
    assert history(g, 1) == ([], [parse_card("7H"), parse_card("10D")])
    q = chances(g, 0, in_sight(g, 0))
    lv = level(q, g)
    for t in ("6H", "8H", "7S", "7C"):
        assert q[parse_card(t)] < lv, t
    assert q[parse_card("KH")] == lv          # nothing to do with 7H or 10D


def test_a_card_taken_makes_its_partners_likely_and_a_known_pair_dangerous():
    g = table(MINE, "6C", [(1, M_TAKE, "7H"), (1, M_DISCARD, "6C")])
    q = chances(g, 0, in_sight(g, 0))
    lv = level(q, g)
    assert q[parse_card("7H")] == ONE
    for t in ("6H", "8H", "7S", "7C"):
        assert q[parse_card(t)] > lv, t
    # 8H melds with 7H (held) and 9H or 6H: far likelier wanted than KH
    assert wants(parse_card("8H"), q) > 2 * wants(parse_card("KH"), q)


def test_a_partner_of_a_held_card_that_was_let_go_is_ruled_out():
    # took 7H, later did not take 8H: so it cannot hold 9H or 6H (either
    # would have melded 8H with 7H)
    g = table(MINE, "6C 8H", [(1, M_TAKE, "7H"), (1, M_DISCARD, "6C"),
                              (0, M_DISCARD, "8H"), (1, M_DRAW, None)])
    q = chances(g, 0, in_sight(g, 0))
    assert q[parse_card("9H")] == 0 and q[parse_card("6H")] == 0


def test_wants_is_zero_when_every_pair_has_a_card_in_sight():
    # JS: JH JD JC... three J's in sight? Use 2H: pairs 2S2D 2S2C 2D2C,
    # AH3H 3H4H; 2S in my hand, 2D 2C and 3H on the pile
    g = table(MINE, "2D 2C 3H")
    q = chances(g, 0, in_sight(g, 0))
    assert wants(parse_card("2H"), q) == 0
    assert 0 < wants(parse_card("9H"), q) < ONE


def test_hard_discards_the_card_the_opponent_is_likely_to_want():
    # a pair of kings among the loose cards: either king is as good to
    # drop, but the opponent took QH, so KH may well make a run for it
    mine = "AS 2S 3S 7D 8D 9D 4C 5C 9S KH KD"
    moves = [(1, M_TAKE, "QH"), (1, M_DISCARD, "2C")]
    g = table(mine, "2C", moves)
    hard = GinPlayer("hard")
    hard.act(g)
    assert g.pile[-1] == parse_card("KD"), "hard fed the opponent"
    # medium does not read the opponent: on a tie it drops the lower code
    g = table(mine, "2C", moves)
    GinPlayer("medium").act(g)
    assert g.pile[-1] == parse_card("KH")


def test_the_reading_passes_the_first_up_card():
    # both passed the first up-card 5S: the opponent held no pair for it
    g = table(MINE, "5S", [(1, M_PASS, "5S"), (0, M_PASS, "5S")])
    q = chances(g, 0, in_sight(g, 0))
    lv = level(q, g)
    assert q[parse_card("5D")] < lv and q[parse_card("6S")] < lv
