from check import raises
from rummikub.game import (Game, GameError, PLAYING, ROUND_OVER, MATCH_OVER,
                           DID_DRAW, DID_FAIL, DID_PASS)
from rummikub.rules import Rules
from rummikub.tiles import JOKER, parse_tiles, parse_table, fmt_table, fmt_tiles
from simple_player import play_match


def key(t):
    return 14 if t == JOKER else t & 15


def test_deal_and_tile_accounting():
    for n, ts, total in ((2, "standard", 106), (4, "standard", 106), (6, "xp", 160)):
        g = Game(Rules(tile_set=ts), n, seed=n)
        assert [len(r) for r in g.racks] == [14] * n
        assert len(g.pool) == total - 14 * n and g.tile_count() == total
        assert g.current == g.starter


def test_draw_for_order_highest_starts_ties_redraw():
    ties = 0
    for seed in range(1, 120):
        g = Game(Rules(), 4, seed=seed)
        last = g.order_draws[-1]
        top = max([key(t) for _, t in last])
        winners = [p for p, t in last if key(t) == top]
        assert winners == [g.starter]
        for draws in g.order_draws[:-1]:
            ties += 1
            top = max([key(t) for _, t in draws])
            tied = [p for p, t in draws if key(t) == top]
            assert len(tied) > 1
        if len(g.order_draws) > 1:
            assert [p for p, _ in g.order_draws[1]] == tied_of(g.order_draws[0])
    assert ties > 0, "no seed produced a tie; widen the range"


def tied_of(draws):
    top = max([key(t) for _, t in draws])
    return [p for p, t in draws if key(t) == top]


def test_random_first_player_variant_skips_the_draw():
    g = Game(Rules(first_player="random"), 3, seed=9)
    assert g.order_draws == [] and 0 <= g.starter < 3


def test_player_counts_follow_the_tile_set():
    assert "2-4 players" in str(raises(GameError, Game, Rules(), 5))
    Game(Rules(tile_set="xp"), 6)


def test_draw_ends_the_turn_and_extra_draws_is_a_variant():
    g = Game(Rules(), 2, seed=3)
    p = g.current
    before = len(g.pool)
    got = g.draw()
    assert len(got) == 1 and len(g.racks[p]) == 15 and len(g.pool) == before - 1
    assert g.current != p and g.last[0] == DID_DRAW
    raises(GameError, g.draw, 3)
    g = Game(Rules(extra_draws=True), 2, seed=3)
    assert len(g.draw(3)) == 3


def test_refused_play_changes_nothing_and_fail_draws_the_penalty():
    for penalty in (1, 3):
        g = Game(Rules(failed_play_penalty=penalty), 2, seed=4)
        p = g.current
        rack = bytearray(g.rack)
        res = g.play([bytearray(g.rack[:2])])
        assert not res.valid and g.current == p and g.rack == rack and g.table == []
        got = g.fail()
        assert len(got) == penalty and g.racks[p] == rack + got
        assert g.table == [] and g.last[0] == DID_FAIL and g.current != p


def rigged(racks, table="", pool="", melded=True, **rules):
    """A 2-player game put into a chosen position (tiles need not add up)."""
    g = Game(Rules(**rules), len(racks), seed=1)
    g.racks = [parse_tiles(r) for r in racks]
    g.table = parse_table(table)
    g.pool = parse_tiles(pool)
    g.melded = bytearray([1 if melded else 0] * len(racks))
    g.current = 0
    return g


def test_emptying_the_rack_wins_the_round_and_scores_it():
    g = rigged(["R8", "K5 J"], "R5 R6 R7", "B1 B2")
    res = g.play(parse_table("R5 R6 R7 R8"))
    assert res.valid and g.phase == MATCH_OVER
    assert g.round_rows == [[35, -35]] and g.round_winners == [0]
    assert g.match_winner() == 0
    raises(GameError, g.draw)


def test_exhausted_pool_play_goes_on_until_nobody_plays():
    g = rigged(["K13 K12", "B1 B2 B3 R9", "R2 R3"], "R5 R6 R7", "")
    g.draw()                         # player 0 cannot draw: a pass
    assert g.last[0] == DID_PASS and g.phase == PLAYING
    res = g.play(parse_table("R5 R6 R7 | B1 B2 B3"))   # a play resets the count
    assert res.valid and g.passes == 0
    g.draw()
    g.draw()
    assert g.phase == PLAYING
    g.draw()                          # third pass in a row: round over
    assert g.phase == MATCH_OVER and g.round_exhausted == [True]
    assert g.round_winners == [2]     # R2 R3 = 5 is the lowest rack
    assert g.round_rows == [[-20, -4, 24]]


def test_exhausted_winner_by_tiles_variant():
    g = rigged(["K13", "B1 B2"], "R5 R6 R7", "", exhausted_winner="tiles")
    g.draw()
    g.draw()
    assert g.round_winners == [0] and g.round_rows == [[0, 0]]


def test_initial_meld_rule_applies_in_play():
    g = rigged(["R7 R8 R9 K1", "B1"], "", "B5", melded=False)
    res = g.play(parse_table("R7 R8 R9"))
    assert not res.valid and res.code == "initial_meld_points"
    assert not g.melded[0]


def test_matches_of_several_rounds_sum_to_zero():
    for seed, n, rounds in ((1, 2, 2), (5, 3, 3), (11, 4, 1)):
        g = Game(Rules(), n, seed=seed, rounds=rounds)
        play_match(g)
        assert g.phase == MATCH_OVER and len(g.round_rows) == rounds
        for row in g.round_rows:
            assert sum(row) == 0
        totals, wins, order = g.standings()
        assert sum(wins) == rounds and g.match_winner() == order[0]
        raises(GameError, g.next_round)


def test_round_over_waits_for_next_round():
    g = rigged(["R8", "K5"], "R5 R6 R7", "B1 B2")
    g.rounds = 2
    g.play(parse_table("R5 R6 R7 R8"))
    assert g.phase == ROUND_OVER
    g.next_round()
    assert g.phase == PLAYING and g.round_no == 2 and g.tile_count() == 106
    assert fmt_table(g.table) == "" and fmt_tiles(g.racks[0]) != ""
