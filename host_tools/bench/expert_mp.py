"""MicroPython side of `python -m host_tools bench --expert`: time the
expert's choice in saved positions, one result line per position
({"i", "ms", "searches"}), then a summary line.

Run by host_tools/bench/expert_time.py as
  MICROPYPATH=<mpy folder> micropython -X heapsize=128k host_tools/bench/expert_mp.py FILE
FILE holds JSON Lines {"save": hex of rummikub.savefile.dumps, "seed": n}.
"""
import gc
import json
import sys
import time

from rummikub.savefile import loads
from ai.players import Player


def _unhex(s):
    out = bytearray(len(s) // 2)
    for i in range(len(out)):
        out[i] = int(s[2 * i:2 * i + 2], 16)
    return bytes(out)


def main(path):
    i = 0
    with open(path) as f:
        for line in f:
            pos = json.loads(line)
            g, _ = loads(_unhex(pos["save"]))
            p = Player("expert", seed=pos["seed"])
            pos = None
            line = None
            gc.collect()
            t0 = time.ticks_us()
            p.choose(g)
            us = time.ticks_diff(time.ticks_us(), t0)
            print(json.dumps({"i": i, "ms": us / 1000.0, "searches": p.expert.solves}))
            g = p = None
            i += 1
    print(json.dumps({"done": i}))


main(sys.argv[1])
