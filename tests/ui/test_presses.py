"""The press benchmark, small: one target move of each kind from seeded
self-play, each played by the planner's keys on the real app (emulator
backend) and checked against the target table."""
import json

import pytest

from rummikub.melds import is_valid
from host_tools.presses import command
from host_tools.presses.corpus import corpus, KINDS
from host_tools.presses.planner import run_keys, canon


def test_corpus_has_every_kind_and_legal_targets():
    ts = corpus(per_kind=1, seed=3)
    assert sorted(t.kind for t in ts) == sorted(KINDS)
    for t in ts:
        assert t.placed() >= 1
        assert all(is_valid(s, t.ncol) for s in t.after)


def test_every_planned_move_is_played_by_the_real_app(tmp_path):
    out = tmp_path / "presses.json"
    assert command.main(["--per-kind", "1", "--seed", "3", "--out", str(out),
                         "--no-speed", "--no-round"]) == 0
    s = json.loads(out.read_text())
    assert s["moves"] == len(KINDS) and s["failed"] == 0
    assert set(s["by_kind"]) == set(KINDS)
    for k in ("median", "p90", "max"):
        assert 1 <= s[k] <= 40
    f = s["refresh"]                  # each move's keys, to the turn's end
    assert f["moves_with_full"] == 0 and f["fast"] == 1.0 and f["partial"] >= 1
    assert f["panel_s"] >= 0.4 * f["partial"] + 1.2 * f["fast"]


def test_a_wrong_key_sequence_does_not_reach_the_target():
    t = [t for t in corpus(per_kind=1, seed=3) if t.kind == "extend_run"][0]
    table, screen = run_keys(t, ["start", "start"])      # draws instead
    assert canon(table, t.ncol) == canon(t.table, t.ncol) != canon(t.after, t.ncol)


def test_the_placement_timing_runs_on_micropython(tmp_path):
    """bench/place_mp.py (with its line loop, bench/jsonl_mp.py) on the
    unix port: a line per target, in order, each way found."""
    import os
    import subprocess
    import host_tools
    from host_tools.presses.speed import corpus_lines, place_script
    from mp_heap import micropython
    mp = micropython()
    if mp is None:
        pytest.skip("no micropython")
    ts = corpus(per_kind=1, seed=3)[:3]
    path = tmp_path / "c.jsonl"
    path.write_text(corpus_lines(ts))
    r = subprocess.run([mp, "-X", "heapsize=1m", place_script(), str(path), "2000"],
                       env=dict(os.environ, MICROPYPATH=os.path.join(host_tools.ROOT, "firmware")),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-600:]
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert rows[-1] == {"done": len(ts)}
    assert [x["i"] for x in rows[:-1]] == list(range(len(ts)))
    assert all(x["found"] and x["ms"] > 0 for x in rows[:-1])


def test_the_summary_uses_the_one_percentile():
    """p90 and the median as every other figure reports them
    (bench.stats.percentile, interpolated), not a nearest rank of its own."""
    results = [("extend_run", n, 1, "direct") for n in range(1, 11)]
    s = command.summary(results)
    assert s["median"] == 5.5 and s["p90"] == 9.1 and s["max"] == 10
    assert s["by_kind"]["extend_run"]["p90"] == 9.1
