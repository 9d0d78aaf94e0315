from common.rng import Rng
from rummikub.tiles import full_set, fmt_tiles


def test_xorshift32_known_answers():
    # Marsaglia's xorshift32 (13, 17, 5) from state 1
    r = Rng(1)
    assert [r.next32() for _ in range(3)] == [270369, 67634689, 2647435461]


def test_same_seed_same_shuffle_on_every_runtime():
    pool = Rng(2026).shuffle(full_set(4, 2, 2))
    # The deal is pinned: CPython and MicroPython must both produce it.
    assert fmt_tiles(pool[:8]) == EXPECTED_2026, fmt_tiles(pool[:8])
    assert sorted(pool) == sorted(full_set(4, 2, 2))


def test_randbelow_covers_range_evenly_enough():
    r = Rng(5)
    seen = [0] * 6
    for _ in range(600):
        seen[r.randbelow(6)] += 1
    assert min(seen) > 60


EXPECTED_2026 = "J K4 K8 B4 K10 B9 K6 K2"
