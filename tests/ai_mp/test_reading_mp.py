"""The expert's reading of the table (ai.reading) and the search it checks
its samples with (ai.solver.reaches: whether a rack can play at all), on
both runtimes."""
from rummikub.game import Game, PLAYING, DID_DRAW, DID_PLAY
from rummikub.rules import Rules
from rummikub.tiles import parse_table, parse_tiles, fmt_tiles, JOKER, CODE_LIMIT
from common.rng import Rng
from ai.players import Player
from ai.solver import solve, reaches
from ai import reading


def _hot_names(table):
    flags = reading.hot(parse_table(table), 4)
    return sorted(fmt_tiles(bytearray([c for c in range(CODE_LIMIT) if flags[c]])).split())


def test_hot_tiles_are_ends_splits_missing_colours_and_joker_stand_ins():
    got = _hot_names("R5 R6 R7 | B9 K9 Y9 | K1 K2 K3 K4 K5 K6 | J Y5 Y6")
    # R4 R8: the run's ends; R9: the group's missing colour; K7: the long
    # run's end, K3 K4: a copy splits it; Y4: the joker's stand-in, Y3 Y7
    # the ends of the run it stands in; J: a joker goes anywhere
    assert got == sorted("R4 R8 R9 K7 K3 K4 Y3 Y4 Y7 J".split()), got


def test_a_group_of_four_and_a_full_run_offer_nothing_alone():
    assert _hot_names("K9 B9 R9 Y9 | R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13") == \
        sorted("R3 R4 R5 R6 R7 R8 R9 R10 R11 J".split())


def _positions(seeds):
    """Melded positions of real greedy games (table, rack of the player to
    move), a few a game."""
    rules = Rules()
    for seed in seeds:
        g = Game(rules, 2, seed=seed)
        ps = [Player("greedy", seed=seed + i) for i in range(2)]
        turn = 0
        while g.phase == PLAYING:
            if g.melded[g.current] and turn % 3 == 0:
                yield g
            ps[g.current].take_turn(g)
            turn += 1


def test_every_hot_tile_goes_down_alone():
    rules = Rules()
    n = 0
    for g in _positions((1, 2)):
        flags = reading.hot(g.table, 4)
        for code in range(CODE_LIMIT):
            if flags[code] and code != JOKER:
                assert solve(g.table, bytearray([code]), True, rules).count == 1, \
                    (fmt_tiles(bytearray([code])), g.table)
                n += 1
    assert n > 50


def test_whether_a_rack_can_play_agrees_with_the_solver():
    rules = Rules()
    n = yes = 0
    for g in _positions((3, 4)):
        for r in (g.rack, g.rack[:2], g.rack[2:5]):
            want = solve(g.table, r, True, rules).count > 0
            assert reaches(g.table, r, rules, 1) == want, (g.table, r)
            n += 1
            yes += want
    assert n > 30 and 0 < yes < n
    assert not reaches(parse_table("R5 R6 R7"), bytearray(), rules, 1)
    assert reaches(parse_table("R5 R6 R7"), parse_tiles("K1 R8"), rules, 1)
    assert not reaches(parse_table("R5 R6 R7"), parse_tiles("K1 B12"), rules, 1)


def test_the_unseen_tiles_are_the_set_less_the_rack_and_the_table():
    from rummikub.tiles import full_set
    for g in _positions((3, 6)):
        unseen = reading.unseen(g)
        assert list(unseen) == sorted(unseen)
        seen = bytearray(g.rack)
        for s in g.table:
            seen += s
        assert sorted(unseen + seen) == sorted(full_set(4, 2, 2))


def test_the_last_mover_is_dealt_only_tiles_it_could_not_have_placed():
    checked = 0
    for g in _positions((5, 6, 7)):
        who, free = reading.last_mover(g)
        if who < 0 or who == g.current or not g.melded[who]:
            continue
        assert free == (len(g.last[2]) if g.last[0] != DID_PLAY else 0)
        counts = [len(r) for r in g.racks]
        unseen = reading.unseen(g)
        flags = reading.hot(g.table, 4)
        racks, pool = reading.deal(Rng(1), g, counts, bytearray(unseen), flags, who, free)
        dealt = bytearray(pool)
        for p in range(g.n):
            if p == g.current:
                assert racks[p] is None
            else:
                assert len(racks[p]) == counts[p]
                dealt += racks[p]
        assert sorted(dealt) == sorted(unseen)       # each unseen tile once
        cold = len([t for t in unseen if not flags[t]])
        if cold >= counts[who]:
            assert not [t for t in racks[who][free:] if flags[t]], fmt_tiles(racks[who])
        # dealt again: still every tile once, the rack still cold
        pool = reading.redeal(Rng(2), racks, pool, who, flags, free)
        assert len(racks[who]) == counts[who]
        assert sorted(bytearray(pool) + racks[who]) == sorted(unseen)   # heads-up
        if cold >= counts[who]:
            assert not [t for t in racks[who][free:] if flags[t]]
        checked += 1
    assert checked > 5


def test_a_draw_leaves_one_tile_free_and_a_play_none():
    g = Game(Rules(), 2, seed=3)
    g.draw()
    assert reading.last_mover(g) == (1 - g.current, 1)
    assert g.last[0] == DID_DRAW
    g2 = Game(Rules(), 2, seed=3)
    assert reading.last_mover(g2) == (-1, 0)
