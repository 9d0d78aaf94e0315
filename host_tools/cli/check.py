"""`python -m host_tools check`: judge one turn given as JSON on stdin.

In:  {"table": "...", "rack": "...", "after": "...", "melded": true, "rules": {}}
Out: {"valid": true, "played": "R8", "points": 8} or
     {"valid": false, "error": {"code": "...", "message": "..."}}
Exit 0 valid, 1 illegal turn, 2 malformed input.
"""
import json
import sys

from host_tools.cli.jsonio import InputError, field, position
from rummikub.tiles import fmt_tiles
from rummikub.turn import validate_turn


def judge(obj):
    rules, p = position(obj, ("table", "rack", "after"))
    melded = field(obj, "melded", bool, True, required=False)
    res = validate_turn(p["table"], p["rack"], p["after"], melded, rules)
    if not res.valid:
        return {"valid": False, "error": {"code": res.code, "message": res.message}}
    points = res.value if melded else res.points
    return {"valid": True, "played": fmt_tiles(res.played), "points": points}


def main(argv):
    try:
        obj = json.loads(sys.stdin.read())
        out = judge(obj)
    except (ValueError, InputError) as e:
        msg = "bad JSON: %s" % e if isinstance(e, json.JSONDecodeError) else str(e)
        print(json.dumps({"valid": False, "error": {"code": "bad_input", "message": msg}}))
        print("check: %s" % msg, file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0 if out["valid"] else 1
