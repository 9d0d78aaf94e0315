"""MicroPython side of the placement timing: for each JSON line {"table",
"picked", "melded", "rules"} time the first way ai.place finds, as the
play screen asks for it (anytime budget for the solver's last resort).

    MICROPYPATH=<mpy dir> micropython -X heapsize=128k place_mp.py FILE BUDGET_MS

Its line loop has bench/speed_mp.py's shape and stays written out: speed_mp
is posted alone to the browser's MicroPython (web/figures.py), so a helper
both import would have to travel with it, for six lines.
"""
import gc
import json
import sys
import time

from rummikub.tiles import parse_table, parse_tiles
from rummikub.rules import Rules
from ai.place import Ways


def main(path, budget):
    i = 0
    with open(path) as f:
        for line in f:
            pos = json.loads(line)
            table = parse_table(pos["table"])
            picked = parse_tiles(pos["picked"])
            rules = Rules(**pos["rules"])
            melded = pos["melded"]
            pos = None
            line = None
            gc.collect()
            t0 = time.ticks_us()
            w = Ways(table, picked, [], melded, rules, budget_ms=budget).next()
            us = time.ticks_diff(time.ticks_us(), t0)
            print(json.dumps({"i": i, "found": w is not None, "ms": us / 1000.0}))
            w = None
            i += 1
    print(json.dumps({"done": i}))


main(sys.argv[1], int(sys.argv[2]))
