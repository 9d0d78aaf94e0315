"""`python -m host_tools.bench.device_strength --games 100`: what the
device's heap and 2 s think budget cost the expert.

The same mirrored deals (tournament.mirrored, expert against greedy) are
played twice: unconstrained on CPython (no budget, all the heap: the
tournament's figures), and on the 32-bit MicroPython unix port with
firmware/ frozen in (host_tools.mp32) under the device's heap cap, with
the device budgets (ai.players: an 8 s guard for a move's search, the
expert's 2 s look-ahead after it) counted on a clock running K times fast (strength_mp), K = this
machine's pystones/s / the ESP32's (host_tools.bench.estimate), measured just
before.  The heap: the ESP32's initial heap (56k, the frozen whole-match
test's cap), less a ballast standing for what the app holds there besides
the game (17 KB), so the expert starts its turns with the free heap it has
in that match (median 17.9 KB after a collection, 2026-11-26).  Reports
the expert's share of wins in each with a 95% Wilson interval, and how
many deals changed winner; writes build/device_strength.json.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from host_tools import ROOT
from host_tools.bench.estimate import ESP32_PYSTONES, pystones
from host_tools.bench.stats import play_all, wilson
from host_tools.bench.tournament import mirrored, play_game
from host_tools.mp32 import build as mp32

SEATS = ["expert", "greedy"]
OUT = os.path.join(ROOT, "build", "device_strength.json")


def device_games(exe, tasks, heap, ballast, k, jobs):
    """[levels, winner, scores, seed] of every task, each played by its own
    exe process, `jobs` at a time."""
    here = os.path.dirname(os.path.abspath(__file__))

    def one(task):
        levels, seed, _ = task
        p = subprocess.run([exe, "-X", "heapsize=" + heap, os.path.join(here, "strength_mp.py"),
                            repr(k), str(ballast), ",".join(levels), str(seed)],
                           env=dict(os.environ, MICROPYPATH=".frozen"),
                           capture_output=True, text=True)
        rows = [json.loads(x) for x in p.stdout.splitlines() if x.startswith("[")]
        if p.returncode or not rows:
            raise RuntimeError("device game failed: %s" % (p.stdout + p.stderr).strip()[-400:])
        return rows[0]
    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(one, tasks))


def expert_wins(rows):
    """{(seed, levels as text): True when an expert seat won} (a game that
    ran out of heap, winner -1, counts as not won)."""
    return {(r[-1], ",".join(r[0])): r[1] >= 0 and r[0][r[1]] == "expert" for r in rows}


def unconstrained(tasks, jobs, cache):
    """play_game's rows for tasks, kept in `cache` (JSON) for a rerun with
    the same tasks."""
    key = [[t[0], t[1]] for t in tasks]
    if os.path.exists(cache):
        with open(cache) as f:
            got = json.load(f)
        if got["tasks"] == key:
            return got["rows"]
    rows = [[r[0], r[1], r[2], r[4]] for r in play_all(play_game, tasks, jobs)]
    with open(cache, "w") as f:
        json.dump({"tasks": key, "rows": rows}, f)
    return rows


def share(wins):
    k, n = sum(wins.values()), len(wins)
    lo, hi = wilson(k, n)
    return {"games": n, "expert_wins": k, "share": k / n if n else 0.0,
            "ci95": [lo, hi]}


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench.device_strength",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--heap", default="56k", help="device heap cap (default 56k)")
    ap.add_argument("--ballast", type=int, default=17 * 1024,
                    help="bytes held aside for the app (default 17 KB)")
    ap.add_argument("--k", type=float, default=None,
                    help="slow-down factor (default: measured with pystone)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default=OUT)
    args = ap.parse_args(argv)
    why = mp32.missing()
    if why:
        print("SKIP device strength: %s" % why)
        return 0
    # a copy: the cache keeps one frozen build, replaced when firmware/ changes
    exe = os.path.join(tempfile.mkdtemp(prefix="strength-exe-"), "micropython")
    shutil.copy2(mp32.frozen(), exe)
    k, src = args.k, "given"
    if k is None:
        stones, src = pystones(exe, os.path.join(ROOT, "build"))
        k = stones / ESP32_PYSTONES
    tasks = mirrored(SEATS, args.games, args.seed, {})
    os.makedirs(os.path.dirname(args.json), exist_ok=True)
    free = expert_wins(unconstrained(tasks, args.jobs, args.json[:-5] + "_free.json"))
    rows = device_games(exe, tasks, args.heap, args.ballast, k, args.jobs)
    device = expert_wins(rows)
    out_of_heap = sum(1 for r in rows if r[1] < 0)
    done = set(expert_wins([r for r in rows if r[1] >= 0]))
    changed = sum(1 for key in free if free[key] != device.get(key))
    res = {"seats": SEATS, "seed": args.seed, "heap": args.heap, "ballast": args.ballast,
           "K": k,
           "pystone_program": src, "unconstrained": share(free),
           "device": share(device), "games_changed_winner": changed,
           "games_out_of_heap": out_of_heap,
           # the games the device played to the end, and the same deals unconstrained
           "device_finished": share({key: device[key] for key in done}),
           "unconstrained_same_deals": share({key: free[key] for key in done}),
           "device_rows": rows}
    with open(args.json, "w") as f:
        json.dump(res, f, indent=1)
    for name in ("unconstrained", "device", "device_finished", "unconstrained_same_deals"):
        s = res[name]
        print("expert vs greedy, %-24s: expert won %d of %d (%.1f%%, 95%% CI %.1f-%.1f%%)"
              % (name, s["expert_wins"], s["games"], 100 * s["share"],
                 100 * s["ci95"][0], 100 * s["ci95"][1]))
    print("device: frozen 32-bit, heap %s less %d bytes, clock x%.0f (%s); "
          "%d of %d games changed winner, %d ran out of heap"
          % (args.heap, args.ballast, k, src, changed, len(free), out_of_heap))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
