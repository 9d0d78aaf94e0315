"""How long assisted placement takes on the device, estimated the way
`make bench` estimates the solver: the MicroPython unix port (from .mpy,
heap capped like the bench) times the first way for every target of the
press corpus; estimated ESP32 time = unix-port time x K, K = the unix
port's pystones / 1166 (host_tools.bench.estimate.pystones)."""
import json
import os

from host_tools import bench
from host_tools.bench.estimate import pystones, ESP32_PYSTONES, HEAP
from host_tools.progress import run_counted
from host_tools.presses.planner import _placed
from rummikub.tiles import fmt_table, fmt_tiles

BUDGET_MS = 2000      # the play screen's anytime budget (timer off)


def place_script():
    """The MicroPython side: bench/place_mp.py, beside the line loop it runs."""
    return os.path.join(os.path.dirname(os.path.abspath(bench.__file__)), "place_mp.py")


def corpus_lines(targets):
    """place_mp.py's input: a JSON line per target (the table, the tiles it
    places, melded, the rules changed from the defaults)."""
    return "".join(json.dumps({"table": fmt_table(t.table),
                               "picked": fmt_tiles(bytearray(_placed(t))),
                               "melded": t.melded, "rules": t.rules.changed()}) + "\n"
                   for t in targets)


def place_times(targets, mp, work):
    """({"unix_ms": [..], "esp32_ms": [..], "K", "pystone", "found"}) or None
    without a MicroPython."""
    from host_tools.codecheck.mpycheck import compile_all
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, "place_corpus.jsonl")
    with open(path, "w") as f:
        f.write(corpus_lines(targets))
    mpy = os.path.join(work, "mpy")
    compile_all(mpy)
    code, out, err = run_counted([mp, "-X", "heapsize=" + HEAP, place_script(),
                                  path, str(BUDGET_MS)], len(targets), "placement, unix port",
                                 dict(os.environ, MICROPYPATH=mpy))
    rows = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    rows = [x for x in rows if "i" in x]
    if code != 0 or len(rows) != len(targets):
        raise RuntimeError("placement timing failed: " + err.strip()[-400:])
    stones, src = pystones(mp, work)
    K = stones / ESP32_PYSTONES
    unix = [x["ms"] for x in rows]
    return {"unix_ms": unix, "esp32_ms": [x * K for x in unix], "K": K, "pystone": src,
            "found": sum(1 for x in rows if x["found"])}
