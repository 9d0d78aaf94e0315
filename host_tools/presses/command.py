"""`python -m host_tools presses`: the press benchmark (see the package).

    python -m host_tools presses [--per-kind 30] [--seed 1] [--out build/presses.json]

Prints median / p90 / max presses per move and per tile played, by kind,
with the refreshes the moves' keys cause beside them, and the refresh
benchmark's seeded round (host_tools.presses.refresh), and writes the
JSON {"moves", "median", "p90", "max", "per_tile", "by_kind": {kind:
{"count", "median", "p90", "max"}}, "failed", "how", "refresh", "round"}.
A move the planner cannot make the real app play counts as failed (and
the command exits 1).
"""
import json
import os
import shutil
import subprocess
import sys
import time

import host_tools
from host_tools.options import Parser, out_file, save, whole
from host_tools.bench.stats import percentile
from host_tools.devsim import micropython_exe
from host_tools.presses.corpus import corpus, KINDS
from host_tools.presses.planner import solve_target
from host_tools.presses.refresh import per_move
from host_tools.progress import Bar


def summary(results, refreshes=None):
    """results: [(kind, presses or None, tiles placed, how)]; refreshes:
    the confirmed plans' refresh stats (refresh.count_since), if counted."""
    done = [r for r in results if r[1] is not None]
    presses = [r[1] for r in done]
    per_tile = [r[1] / float(r[2]) for r in done if r[2]]
    out = {"moves": len(done), "failed": len(results) - len(done),
           "median": percentile(presses, 0.5), "p90": round(percentile(presses, 0.9), 1),
           "max": max(presses) if presses else 0,
           "per_tile": {"median": round(percentile(per_tile, 0.5), 2),
                        "p90": round(percentile(per_tile, 0.9), 2)},
           "by_kind": {}, "how": {}}
    for k in KINDS:
        xs = [r[1] for r in done if r[0] == k]
        if xs:
            out["by_kind"][k] = {"count": len(xs), "median": percentile(xs, 0.5),
                                 "p90": round(percentile(xs, 0.9), 1), "max": max(xs)}
    for r in done:
        out["how"][r[3]] = out["how"].get(r[3], 0) + 1
    if refreshes:
        out["refresh"] = per_move(refreshes)
    return out


def run(targets, log=print, progress=False, refreshes=None):
    """[(kind, presses or None, tiles placed, how)] of each target; each
    confirmed plan's refreshes appended to `refreshes` (a list) if given."""
    results = []
    bar = Bar(len(targets), "planning presses", enabled=progress)
    for i, t in enumerate(targets):
        stats = {}
        p, _ = solve_target(t, stats)
        results.append((t.kind, len(p) if p else None, t.placed(), p.how if p else "-"))
        if p is None:
            log("FAILED %s: %s" % (t.kind, json.dumps(t.to_json())))
        elif refreshes is not None:
            refreshes.append(stats)
        bar.step()
    bar.close()
    return results


def round_in_a_process():
    """The refresh benchmark's seeded round (refresh.main), in a process of
    its own: its AIs read the virtual clock, which must be set before
    they are imported."""
    p = subprocess.run([sys.executable, "-m", "host_tools.presses.refresh"], cwd=host_tools.ROOT,
                       capture_output=True, text=True, timeout=1800)
    if p.returncode:
        raise RuntimeError("the seeded round failed: %s" % p.stderr[-600:])
    return json.loads(p.stdout.strip().splitlines()[-1])


def main(argv=None):
    ap = Parser("presses", description="Button presses per move on the play screen: "
                "seeded moves of every kind played through the real app by the fewest "
                "presses the planner finds (median, p90, max; docs/figures.md).")
    ap.add_argument("--per-kind", type=whole(1, 10000), default=30,
                    help="target moves per kind")
    ap.add_seed(1, "seed of the positions")
    ap.add_out(None, "JSON report file (default: build/presses.json)", type=out_file)
    ap.add_argument("--no-speed", action="store_true",
                    help="skip timing the placement query on the MicroPython unix port")
    ap.add_argument("--no-round", action="store_true",
                    help="skip the refresh benchmark's seeded round (host_tools.presses.refresh)")
    a = ap.parse_args(argv)
    if a.out is None:            # the default's folder is made, a given one must exist
        os.makedirs(host_tools.BUILD, exist_ok=True)
        a.out = ap.checked("--out", out_file, os.path.join(host_tools.BUILD, "presses.json"))
    t0 = time.time()
    targets = corpus(a.per_kind, a.seed, progress=True)
    refreshes = []
    s = summary(run(targets, progress=True, refreshes=refreshes), refreshes)
    mp = shutil.which(micropython_exe())
    if mp and not a.no_speed:
        from host_tools.presses.speed import place_times
        sp = place_times(targets, mp, os.path.join(os.path.dirname(a.out) or ".", "presses"))
        esp = sp["esp32_ms"]
        s["place_ms"] = {"esp32_median": round(percentile(esp, 0.5), 1),
                         "esp32_p95": round(percentile(esp, 0.95), 1),
                         "esp32_max": round(max(esp), 1),
                         "unix_median": round(percentile(sp["unix_ms"], 0.5), 3),
                         "K": round(sp["K"], 1), "pystone": sp["pystone"],
                         "found": sp["found"], "positions": len(esp)}
    if not a.no_round:
        s["round"] = round_in_a_process()
    print("%d moves (%d failed) in %.0f s" % (s["moves"], s["failed"], time.time() - t0))
    print("presses per move: median %s, p90 %s, max %s;  per tile: median %s, p90 %s"
          % (s["median"], s["p90"], s["max"], s["per_tile"]["median"], s["per_tile"]["p90"]))
    print("%-13s %5s %6s %4s %4s" % ("kind", "moves", "median", "p90", "max"))
    for k, v in s["by_kind"].items():
        print("%-13s %5d %6s %4s %4s" % (k, v["count"], v["median"], v["p90"], v["max"]))
    print("plans used: " + ", ".join("%s %d" % kv for kv in sorted(s["how"].items())))
    if "refresh" in s:
        f = s["refresh"]
        print("refreshes per move (the keys, to the turn's end): full %s, fast %s, partial %s;"
              " panel %s s; moves with a full refresh: %d"
              % (f["full"], f["fast"], f["partial"], f["panel_s"], f["moves_with_full"]))
    if "round" in s:
        r = s["round"]
        print("refreshes per human turn, seeded round (seed %d, seats %s, a press every %d ms,"
              " the hint every turn): %s; panel %s s a turn; full refreshes inside a turn: %d"
              % (r["seed"], ",".join(r["seats"]), r["pace_ms"],
                 ", ".join("%s %s" % (k, r["per_turn"][k]) for k in ("full", "fast", "partial")),
                 r["panel_s"], r["fulls_inside_a_turn"]))
    if "place_ms" in s:
        p = s["place_ms"]
        print("placement query, estimated ESP32 (unix port x K = %s): median %s ms, "
              "p95 %s ms, max %s ms" % (p["K"], p["esp32_median"], p["esp32_p95"],
                                         p["esp32_max"]))
    save(a.out, lambda f: json.dump(s, f, indent=1, sort_keys=True))
    print("wrote " + a.out)
    return 1 if s["failed"] else 0
