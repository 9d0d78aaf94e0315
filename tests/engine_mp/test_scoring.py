from rummikub.tiles import parse_tiles
from rummikub.scoring import round_scores, exhausted_winner, standings

OFFICIAL = [[24, -5, -16, -3], [-6, -11, 22, -5], [-32, -13, -2, 47], [-10, -25, 41, -6]]


def test_official_four_round_example():
    totals, wins, order = standings(OFFICIAL)
    assert totals == [-24, -54, 45, 33]
    assert wins == [1, 0, 2, 1]
    assert order[0] == 2          # C: most rounds won
    totals, wins, order = standings(OFFICIAL, by="points")
    assert order == [2, 3, 0, 1]


def test_official_round_one_from_racks():
    racks = [bytearray(), parse_tiles("K5"), parse_tiles("R7 R9"), parse_tiles("B1 B2")]
    assert round_scores(racks, 0, 30) == [24, -5, -16, -3]


def test_joker_penalty_is_configurable_and_scores_sum_to_zero():
    racks = [bytearray(), parse_tiles("J R2"), parse_tiles("K13")]
    for pen in (30, 25, 20):
        s = round_scores(racks, 0, pen)
        assert s[1] == -(pen + 2) and sum(s) == 0


def test_exhausted_pool_lowest_rack_wins_with_difference_scoring():
    racks = [parse_tiles("R10 R11"), parse_tiles("K2 K3 K4"), parse_tiles("J")]
    assert exhausted_winner(racks, 30) == 1                 # 9 points
    assert exhausted_winner(racks, 30, by="tiles") == 2     # one tile
    s = round_scores(racks, 1, 30, exhausted=True)
    assert s == [-12, 33, -21]
    s = round_scores(racks, 2, 30, exhausted=True)
    assert s == [0, 0, 0]          # nobody is above the winner's 30
    assert sum(round_scores(racks, 0, 30, exhausted=True)) == 0


def test_match_tie_on_wins_broken_by_points():
    rows = [[10, -10], [-4, 4]]
    totals, wins, order = standings(rows)
    assert wins == [1, 1] and order == [0, 1]
