"""The solver on the MicroPython unix port under a 128k heap (about 64 KB on
the ESP32): the same tile counts as on CPython, no MemoryError."""
import json
import os
import subprocess
import sys

import host_tools
from host_tools.bench.corpus import corpus
from rummikub.tiles import parse_table, parse_tiles
from rummikub.rules import Rules
from ai.solver import solve

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
RUNNER = os.path.join(host_tools.ROOT, "host_tools", "bench", "speed_mp.py")


def test_corpus_positions_solve_under_a_128k_heap(tmp_path):
    from host_tools.codecheck.mpycheck import compile_all
    mpy = tmp_path / "mpy"
    compile_all(str(mpy))                 # as the device runs it
    positions = corpus(2026, 12)
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in positions))
    r = subprocess.run([MP, "-X", "heapsize=128k", RUNNER, str(path)],
                       env=dict(os.environ, MICROPYPATH=str(mpy)),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-600:]
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[-1]["done"] == len(positions)
    for row in lines[:-1]:
        p = positions[row["i"]]
        m = solve(parse_table(p["table"]), parse_tiles(p["rack"]), True, Rules())
        assert row["count"] == m.count and row["optimal"], (row, m.count)
