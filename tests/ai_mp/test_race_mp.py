"""The search walking the numbers 13 down to 1, and the race of the two
walks (ai.race), on both runtimes: same best scores, sets read the right
way round, and a race with no heap for its second search still exact."""
from rummikub.tiles import parse_table, count_tiles, JOKER
from rummikub.rules import Rules
from rummikub.turn import validate_turn
from ai.dp import UNIT
from ai.memo import drop_table
from ai.race import Race
from ai import arrange
from solver_setup import maker

POSITIONS = [
    ("R5 R6 R7 | B9 K9 Y9", "R8 K2 J"),
    ("J R5 R6 R7", "R8"),
    ("K9 B9 R9 J", "K10 K11"),
    ("R1 R2 R3 R4 R5 R6 | K4 B4 Y4", "R4 K5 K6"),
    ("K1 B1 R1 Y1 | J B2 B3 | R9 R10 R11 R12 | Y11 Y12 Y13", "K2 K3 R13 Y10 J B4"),
    ("K3 K4 K5 K6 K7 K8 K9 | R10 R11 R12 | B6 B7 B8 B9 B10 | K13 R13 Y13 | "
     "Y1 Y2 Y3 | K10 K11 K12 | R4 R5 R6 R7 | Y8 Y9 Y10 Y11 | B1 B2 B3",
     "K2 R3 Y12 B11 R8 B12 B4 Y7 K1 R9 B5 B13 R2 K13 Y4 Y5 Y6 R1"),
]

# a late-game position whose upward walk alone takes ~108,000 states
LONG = ("R1 R2 R3 R4 R5 R6 R7 R8 R9 | K2 B2 R2 Y2 | "
        "K4 K5 K6 K7 K8 J K10 K11 K12 K13 | B4 B5 B6 B7 B8 B9 | J B13 R13 | "
        "K11 B11 R11",
        "K4 Y11 K13 B2 R3 K5 B1 B3 B10 Y7 Y3 K7 B9 R7 Y1 K1 Y11 K10 B10 R12 "
        "R9 Y5 Y4 B5 K3 K2 B7")


def _best(p):
    score, path = p.search(UNIT, True, UNIT)
    if path is None:
        return -1, None
    path = bytes(path)
    s2, p2 = p.search(score + 1, True, 1, score // UNIT)
    if p2 is not None:
        return s2, bytes(p2)
    return score, path


def test_the_downward_walk_finds_the_same_best_sets_the_right_way_round():
    rules = Rules()
    for table, rack in POSITIONS:
        make = maker(table, rack)
        up = make()
        try:
            want = _best(up)[0]
            down = make(up)
            got, path = _best(down)
            assert got == want, (table, rack, got, want)
            sets = arrange.build(down, path)
        finally:
            up.release()
            drop_table()
        # the sets read low to high in the original numbers: the engine
        # takes them as a legal turn
        before = parse_table(table)
        spare = (table + " " + rack).count("J") - count_tiles(sets)[JOKER]
        kept, changed = arrange.carve(sets, before, 4)
        assert arrange.add_jokers(kept, changed, spare, 4)
        sets = kept + changed
        used = count_tiles(sets)
        hand = bytearray()
        have = count_tiles(before)
        for code in range(len(used)):
            for _ in range(used[code] - have[code]):
                hand.append(code)
        res = validate_turn(before, hand, sets, True, rules)
        assert res.valid, (table, rack, res.message)


def _race_count(make):
    p = make()
    race = Race(p, make, p.check_time)
    try:
        b = race.search(UNIT, UNIT)
        return b.found_score // UNIT, race
    finally:
        p.release()
        drop_table()


def test_the_race_builds_the_second_walk_only_for_a_long_search():
    make = maker(*POSITIONS[0])
    count, race = _race_count(make)
    assert count == 1 and race.second is None      # R8: the joker is spare
    make = maker(*LONG)
    count, race = _race_count(make)
    assert count == 25 and race.second is not None
    assert race.expanded < 20000, race.expanded    # ~3,200 (alone: ~108,000)


def test_the_winner_of_the_tile_phase_leads_the_value_phase():
    from ai.race import HEAD, TURN, LEAD
    make = maker(*LONG)
    p = make()
    race = Race(p, make, p.check_time)
    try:
        b = race.search(UNIT, UNIT)
        # here the downward walk proves 25 tiles first
        assert race.lead is race.second and race.edge == LEAD
        up, down = race.first.expanded, race.second.expanded
        race.search(b.found_score + 1, 1, b.found_score // UNIT)
        up = race.first.expanded - up
        down = race.second.expanded - down
        # it walks HEAD states alone, then LEAD turns to each of the other's
        assert down > 0
        if down <= HEAD:
            assert up == 0
        else:
            assert up <= TURN * (1 + (down - HEAD) // (TURN * LEAD))
    finally:
        p.release()
        drop_table()


class _Starved:
    """A downward search that runs out of heap on its n-th turn."""

    def __init__(self, inner, n):
        self.inner = inner
        self.n = n
        self.dropped = False

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def advance(self, budget):
        self.n -= 1
        if self.n < 0:
            raise MemoryError()
        return self.inner.advance(budget)

    def drop_reverse(self):
        self.dropped = True
        self.inner.drop_reverse()


def test_a_race_without_heap_for_its_second_walk_is_still_exact():
    make = maker(*LONG)

    def no_room(partner):
        raise MemoryError()
    count, race = _race_count(lambda partner=None: make() if partner is None
                              else no_room(partner))
    assert count == 25 and race.second is None
    made = []

    def starving(partner=None):
        if partner is None:
            return make()
        made.append(_Starved(make(partner), 3))
        return made[-1]
    count, race = _race_count(starving)
    assert count == 25 and race.second is None
    assert len(made) == 1 and made[0].dropped
