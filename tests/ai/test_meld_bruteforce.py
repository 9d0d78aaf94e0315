"""Initial melds against a brute-force search on small racks: every way to
write valid sets from the rack, every combination of disjoint ones."""
import itertools
import random

from rummikub.tiles import JOKER
from rummikub.melds import analyse, SetError
from ai_helpers import solved


def candidate_sets(rack):
    """(tiles as sorted tuple, best value) for every valid set the rack can
    make; runs try every joker position, so each reading is seen."""
    best = {}
    idx = range(len(rack))
    for k in range(3, len(rack) + 1):
        for pick in itertools.combinations(idx, k):
            tiles = sorted(rack[i] for i in pick)
            key = tuple(tiles)
            if key in best:
                continue
            numbered = [t for t in tiles if t != JOKER]
            nj = len(tiles) - len(numbered)
            top = -1
            for pos in itertools.combinations(range(k), nj):
                s = []
                it = iter(numbered)
                for i in range(k):
                    s.append(JOKER if i in pos else next(it))
                try:
                    top = max(top, analyse(bytearray(s), 4)[1])
                except SetError:
                    pass
            if top >= 0:
                best[key] = top
    return list(best.items())


def brute_meld(rack, need=30):
    """(most tiles, then most value) of disjoint sets worth >= need."""
    cands = candidate_sets(rack)
    top = (0, 0)

    def go(i, left, count, value):
        nonlocal top
        if value >= need and (count, value) > top:
            top = (count, value)
        for k in range(i, len(cands)):
            tiles, v = cands[k]
            rest = list(left)
            ok = True
            for t in tiles:
                if t in rest:
                    rest.remove(t)
                else:
                    ok = False
                    break
            if ok:
                go(k + 1, rest, count + len(tiles), value + v)

    go(0, list(rack), 0, 0)
    return top


def random_rack(rng):
    """6-9 tiles from a narrow window, so sets are common."""
    lo = rng.randint(1, 9)
    tiles = [(c << 4) | n for c in range(4) for n in range(lo, lo + 5) for _ in range(2)]
    rng.shuffle(tiles)
    k = rng.randint(6, 9)
    rack = tiles[:k]
    if rng.random() < 0.4:
        rack[-1] = JOKER
    return rack


def test_initial_meld_matches_brute_force():
    rng = random.Random(4242)
    melds = 0
    for _ in range(200):
        rack = random_rack(rng)
        m = solved("", bytearray(rack), melded=False)
        count, value = brute_meld(rack)
        assert m.count == count, (rack, m.count, count)
        if count:
            melds += 1
            assert m.value == value, (rack, m.value, value)
    assert melds > 50            # the corpus really exercises melds


def test_initial_meld_threshold_variants():
    rng = random.Random(77)
    for need in (0, 10, 45):
        for _ in range(15):
            rack = random_rack(rng)
            m = solved("", bytearray(rack), melded=False, initial_meld=need)
            count, value = brute_meld(rack, need if need else 1)
            assert m.count == count, (need, rack, m.count, count)
