"""`python -m host_tools gin score`: the contract, run as a user runs it."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KNOCKER = "AS 2S 3S 7H 7D 7C 9C 10C JC KD"


def run(obj):
    text = obj if isinstance(obj, str) else json.dumps(obj)
    p = subprocess.run([sys.executable, "-m", "host_tools", "gin", "score"], input=text,
                       capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def test_legal_knock_prints_the_contract_fields():
    code, out, err = run({"knocker": KNOCKER, "defender": "JS 8C qc 4s 5S 2H 2D 6H KH 3D",
                          "knock_limit": 10, "doubled": False, "rules": {}})
    assert code == 0 and err == ""
    r = json.loads(out)
    for k in ("knocker_melds", "knocker_deadwood", "gin", "layoffs", "defender_melds",
              "defender_deadwood", "undercut", "winner", "points"):
        assert k in r
    assert r["knocker_melds"] == ["AS 2S 3S", "7H 7D 7C", "9C 10C JC"]
    assert r["knocker_deadwood"] == 10 and r["gin"] is False
    assert [x["card"] for x in r["layoffs"]] == ["4S", "5S", "8C", "QC"]
    # JS 2H 2D 6H KH 3D stay: 10+2+2+6+10+3
    assert r["defender_deadwood"] == 33 and r["winner"] == "knocker" and r["points"] == 23


def test_undercut_gin_doubling_and_the_no_gin_layoff_variant():
    code, out, _ = run({"knocker": "AS 2S 3S 7H 7D 7C 9C 10C JC 8D",
                        "defender": "4D 5D 6D 8H 8S 8C 2H 3H 4H 6S", "doubled": True})
    r = json.loads(out)
    assert code == 0 and r["undercut"] and r["winner"] == "defender" and r["points"] == 24
    gin = {"knocker": "AS 2S 3S 4H 5H 6H 7H 8D 8C 8S",
           "defender": "4S 5S 3H 2H 8H 9H 9C 9D 9S QD"}
    r = json.loads(run(gin)[1])
    assert r["gin"] and r["points"] == 30
    r = json.loads(run(dict(gin, rules={"gin_layoff": False}))[1])
    assert r["layoffs"] == [] and r["points"] == 52


def test_over_the_limit_exits_1_saying_by_how_much():
    code, out, err = run({"knocker": KNOCKER, "defender": "4H 5H 6H 9S 9D 2C 3D KS KH QH",
                          "knock_limit": 7})
    assert code == 1 and "by 3" in err and json.loads(out)["over_by"] == 3


def test_malformed_input_exits_2_with_one_line():
    bad = [
        "not json",
        {"knocker": KNOCKER},
        {"knocker": KNOCKER, "defender": "4H 5H 6H 9S 9D 2C 3D KS KH"},
        {"knocker": KNOCKER, "defender": "AS 5H 6H 9S 9D 2C 3D KS KH QH"},
        {"knocker": KNOCKER, "defender": "1H 5H 6H 9S 9D 2C 3D KS KH QH"},
        {"knocker": KNOCKER, "defender": "4H 4H 6H 9S 9D 2C 3D KS KH QH"},
        {"knocker": KNOCKER, "defender": "4H 5H 6H 9S 9D 2C 3D KS KH QH", "rules": {"x": 1}},
        {"knocker": KNOCKER, "defender": "4H 5H 6H 9S 9D 2C 3D KS KH QH", "knock_limit": "10"},
        {"knocker": KNOCKER, "defender": "4H 5H 6H 9S 9D 2C 3D KS KH QH", "extra": 1},
        [1, 2],
    ]
    msgs = []
    for b in bad:
        code, out, err = run(b)
        assert code == 2, b
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        msgs.append(err)
        assert "error" in json.loads(out)
    assert "both hands" in msgs[3] and "'1H'" in msgs[4] and "twice" in msgs[5]
    assert "9 cards" in msgs[2]


def test_t_spelling_and_lists_accepted():
    code, out, _ = run({"knocker": ["AS", "2S", "3S", "7H", "7D", "7C", "9C", "TC", "JC", "KD"],
                        "defender": "4H 5H 6H 9S 9D 2C 3D KS KH QH"})
    assert code == 0 and json.loads(out)["points"] == 43
