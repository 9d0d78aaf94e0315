"""`python -m host_tools bench --expert`: the expert's think time on the
device, estimated as `make bench` estimates the solver's.

It plays mirrored expert-vs-greedy games on CPython, saves the position
of every expert move (rummikub.savefile), times the expert's choice in
each on the MicroPython unix port (from .mpy with the viper kernel, as
the device runs it) and multiplies by K (the unix port's pystones / an
ESP32's at 240 MHz, see host_tools.bench.estimate).  Writes
build/expert_time.json.
"""
import json
import os
import subprocess

import host_tools
from rummikub.game import Game, PLAYING
from rummikub.rules import Rules
from rummikub.savefile import dumps
from ai.players import Player
from host_tools.bench.estimate import pystones, HEAP, ESP32_PYSTONES, REPEATS
from host_tools.bench.stats import percentile
from host_tools.bench.tournament import mirrored
from host_tools.options import save

TARGETS = {"esp32_median_ms": 500.0, "esp32_p95_ms": 2000.0}


def positions(games, seed):
    """Every expert move of `games` mirrored expert-vs-greedy games, as
    {"save", "seed", "endgame"} dicts."""
    out = []
    for levels, deal, rules in mirrored(["expert", "greedy"], games, seed, {}):
        g = Game(Rules(**rules), 2, seed=deal)
        ps = [Player(levels[i], seed=deal * 31 + i) for i in range(2)]
        while g.phase == PLAYING:
            p = ps[g.current]
            if p.level == "expert":
                end = min([len(r) for r in g.racks]) <= p.expert.endgame
                out.append({"save": dumps(g).hex(), "seed": deal * 31 + g.current,
                            "endgame": end})
            p.take_turn(g)
    return out


def unix_times(mp, path, heap=HEAP):
    from host_tools.codecheck.mpycheck import compile_all
    mpy = os.path.join(os.path.dirname(path), "mpy")
    compile_all(mpy)
    env = dict(os.environ, MICROPYPATH=mpy)
    here = os.path.dirname(os.path.abspath(__file__))
    r = subprocess.run([mp, "-X", "heapsize=" + heap, os.path.join(here, "expert_mp.py"),
                        path], env=env, capture_output=True, text=True)
    rows = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    done = [x for x in rows if "done" in x]
    if r.returncode or not done:
        raise RuntimeError("unix port failed: %s" % r.stderr.strip()[-400:])
    return [x for x in rows if "done" not in x]


def _stats(v):
    v = sorted(v)
    return {"n": len(v), "median": percentile(v, 0.5), "p95": percentile(v, 0.95),
            "max": v[-1] if v else 0}


def run(games, seed, out, mp):
    os.makedirs(out, exist_ok=True)
    pos = positions(games, seed)
    path = os.path.join(out, "expert_positions.jsonl")
    with open(path, "w") as f:
        for p in pos:
            f.write(json.dumps({"save": p["save"], "seed": p["seed"]}) + "\n")
    # other load only adds time: each figure is the best of REPEATS runs
    rows = unix_times(mp, path)
    for _ in range(REPEATS - 1):
        for r, r2 in zip(rows, unix_times(mp, path)):
            r["ms"] = min(r["ms"], r2["ms"])
    stones, src = pystones(mp, out)
    for _ in range(REPEATS - 1):
        stones = max(stones, pystones(mp, out)[0])
    K = stones / ESP32_PYSTONES
    ms = [r["ms"] for r in rows]
    end = [r["ms"] for r, p in zip(rows, pos) if p["endgame"]]
    res = {"games": games, "seed": seed, "moves": len(rows), "heap": HEAP,
           "K": K, "pystone_program": src,
           "unix_ms": _stats(ms), "unix_ms_endgame": _stats(end),
           "esp32_est_ms": _stats([x * K for x in ms]),
           "esp32_est_ms_endgame": _stats([x * K for x in end]),
           "searches": _stats([r["searches"] for r in rows]),
           "searches_per_s_unix": (sum(r["searches"] for r in rows) /
                                   (sum(ms) / 1000.0) if sum(ms) else 0.0),
           "targets": TARGETS}
    save(os.path.join(out, "expert_time.json"), lambda f: json.dump(res, f, indent=1))
    return res


def report(res):
    e, ee, u = res["esp32_est_ms"], res["esp32_est_ms_endgame"], res["unix_ms"]
    print("expert: %d moves of %d games (seed %d); unix port median %.2f ms, p95 %.2f, "
          "max %.1f; K = %.0f (%s)" % (res["moves"], res["games"], res["seed"],
                                       u["median"], u["p95"], u["max"], res["K"],
                                       res["pystone_program"]))
    print("estimated ESP32: median %.0f ms, p95 %.0f ms, max %.0f ms (targets %.0f / %.0f); "
          "endgame moves (%d): median %.0f, p95 %.0f" % (
              e["median"], e["p95"], e["max"], TARGETS["esp32_median_ms"],
              TARGETS["esp32_p95_ms"], ee["n"], ee["median"], ee["p95"]))
    s = res["searches"]
    print("searches a move: median %d, p95 %d, max %d; %.0f searches/s on the unix port"
          % (s["median"], s["p95"], s["max"], res["searches_per_s_unix"]))
