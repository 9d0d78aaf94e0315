"""`python -m host_tools gin think [--levels hard,medium] [--games 3]`

Times every gin AI action on the MicroPython unix port (128k heap) and
estimates ESP32 time as unix-port time x K, K = the unix port's pystones /
1166 (the same K as `make bench`: see host_tools/bench/estimate.py), or a
K given with --k.
"""
import json
import os
import shutil
import sys

import host_tools
from host_tools.options import Parser, real, shown
from host_tools.bench.estimate import pystones, ESP32_PYSTONES
from host_tools.bench.stats import percentile
from host_tools.devsim import micropython_exe
from host_tools.progress import run_counted


def main(argv):
    ap = Parser("gin think", description="Gin AI think time: every action of seeded games "
                "timed on the MicroPython unix port (128k heap), with the ESP32 estimate "
                "(x K, as `make bench`).")
    ap.add_argument("--levels", default="hard,medium",
                    help="the two seats' levels, comma-separated")
    ap.add_games(3, "games to time", most=10000)
    ap.add_seed(1, "seed of the first game")
    ap.add_micropython()
    ap.add_out(os.path.join(host_tools.BUILD, "bench"))
    ap.add_argument("--k", type=real(0.001, 1e6, "a factor"), help="use this K instead of measuring pystones "
                    "(a busy host measures too few; `make bench` prints K; default: measured)")
    a = ap.parse_args(argv)
    a.micropython = a.micropython or micropython_exe()
    from ai.gin.players import LEVELS
    bad = [lv for lv in a.levels.split(",") if lv not in LEVELS]
    if bad:
        print("gin think: unknown level %s (levels: %s)" % (shown(bad[0]), ", ".join(LEVELS)),
              file=sys.stderr)
        return 2
    if not shutil.which(a.micropython):
        print("gin think: no MicroPython unix port at %s (make venv)" % a.micropython,
              file=sys.stderr)
        return 2
    env = dict(os.environ, MICROPYPATH=host_tools.FIRMWARE)
    code, out, err = run_counted([a.micropython, "-X", "heapsize=128k",
                                  os.path.join(host_tools.ROOT, "host_tools", "gin", "think_mp.py"),
                                  a.levels, str(a.games), str(a.seed)],
                                 None, "gin actions timed", env, mark='"us":')
    if code != 0:
        print("gin think: the unix port failed:\n%s" % err[-2000:], file=sys.stderr)
        return 1
    rows = [json.loads(line) for line in out.splitlines() if '"us"' in line]
    if a.k:
        k = a.k
        print("K = %.1f (given)" % k)
    else:
        stones, src = pystones(a.micropython, a.out)
        k = stones / ESP32_PYSTONES if stones else 0.0
        print("pystone (unix port, %s): %.0f/s -> K = %.1f" % (src, stones, k))
    for level in a.levels.split(","):
        t = sorted([r["us"] / 1000.0 for r in rows if r["level"] == level])
        if not t:
            continue
        mean = sum(t) / len(t)
        print("%-7s %d actions  unix port ms: mean %.2f, p95 %.2f, max %.2f  "
              "-> ESP32 est. s: mean %.2f, p95 %.2f, max %.2f" % (
                  level, len(t), mean, percentile(t, 0.95), t[-1],
                  mean * k / 1000, percentile(t, 0.95) * k / 1000, t[-1] * k / 1000))
    return 0
