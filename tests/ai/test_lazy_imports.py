"""The AI's search code is loaded only by what searches: a fresh
interpreter shows which ai modules a turn of each kind pulls in (the
whole-match heap test, tests/ui/test_mp_memory.py, needs that room)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = """
import sys
from rummikub.game import Game
from rummikub.rules import Rules
g = Game(Rules(), 4, seed=%(seed)d)
%(code)s
print(" ".join(sorted(m for m in sys.modules if m.startswith("ai."))))
"""


def loaded(code, seed=3):
    out = subprocess.run([sys.executable, "-c", SCRIPT % {"seed": seed, "code": code}],
                         cwd=ROOT, env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "firmware")),
                         capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_an_easy_player_loads_no_search_code():
    mods = loaded("from ai.players import Player\nPlayer('easy', seed=1).take_turn(g)")
    assert mods == ["ai.greedy", "ai.players"], mods


def test_medium_searches_without_the_expert():
    mods = loaded("from ai.players import Player\nPlayer('medium', seed=1).take_turn(g)")
    assert "ai.solver" in mods and "ai.expert" not in mods, mods


def test_the_expert_is_loaded_for_hard_and_expert_seats():
    for level in ("hard", "expert"):
        mods = loaded("from ai.players import Player\nPlayer(%r, seed=1).take_turn(g)" % level)
        assert "ai.expert" in mods and "ai.solver" in mods, (level, mods)


def test_a_hint_loads_no_fallback_code_and_keeps_no_tables():
    mods = loaded("from ai.hint import hint\nhint(g)\n"
                  "from ai import prepare, runstate\n"
                  "assert not prepare._UPS and not prepare._STEPS and not runstate._TABLE_CACHE")
    assert "ai.solver" in mods and "ai.greedy" not in mods, mods


def test_a_search_that_runs_out_of_heap_still_finds_the_greedy_sets():
    mods = loaded("from ai import dp, solver\n"
                  "from rummikub.tiles import parse_tiles\n"
                  "def no_room(*a, **k):\n    raise MemoryError\n"
                  "solver._run = no_room\n"
                  "r = solver.rack_sets(parse_tiles('R1 R2 R3 B7 K7 Y7'), g.rules)\n"
                  "assert len(r) == 2, r")
    assert "ai.greedy" in mods, mods
