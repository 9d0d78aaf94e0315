"""MicroPython side of `make bench`: solve a JSON Lines corpus, one result
line per position ({"i", "count", "ms", "expanded"}), then a summary line.

Run by host_tools/bench/speed.py as
  MICROPYPATH=firmware micropython -X heapsize=128k host_tools/bench/speed_mp.py FILE [BUDGET_MS]
(with a budget the solver answers in time, flagged proven or not)
Its line loop is jsonl_mp.each (beside it).
"""
import gc
import json
import sys

from rummikub.tiles import parse_table, parse_tiles
from rummikub.rules import Rules
from ai.solver import solve
import ai.memo
from jsonl_mp import each

# this process only solves: keep the search's memo table between positions
# (the app releases it after every search)
ai.memo.KEEP_TABLE = True


def main(path, budget):
    rules = Rules()
    gc.collect()
    low = [gc.mem_free()]

    def report(m):
        low[0] = min(low[0], gc.mem_free())
        return {"count": m.count, "expanded": m.expanded, "optimal": m.optimal}

    n = each(path, lambda pos: (parse_table(pos["table"]), parse_tiles(pos["rack"]),
                                pos.get("melded", True)),
             lambda table, rack, melded: solve(table, rack, melded, rules, budget), report)
    print(json.dumps({"done": n, "heap_free_low": low[0]}))


main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
