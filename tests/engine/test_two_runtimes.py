"""The same seed must deal, shuffle and play identically on CPython and on
the MicroPython unix port (the engine's own PRNG, not `random`)."""
import os
import subprocess
import sys

from rummikub.game import Game
from rummikub.rules import Rules
from rummikub.tiles import fmt_tiles
from simple_player import play_match

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

SCRIPT = """
from rummikub.game import Game
from rummikub.rules import Rules
from rummikub.tiles import fmt_tiles
from simple_player import play_match
for seed in (1, 42, 2026, 99991):
    g = Game(Rules(), 4, seed=seed, rounds=2)
    print(fmt_tiles(g.racks[0]), '|', fmt_tiles(g.pool[:10]), '|', g.starter)
    play_match(g)
    print(g.round_rows, g.round_winners, g.rng.state)
"""


def cpython_output():
    lines = []
    for seed in (1, 42, 2026, 99991):
        g = Game(Rules(), 4, seed=seed, rounds=2)
        lines.append("%s | %s | %d" % (fmt_tiles(g.racks[0]), fmt_tiles(g.pool[:10]),
                                       g.starter))
        play_match(g)
        lines.append("%s %s %d" % (g.round_rows, g.round_winners, g.rng.state))
    return lines


def test_seeded_games_are_identical_on_micropython():
    env = dict(os.environ, MICROPYPATH="%s/firmware:%s/tests/engine_mp" % (ROOT, ROOT))
    out = subprocess.run([MICROPYTHON, "-c", SCRIPT], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr + out.stdout
    assert out.stdout.splitlines() == cpython_output()
