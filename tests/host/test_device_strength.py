"""The device-strength run's MicroPython side (host_tools.bench.strength_mp)
on the frozen 32-bit build: with the clock stopped (K = 0: no budget ever
runs out) and room to spare, it plays a deal exactly as the CPython
tournament does, so what the device run changes is the heap and the clock,
not the game."""

import pytest

from host_tools.bench.device_strength import device_games
from host_tools.bench.tournament import mirrored, play_game
from host_tools.mp32 import build as mp32
from host_tools.mp32.profiles import Profile

pytestmark = pytest.mark.skipif(bool(mp32.missing()), reason=str(mp32.missing()))


def test_unhurried_device_games_match_the_tournament():
    tasks = mirrored(["expert", "greedy"], 2, 11, {})
    roomy = Profile("roomy", 1024 * 1024, [], "a heap the games never fill")
    got = device_games(mp32.frozen(), tasks, roomy, 0, 0.0, 1)
    want = [play_game(t) for t in tasks]
    assert [(r[0], r[1], r[2], r[3]) for r in got] == \
        [(w[0], w[1], w[2], w[4]) for w in want]
    assert len(got) == 2
