"""`python -m host_tools solve`: best move for positions, JSON Lines on stdin.

In (one object per line):
  {"table": "R5 R6 R7 | B9 K9 Y9", "rack": "R8 K2 J", "melded": true,
   "rules": {}, "budget_ms": null}
  table      the table, sets separated by `|` (may be empty or missing)
  rack       the player's tiles (required)
  melded     true once the initial meld is done; missing means false
  rules      rule overrides, names as in RULES.md
  budget_ms  null/missing: prove the best move; else milliseconds (0 to an
             hour) after which the best move found so far is answered
Out (one line per input line, in order):
  {"table": "<whole table after>", "placed": "R8 J", "count": 2, "value": 17,
   "optimal": true, "ms": 1.7}
`ms` is the solver's own time.  Exit 0, or 2 on malformed input with one
line on stderr naming the line and the problem (lines before it are
answered); a line over 64 KiB is refused unread.
"""
import json
import time

from host_tools.cli.jsonio import MAX_BYTES, budget_field, guarded, melded_field, one_line, \
    position, run_command
from rummikub.tiles import fmt_table, fmt_tiles
from ai.solver import solve


def answer(obj):
    rules, p = position(obj, ("table", "rack"))
    melded = melded_field(obj)
    budget = budget_field(obj)
    t0 = time.perf_counter()
    m = solve(p["table"], p["rack"], melded, rules, budget)
    ms = (time.perf_counter() - t0) * 1000.0
    return {"table": fmt_table(m.table), "placed": fmt_tiles(m.placed),
            "count": m.count, "value": m.value, "optimal": m.optimal,
            "ms": round(ms, 3)}


def main(argv, stdin=None, stdout=None, stderr=None):
    """stdin: a binary stream (default: the process's, read as bytes)."""
    return run_command("solve", __doc__, argv, (stdin, stdout, stderr), _run)


def _run(stdin, stdout, stderr):
    lineno = 0
    while True:
        line = stdin.readline(MAX_BYTES + 1)
        if not line:
            return 0
        lineno += 1
        if len(line) <= MAX_BYTES and not line.strip():
            continue
        out, why = guarded(answer, line, "line")
        if why is not None:
            return _malformed(lineno, why, stderr)
        print(json.dumps(out), file=stdout, flush=True)


def _malformed(lineno, msg, stderr):
    print(one_line("solve: line %d: %s" % (lineno, msg)), file=stderr)
    return 2
