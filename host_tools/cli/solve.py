"""`python -m host_tools solve`: best move for positions, JSON Lines.

In (one per line):
  {"table": "R5 R6 R7 | B9 K9 Y9", "rack": "R8 K2 J", "melded": true,
   "rules": {}, "budget_ms": null}
Out (one per input line, in order):
  {"table": "<whole table after>", "placed": "R8 J", "count": 2, "value": 17,
   "optimal": true, "ms": 1.7}
`ms` is the solver's own time.  Exit 0, or 2 on malformed input with a
message naming the line (lines before it are answered).
"""
import json
import sys
import time

from host_tools.cli.jsonio import InputError, field, position
from rummikub.tiles import fmt_table, fmt_tiles
from ai.solver import solve


def answer(obj):
    rules, p = position(obj, ("table", "rack"))
    melded = field(obj, "melded", bool, True, required=False)
    budget = obj.get("budget_ms") if isinstance(obj, dict) else None
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or budget < 0):
        raise InputError("field 'budget_ms' must be a number of milliseconds >= 0 or null")
    t0 = time.perf_counter()
    m = solve(p["table"], p["rack"], melded, rules,
              None if budget is None else int(budget))
    ms = (time.perf_counter() - t0) * 1000.0
    return {"table": fmt_table(m.table), "placed": fmt_tiles(m.placed),
            "count": m.count, "value": m.value, "optimal": m.optimal,
            "ms": round(ms, 3)}


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    lineno = 0
    for line in sys.stdin:
        lineno += 1
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            out = answer(obj)
        except json.JSONDecodeError as e:
            print("solve: line %d: bad JSON: %s" % (lineno, e), file=sys.stderr)
            return 2
        except InputError as e:
            print("solve: line %d: %s" % (lineno, e), file=sys.stderr)
            return 2
        print(json.dumps(out), flush=True)
    return 0
