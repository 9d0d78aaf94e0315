"""MicroPython side of the placement timing: for each JSON line {"table",
"picked", "melded", "rules"} time the first way ai.place finds, as the
play screen asks for it (anytime budget for the solver's last resort).

    MICROPYPATH=<mpy dir> micropython -X heapsize=128k place_mp.py FILE BUDGET_MS

Run by host_tools/presses/speed.py; its line loop is jsonl_mp.each (beside it).
"""
import json
import sys

from rummikub.tiles import parse_table, parse_tiles
from rummikub.rules import Rules
from ai.place import Ways
from jsonl_mp import each


def main(path, budget):
    n = each(path, lambda pos: (parse_table(pos["table"]), parse_tiles(pos["picked"]),
                                pos["melded"], Rules(**pos["rules"])),
             lambda table, picked, melded, rules: Ways(table, picked, [], melded, rules,
                                                       budget_ms=budget).next(),
             lambda w: {"found": w is not None})
    print(json.dumps({"done": n}))


main(sys.argv[1], int(sys.argv[2]))
