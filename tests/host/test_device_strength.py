"""The device-strength run (host_tools.bench.device_strength): its
MicroPython side (strength_mp) on the frozen 32-bit build, with the clock
stopped (K = 0: no budget ever runs out) and room to spare, plays a deal
exactly as the CPython tournament does, so what the device run changes is
the heap and the clock, not the game; and its ledger of finished games
goes on where a stopped run stopped."""

import json

import pytest

from host_tools.bench.device_strength import Ledger, device_games
from host_tools.bench.tournament import mirrored, play_game
from host_tools.mp32 import build as mp32
from host_tools.mp32.profiles import Profile



@pytest.mark.skipif(bool(mp32.missing()), reason=str(mp32.missing()))
def test_unhurried_device_games_match_the_tournament():
    tasks = mirrored(["expert", "greedy"], 2, 11, {})
    roomy = Profile("roomy", 1024 * 1024, [], "a heap the games never fill")
    got = device_games(mp32.frozen(), tasks, roomy, 0, 0.0, 1)
    want = [play_game(t) for t in tasks]
    assert [(r[0], r[1], r[2], r[3]) for r in got] == \
        [(w[0], w[1], w[2], w[4]) for w in want]
    assert len(got) == 2


def test_the_ledger_goes_on_where_a_stopped_run_stopped(tmp_path):
    path = str(tmp_path / "floor.jsonl")
    header = {"profile": "floor", "K": 63.0}
    Ledger(path, header).add("expert,greedy/1", [["expert", "greedy"], 0])
    with open(path, "a") as f:          # the run stopped halfway through a line
        f.write('["greedy,expert/1", [["greedy", "exp')
    again = Ledger(path, header)
    assert list(again.rows) == ["expert,greedy/1"]
    again.add("greedy,expert/1", [["greedy", "expert"], 1])
    assert Ledger(path, header).rows == {"expert,greedy/1": [["expert", "greedy"], 0],
                                         "greedy,expert/1": [["greedy", "expert"], 1]}
    with open(path) as f:
        assert [json.loads(x) for x in f.read().splitlines()][0] == header


def test_a_ledger_played_otherwise_is_refused_unless_fresh(tmp_path):
    path = str(tmp_path / "floor.jsonl")
    Ledger(path, {"K": 63.0}).add("expert,greedy/1", [["expert", "greedy"], 0])
    with pytest.raises(SystemExit, match="--fresh starts it over"):
        Ledger(path, {"K": 60.0})
    assert Ledger(path, {"K": 60.0}, fresh=True).rows == {}
    assert Ledger(path, {"K": 60.0}).rows == {}


def test_a_ledger_torn_in_its_header_starts_again(tmp_path):
    path = tmp_path / "floor.jsonl"
    path.write_text('{"profile": "fl')
    assert Ledger(str(path), {"profile": "floor"}).rows == {}
    assert json.loads(path.read_text()) == {"profile": "floor"}


def test_a_two_plus_two_table_plays_every_seat_order_once_and_times_the_expert():
    from host_tools.bench.device_strength import tasks_for, expert_times
    seats = ["expert", "greedy", "expert", "greedy"]
    # rotations 0 and 2 are one seat order, the same game: each deal is
    # played in two orders, as heads-up, and seed 2 starts 4 deals on
    tasks = tasks_for([1, 2], 8, seats)
    assert [k for k, _ in tasks[:2]] == ["expert,greedy,expert,greedy/1",
                                         "greedy,expert,greedy,expert/1"]
    assert len(tasks) == 16 and len(set(k for k, _ in tasks)) == 16
    assert tasks[8][1][1] == 5
    heads_up = tasks_for([1], 4)
    assert [k for k, _ in heads_up] == ["expert,greedy/1", "greedy,expert/1",
                                        "expert,greedy/2", "greedy,expert/2"]
    roomy = Profile("roomy", 1024 * 1024, [], "a heap the games never fill")
    rows = device_games(mp32.frozen(), [t for _, t in tasks[:2]], roomy, 0, 0.0, 1)
    for r in rows:
        assert len(r[4]) == 4 and all(len(x) > 0 for x in r[4])
    assert rows[1][0] == ["greedy", "expert", "greedy", "expert"]
    assert len(expert_times(rows)) == sum(len(r[4][i]) for r in rows for i in range(4)
                                          if r[0][i] == "expert")


def test_pystone_on_cpu_time_runs_on_the_model():
    # the games' clock is the process's CPU time (cpuclock), so K is
    # measured on it too: pystone_lowmem reads a utime put ahead of the
    # built-in one
    import os
    from host_tools import ROOT
    from host_tools.bench import pystone_ref
    ref = pystone_ref.fetch(os.path.join(ROOT, "build", "pystone"))
    if ref is None:
        pytest.skip("pystone_lowmem not cached and PyPI unreachable")
    assert pystone_ref.score(mp32.frozen(), ref, loops=2000, runs=1, cpu=True) > 0
    # the 64-bit port from PyPI has no cpuclock: the shim is what it imports
    pip_port = os.path.join(ROOT, ".venv", "bin", "micropython")
    if os.path.exists(pip_port):
        assert pystone_ref.score(pip_port, ref, loops=2000, runs=1) > 0
        assert pystone_ref.score(pip_port, ref, loops=2000, runs=1, cpu=True) == 0.0


def test_the_models_cpu_clock_reads_finer_than_a_millisecond(tmp_path):
    # strength_mp's device clock is this CPU time x K (about 150): read in
    # whole ms it stepped 156 ms at a time, so the expert saw its deadline
    # and the think times came out in those steps
    import subprocess
    code = ("import cpuclock\n"
            "a = cpuclock.us(); m = cpuclock.ms()\n"
            "b = a\n"
            "while b == a:\n"
            "    b = cpuclock.us()\n"
            "print(b - a, abs(a // 1000 - m) <= 1)\n")
    p = subprocess.run([mp32.frozen(), "-c", code], capture_output=True, text=True, timeout=60)
    step, agrees = p.stdout.split()
    assert 0 < int(step) < 1000 and agrees == "True", p.stdout + p.stderr
