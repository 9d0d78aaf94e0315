"""MicroPython side of `python -m host_tools.bench.device_strength`: play
the given deals with the device's think budgets on a clock running K times
fast, so a budget cuts the search where it would on a chip K times slower
than this machine (the clock counts this process's CPU time where the
build has cpuclock, as the 32-bit model does).  One JSON line per game:
[levels, winner, scores, seed, think ms of every move per seat on that
clock] (winner -1: the game ran out of heap).

  MICROPYPATH=.frozen micropython -X heapsize=64k strength_mp.py K BALLAST LEVELS SEED
LEVELS: the seats' levels, comma-separated; one game a process (a game
that ran out of heap leaves nothing behind for the next); BALLAST bytes
stay allocated throughout (the heap the app holds itself).  Its play()
is the CPython tournament's game too (bench/tournament imports it; only
the run as a script reads argv and slows the clock).
"""
import gc
import json
import sys
import time

import compat

try:
    # the 32-bit model (host_tools/mp32/cmod): this process's CPU time, so
    # other work on the machine does not cut the device's budgets short;
    # in microseconds, so the device's clock steps by K/1000 ms, not K
    from cpuclock import us as _cpu_us
except ImportError:
    _cpu_us = None

_start = [0, 0]         # ticks_ms() and CPU ms when the game began


def _device_ticks():
    """Milliseconds as the slower chip would count them since the game began
    (compat.ticks_ms is what the AI reads; replaced before it is imported)."""
    if _cpu_us is None:
        ran = time.ticks_diff(time.ticks_ms(), _start[0])
    else:
        ran = (_cpu_us() - _start[1]) / 1000
    return time.ticks_add(_start[0], int(ran * K))


if __name__ == "__main__":     # the device model's run, not the tournament's import
    K = float(sys.argv[1])
    compat.ticks_ms = _device_ticks
    _BALLAST = bytearray(int(sys.argv[2]))

from rummikub.game import Game, PLAYING  # noqa: E402
from rummikub.rules import Rules  # noqa: E402
from ai.players import Player  # noqa: E402


def play(levels, seed, rules, times):
    """Deal `seed` under `rules` (a Rules), seat i played by levels[i] (seeded
    seed * 31 + i), each move's think ms appended to times[i]: (winner
    seat, scores).  The CPython tournament plays its games with this too
    (bench/tournament.play_game), so both play a deal move for move alike."""
    g = Game(rules, len(levels), seed=seed)
    players = [Player(levels[i], seed=seed * 31 + i) for i in range(len(levels))]
    turns = 0
    while g.phase == PLAYING:
        who = g.current
        p = players[who]
        before = p.think_ms
        p.take_turn(g)
        times[who].append(p.think_ms - before)
        turns += 1
        if turns > 5000:
            raise RuntimeError("game %d does not end" % seed)
    return g.round_winners[0], list(g.round_rows[0])


def main(levels, seed):
    gc.collect()
    times = []
    for _ in levels:        # a loop: a comprehension would put its code object on this heap
        times.append([])
    _start[0] = time.ticks_ms()
    _start[1] = _cpu_us() if _cpu_us else 0
    try:
        winner, scores = play(levels, seed, Rules(), times)
    except MemoryError:         # the app would stop here: no winner
        winner, scores = -1, []
    print(json.dumps([levels, winner, scores, seed, times]))


if __name__ == "__main__":
    main(sys.argv[3].split(","), int(sys.argv[4]))
