"""`python -m host_tools check`: judge one turn given as JSON on stdin.

In:  {"table": "...", "rack": "...", "after": "...", "melded": true, "rules": {}}
  table   the table at the start of the turn, sets separated by `|` (may be
          empty or missing; every set must be valid)
  rack    the player's tiles (required)
  after   the table the player proposes at the end of the turn (required)
  melded  true once the player's initial meld is done; missing means false
  rules   rule overrides, names as in RULES.md (missing: the official rules)
Out: {"valid": true, "played": "R8", "points": 8} or
     {"valid": false, "error": {"code": "...", "message": "..."}}
  points  the initial meld's points if not melded, else the played tiles' worth
Exit 0 valid, 1 illegal turn, 2 malformed input (one line on stderr naming it;
input over 64 KiB is refused unread).
"""
import json

from host_tools.cli.jsonio import guarded, melded_field, one_line, position, read_limited, \
    run_command
from rummikub.tiles import fmt_tiles
from rummikub.turn import validate_turn


def judge(obj):
    rules, p = position(obj, ("table", "rack", "after"))
    melded = melded_field(obj)
    res = validate_turn(p["table"], p["rack"], p["after"], melded, rules)
    if not res.valid:
        return {"valid": False, "error": {"code": res.code, "message": res.message}}
    points = res.value if melded else res.points
    return {"valid": True, "played": fmt_tiles(res.played), "points": points}


def main(argv, stdin=None, stdout=None, stderr=None):
    """stdin: a binary stream (default: the process's, read as bytes)."""
    return run_command("check", __doc__, argv, (stdin, stdout, stderr), _run)


def _run(stdin, stdout, stderr):
    out, why = guarded(judge, read_limited(stdin))
    if why is not None:
        return _malformed(why, stdout, stderr)
    print(json.dumps(out), file=stdout)
    return 0 if out["valid"] else 1


def _malformed(msg, stdout, stderr):
    msg = one_line(msg, 290)
    print(json.dumps({"valid": False, "error": {"code": "bad_input", "message": msg}}),
          file=stdout)
    print("check: %s" % msg, file=stderr)
    return 2
