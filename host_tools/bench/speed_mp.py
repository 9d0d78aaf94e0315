"""MicroPython side of `make bench`: solve a JSON Lines corpus, one result
line per position ({"i", "count", "ms", "expanded"}), then a summary line.

Run by host_tools/bench/speed.py as
  MICROPYPATH=firmware micropython -X heapsize=128k host_tools/bench/speed_mp.py FILE [BUDGET_MS]
(with a budget the solver answers in time, flagged proven or not)
It reads one line at a time so the corpus never sits in the small heap.
"""
import gc
import json
import sys
import time

from rummikub.tiles import parse_table, parse_tiles
from rummikub.rules import Rules
from ai.solver import solve
import ai.memo

# this process only solves: keep the search's memo table between positions
# (the app releases it after every search)
ai.memo.KEEP_TABLE = True


def main(path, budget):
    rules = Rules()
    gc.collect()
    low = gc.mem_free()
    i = 0
    with open(path) as f:
        for line in f:
            pos = json.loads(line)
            table = parse_table(pos["table"])
            rack = parse_tiles(pos["rack"])
            melded = pos.get("melded", True)
            pos = None
            line = None
            gc.collect()
            t0 = time.ticks_us()
            m = solve(table, rack, melded, rules, budget)
            us = time.ticks_diff(time.ticks_us(), t0)
            free = gc.mem_free()
            if free < low:
                low = free
            print(json.dumps({"i": i, "count": m.count, "ms": us / 1000.0,
                              "expanded": m.expanded, "optimal": m.optimal}))
            m = None
            i += 1
    print(json.dumps({"done": i, "heap_free_low": low}))


main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
