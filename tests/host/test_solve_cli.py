"""`python -m host_tools solve`: the JSON Lines contract the acceptance
checks drive, and the time budget."""
import json
import os
import subprocess
import sys

from host_tools.bench.corpus import corpus
from rummikub.tiles import parse_table, parse_tiles
from rummikub.rules import Rules
from rummikub.turn import validate_turn
from ai.solver import solve

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(lines):
    r = subprocess.run([sys.executable, "-m", "host_tools", "solve"], cwd=ROOT,
                       input="".join(lines), capture_output=True, text=True, timeout=60)
    return r.returncode, [json.loads(x) for x in r.stdout.splitlines()], r.stderr


def test_one_result_line_per_input_line_in_order():
    lines = [json.dumps({"table": "R5 R6 R7 | B9 K9 Y9", "rack": "R8 K2 J", "melded": True,
                         "rules": {}, "budget_ms": None}) + "\n",
             json.dumps({"table": "R5 R6 R7", "rack": "K1", "melded": True}) + "\n",
             json.dumps({"table": "", "rack": "K10 B10 Y10 R2", "melded": False,
                         "rules": {"initial_meld": 30}}) + "\n"]
    rc, out, err = run(lines)
    assert rc == 0, err
    assert len(out) == 3
    a, b, c = out
    assert set(a) == {"table", "placed", "count", "value", "optimal", "ms"}
    assert a["count"] == 2 and sorted(a["placed"].split()) == ["J", "R8"]
    assert a["value"] == 17 and a["optimal"] is True and a["ms"] >= 0
    assert validate_turn(parse_table("R5 R6 R7 | B9 K9 Y9"), parse_tiles("R8 K2 J"),
                         parse_table(a["table"]), True, Rules()).valid
    assert b == dict(b, table="R5 R6 R7", placed="", count=0, value=0)
    assert c["count"] == 3 and c["value"] == 30 and c["table"] == "K10 B10 Y10"


def test_malformed_input_names_the_line_and_exits_2():
    good = json.dumps({"table": "R5 R6 R7", "rack": "R8"}) + "\n"
    for bad, words in (("{not json\n", "bad JSON"),
                       (json.dumps({"table": "R5 R6 R7", "rack": "R8 X9"}) + "\n", "X9"),
                       (json.dumps({"table": "R5 R6 R7", "rack": "R8",
                                    "rules": {"speed": 3}}) + "\n", "speed"),
                       (json.dumps({"table": "R5 R6", "rack": 5}) + "\n", "rack"),
                       (json.dumps({"table": "R5 R6 R7", "rack": "R8",
                                    "budget_ms": "soon"}) + "\n", "budget_ms")):
        rc, out, err = run([good, bad])
        assert rc == 2
        assert len(out) == 1                     # the good line was answered
        assert "line 2" in err and words in err, err


def test_budget_returns_a_legal_move_flagged_unproven():
    # a position whose proof takes thousands of search steps
    pos = corpus(7, 50)[49]
    table, rack = parse_table(pos["table"]), parse_tiles(pos["rack"])
    full = solve(table, rack, True, Rules())
    quick = solve(table, rack, True, Rules(), budget_ms=0)
    assert full.optimal and not quick.optimal
    assert quick.count <= full.count
    if quick.count:
        assert validate_turn(table, rack, quick.table, True, Rules()).valid


def test_missing_melded_means_not_melded_yet():
    rc, out, err = run([json.dumps({"table": "", "rack": "K1 K2 K3 R10"}) + "\n",
                        json.dumps({"table": "", "rack": "K1 K2 K3 R10", "melded": True})
                        + "\n"])
    assert rc == 0, err
    assert out[0]["placed"] == "" and out[1]["placed"] == "K1 K2 K3"  # 6 points is no meld


def test_help_describes_every_field():
    r = subprocess.run([sys.executable, "-m", "host_tools", "solve", "--help"], cwd=ROOT,
                       input="", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0
    for name in ("table", "rack", "melded", "rules", "budget_ms"):
        assert "  %s " % name in r.stdout, r.stdout
