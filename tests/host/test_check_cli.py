"""`python -m host_tools check`: the JSON contract the acceptance checks drive."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def check(payload):
    data = payload if isinstance(payload, str) else json.dumps(payload)
    r = subprocess.run([sys.executable, "-m", "host_tools", "check"], input=data,
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    return r.returncode, json.loads(r.stdout) if r.stdout.strip() else None, r.stderr


def test_valid_turn():
    code, out, _ = check({"table": "R5 R6 R7 | B9 K9 Y9", "rack": "R8 K2 J",
                          "after": "R5 R6 R7 R8 | B9 K9 Y9", "melded": True, "rules": {}})
    assert code == 0 and out == {"valid": True, "played": "R8", "points": 8}


def test_initial_meld_points_and_rule_override():
    turn = {"table": "B5 B6 B7", "rack": "R10 R11 R12 B8",
            "after": "B5 B6 B7 B8 | R10 R11 R12", "melded": False}
    code, out, _ = check(turn)
    assert code == 1 and out["error"]["code"] == "table_touched"
    code, out, _ = check(dict(turn, rules={"initial_meld_table_use": True}))
    assert code == 0 and out == {"valid": True, "played": "B8 R10 R11 R12", "points": 33}


@pytest.mark.parametrize("after,code,message", [
    ("R5 R6 R7 | B9 K9 Y9 | R8 K2 J", "mixed", "set 3 (R8 K2 J): not a group"),
    ("R5 R6 | R7 R8 J | B9 K9 Y9", "too_short", "set 1 (R5 R6): a set needs at least 3 tiles"),
    ("R5 R6 R7 | B9 K9 Y9 B4", "not_on_rack", "B4 is not on your rack"),
    ("R5 R6 R7 R8", "table_tile_missing", "was on the table and is missing"),
])
def test_refusals(after, code, message):
    rc, out, _ = check({"table": "R5 R6 R7 | B9 K9 Y9", "rack": "R8 K2 J",
                        "after": after, "melded": True})
    assert rc == 1 and out["valid"] is False
    assert out["error"]["code"] == code and message in out["error"]["message"]


@pytest.mark.parametrize("payload,needle", [
    ("{not json", "bad JSON"),
    ({"table": "R5 R6 R7", "rack": "R8", "after": "R5 R6 R7 R8", "rules": {"nope": 1}},
     "unknown rule 'nope'"),
    ({"table": "R5 R6 R7", "rack": "R0", "after": "R5 R6 R7"}, "R0"),
    ({"table": "R5 R6 R7 | R5 R6 R7", "rack": "R5", "after": "R5 R6 R7"}, "3 copies of R5"),
    ({"table": "R5 R6 R7", "after": "R5 R6 R7"}, "missing field 'rack'"),
    ({"table": "R5 R6 R7", "rack": "R8", "after": "R5 R6 R7 R8",
      "rules": {"timer_s": "fast"}}, "timer_s"),
])
def test_malformed_input_exits_2_with_a_message(payload, needle):
    rc, out, err = check(payload)
    assert rc == 2 and needle in out["error"]["message"] and needle in err


def test_missing_melded_means_not_melded_yet():
    # issue 13: a missing field used to mean true, so a 6-point opening passed
    code, out, _ = check({"table": "", "rack": "K1 K2 K3", "after": "K1 K2 K3"})
    assert code == 1 and out["error"]["code"] == "initial_meld_points"
    code, out, _ = check({"table": "", "rack": "K1 K2 K3", "after": "K1 K2 K3",
                          "melded": True})
    assert code == 0 and out["points"] == 6


def test_help_prints_help_without_reading_stdin():
    for flag in ("--help", "-h"):
        r = subprocess.run([sys.executable, "-m", "host_tools", "check", flag],
                           input="", capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert r.returncode == 0 and not r.stderr
        for name in ("table", "rack", "after", "melded", "rules"):
            assert "  %s " % name in r.stdout, r.stdout
