"""`make bench`: our solver against rummikub-solver on a fixed corpus.

One run measures, per position of a fixed seeded corpus (melded players,
tables of 3-15 sets / 10-90 tiles, racks of 6-20, jokers often):
  - our solver and rummikub-solver (ILP) on CPython: time (best of two runs
    of each position) and peak memory
    (tracemalloc, a separate pass so it does not skew the times), and that
    both place the same number of tiles;
  - our solver on the MicroPython unix port under -X heapsize=128k, run
    from .mpy files as on the device;
  - pystone (micropython-lib's pystone_lowmem, fetched from PyPI; the
    program the ESP32 figure comes from) on the same unix port, giving
    K = unix pystones/s / 1166 (ESP32 at 240 MHz, hal.base.CPU_HZ; the board's
    own figure once a bring-up run wrote it to hardware/measured.json) and so an estimated
    ESP32 time = unix-port time x K.
It prints percentiles and target checks, and writes build/bench.json and
build/bench.png (time against position size).
"""
import json
import os
import shutil
import sys
import time
import tracemalloc

import host_tools
from host_tools.options import Parser, save, save_figure, whole
from host_tools.bench.corpus import corpus
from host_tools.bench.stats import percentile
from host_tools.bench.estimate import CPU_HZ, ESP32_PYSTONES, HEAP, REPEATS, pystones
from host_tools.devsim import micropython_exe
from host_tools.progress import Bar, run_counted
from rummikub.rules import Rules
from rummikub.tiles import parse_table, parse_tiles

TARGETS = {"ratio_median": 10.0, "ratio_p95": 10.0,
           "esp32_p95_ms": 2000.0, "esp32_median_ms": 300.0}


def stats(values):
    return {"median": percentile(values, 0.5), "p95": percentile(values, 0.95),
            "max": max(values)}


def _timed(positions, run, label):
    """(ms, *what run returns) per position; parsing is not timed."""
    out = []
    bar = Bar(len(positions), label)
    for p in positions:
        t, r = parse_table(p["table"]), parse_tiles(p["rack"])
        best = None
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            res = run(t, r)
            ms = (time.perf_counter() - t0) * 1000.0
            best = ms if best is None or ms < best else best
        out.append((best,) + res)
        bar.step()
    bar.close()
    return out


def time_ours(positions):
    from ai.solver import solve
    rules = Rules()

    def run(t, r):
        m = solve(t, r, True, rules)
        return m.count, m.optimal
    return _timed(positions, run, "ours, CPython")


def time_oracle(positions):
    from host_tools.bench.oracle import Oracle
    o = Oracle()
    return _timed(positions, lambda t, r: (o.solve(t, r),), "rummikub-solver")


def peak_memory(positions, which):
    """Highest tracemalloc peak over the corpus, in bytes (setup excluded)."""
    if which == "ours":
        from ai.solver import solve
        rules = Rules()

        def run(t, r):
            solve(t, r, True, rules)
    else:
        from host_tools.bench.oracle import Oracle
        o = Oracle()

        def run(t, r):
            o.solve(t, r)
    top = 0
    bar = Bar(len(positions), "peak memory, " + which)
    for p in positions:
        t, r = parse_table(p["table"]), parse_tiles(p["rack"])
        tracemalloc.start()
        tracemalloc.reset_peak()
        run(t, r)
        top = max(top, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        bar.step()
    bar.close()
    return top


def micropython(mp, corpus_path, heap=HEAP, budget=None, label="unix port"):
    """Per-position results of the unix port, whether it completed, the
    lowest free heap and the tail of stderr (a progress bar meanwhile)."""
    # run from .mpy, as the device does (compiling source at import time
    # leaves the small heap fragmented)
    from host_tools.codecheck.mpycheck import compile_all
    mpy = os.path.join(os.path.dirname(corpus_path), "mpy")
    compile_all(mpy)
    env = dict(os.environ, MICROPYPATH=mpy)
    here = os.path.dirname(os.path.abspath(__file__))
    cmd = [mp, "-X", "heapsize=" + heap, os.path.join(here, "speed_mp.py"), corpus_path]
    if budget is not None:
        cmd.append(str(budget))
    with open(corpus_path) as f:
        total = sum(1 for _ in f)
    code, out, err = run_counted(cmd, total, label, env)
    rows = []
    low = None
    for line in out.splitlines():
        if not line.startswith("{"):
            continue
        d = json.loads(line)
        if "done" in d:
            low = d["heap_free_low"]
        else:
            rows.append(d)
    ok = code == 0 and low is not None
    return rows, ok, low, err.strip()[-400:]


def plot(path, sizes, ours, oracle, mp, esp):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 5))
    ax.scatter(sizes, oracle, s=10, label="rummikub-solver (ILP), CPython", marker="x")
    ax.scatter(sizes, ours, s=10, label="ours, CPython")
    if mp:
        ax.scatter(sizes[:len(mp)], mp, s=10, label="ours, MicroPython unix port")
        ax.scatter(sizes[:len(esp)], esp, s=6, label="ours, estimated ESP32", alpha=0.5)
    ax.axhline(TARGETS["esp32_p95_ms"], color="grey", ls="--", lw=0.8)
    ax.axhline(TARGETS["esp32_median_ms"], color="grey", ls=":", lw=0.8)
    ax.text(min(sizes), TARGETS["esp32_p95_ms"] * 1.1, "ESP32 p95 target", fontsize=7)
    ax.text(min(sizes), TARGETS["esp32_median_ms"] * 1.1, "ESP32 median target", fontsize=7)
    ax.set_yscale("log")
    ax.set_xlabel("position size (table tiles + rack tiles)")
    ax.set_ylabel("solve time per position (ms, log)")
    ax.set_title("Exact move solver: time against position size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    save_figure(path, fig, 110)


def main(argv):
    ap = Parser("bench", description="Solver benchmark: our move solver against rummikub-solver "
                "(ILP) on a fixed seeded corpus, on CPython and on the MicroPython unix port "
                "with an ESP32 estimate (`make bench`; docs/figures.md).")
    ap.add_argument("--positions", type=whole(1, 100000), default=220,
                    help="positions in the corpus")
    ap.add_seed(2026, "seed of the position corpus")
    ap.add_out(host_tools.BUILD)
    ap.add_micropython()
    ap.add_argument("--no-mp", action="store_true", help="skip the unix-port run")
    ap.add_argument("--expert", type=whole(0, 100000), default=0, metavar="GAMES",
                    help="instead: the expert's ESP32 think time over the moves of "
                         "GAMES mirrored expert-vs-greedy games (see bench/expert_time.py; "
                         "default: 0, the solver benchmark)")
    ap.add_argument("--log", type=whole(0, 1000000), default=0, metavar="RECORDS",
                    help="instead: the score log's cost at a round's end and a HELLO on a "
                         "log of RECORDS records, as ESP32 time (see bench/log_time.py; "
                         "default: 0, the solver benchmark)")
    a = ap.parse_args(argv)
    a.micropython = a.micropython or micropython_exe()
    if (a.expert or a.log or not a.no_mp) and not shutil.which(a.micropython):
        print("bench: no MicroPython unix port at %s (make venv), or pass --no-mp"
              % a.micropython, file=sys.stderr)
        return 2
    if a.log:
        from host_tools.bench import log_time
        log_time.report(log_time.run(a.log, a.out, a.micropython))
        return 0
    if a.expert:
        from host_tools.bench import expert_time
        expert_time.report(expert_time.run(a.expert, a.seed, a.out, a.micropython))
        return 0
    os.makedirs(a.out, exist_ok=True)
    positions = corpus(a.seed, a.positions)
    sizes = [len(parse_tiles(p["rack"])) + sum(len(s) for s in parse_table(p["table"]))
             for p in positions]
    corpus_path = os.path.join(a.out, "bench_corpus.jsonl")
    with open(corpus_path, "w") as f:
        for p in positions:
            f.write(json.dumps(p) + "\n")

    print("corpus: %d positions (seed %d), sizes %d-%d tiles"
          % (len(positions), a.seed, min(sizes), max(sizes)))
    ours = time_ours(positions)
    oracle = time_oracle(positions)
    agree = sum(1 for x, y in zip(ours, oracle) if x[1] == y[1])
    more = sum(1 for x, y in zip(ours, oracle) if x[1] > y[1])
    t_ours = [x[0] for x in ours]
    t_or = [y[0] for y in oracle]
    s_ours, s_or = stats(t_ours), stats(t_or)
    mem_ours = peak_memory(positions, "ours")
    mem_or = peak_memory(positions, "oracle")
    res = {"positions": len(positions), "seed": a.seed, "sizes": sizes,
           "agree": agree, "ours_more": more,
           "cpython": {"ours_ms": s_ours, "oracle_ms": s_or,
                       "ratio": {k: s_or[k] / s_ours[k] if s_ours[k] else 0.0
                                 for k in s_ours},
                       "ours_peak_bytes": mem_ours, "oracle_peak_bytes": mem_or,
                       "ours_ms_each": t_ours, "oracle_ms_each": t_or}}
    mp_ms = esp = []
    if not a.no_mp:
        stones, stone_src = pystones(a.micropython, a.out)
        rows, ok, low, err = micropython(a.micropython, corpus_path)
        for _ in range(REPEATS - 1):
            again, ok2, low2, err2 = micropython(a.micropython, corpus_path)
            ok, err = ok and ok2, err or err2
            low = min(low, low2) if low is not None and low2 is not None else None
            for r, r2 in zip(rows, again):
                r["ms"] = min(r["ms"], r2["ms"])
        mp_ms = [r["ms"] for r in rows]
        K = stones / ESP32_PYSTONES if stones else 0.0
        # anytime: the same corpus with the ESP32 p95 target as the budget
        budget = max(1, int(round(TARGETS["esp32_p95_ms"] / K))) if K else 1
        brows, bok, _, _ = micropython(a.micropython, corpus_path, budget=budget,
                                       label="unix port, anytime")
        anytime = {"budget_unix_ms": budget, "esp32_equiv_ms": budget * K,
                   "completed": bok, "proven": sum(1 for r in brows if r["optimal"]),
                   "exact_count": sum(1 for r in brows if r["count"] == ours[r["i"]][1]),
                   "max_unix_ms": max([r["ms"] for r in brows]) if brows else 0.0}
        esp = [x * K for x in mp_ms]
        mp_agree = sum(1 for r in rows if r["count"] == ours[r["i"]][1])
        res["micropython"] = {"heap": HEAP, "completed": ok, "solved": len(rows),
                              "heap_free_low": low, "agree_with_cpython": mp_agree,
                              "unix_ms": stats(mp_ms) if mp_ms else None,
                              "pystones": stones, "pystone_program": stone_src, "K": K,
                              "cpu_hz": CPU_HZ,
                              "esp32_est_ms": stats(esp) if esp else None,
                              "unix_ms_each": mp_ms, "error": "" if ok else err,
                              "anytime": anytime}
    png = os.path.join(a.out, "bench.png")
    plot(png, sizes, t_ours, t_or, mp_ms, esp)
    jpath = os.path.join(a.out, "bench.json")
    save(jpath, lambda f: json.dump(res, f, indent=1))
    _report(res)
    print("wrote %s and %s" % (jpath, png))
    return 0


def _report(res):
    c = res["cpython"]
    print("same tile count as rummikub-solver: %d/%d (ours more: %d)"
          % (res["agree"], res["positions"], res["ours_more"]))
    print("%-26s %10s %10s %10s" % ("CPython, ms per position", "median", "p95", "max"))
    for name, key in (("ours", "ours_ms"), ("rummikub-solver", "oracle_ms")):
        s = c[key]
        print("%-26s %10.2f %10.2f %10.2f" % (name, s["median"], s["p95"], s["max"]))
    r = c["ratio"]
    print("%-26s %9.1fx %9.1fx %9.1fx" % ("speed-up (oracle/ours)", r["median"], r["p95"],
                                         r["max"]))
    print("peak memory (tracemalloc): ours %.1f KB, rummikub-solver %.1f KB"
          % (c["ours_peak_bytes"] / 1024.0, c["oracle_peak_bytes"] / 1024.0))
    checks = [("speed-up at median >= %gx" % TARGETS["ratio_median"],
               r["median"] >= TARGETS["ratio_median"]),
              ("speed-up at p95 >= %gx" % TARGETS["ratio_p95"], r["p95"] >= TARGETS["ratio_p95"])]
    mp = res.get("micropython")
    if mp:
        print("MicroPython unix port, heap %s: %s, %d positions, lowest free heap %s bytes, "
              "counts agree with CPython %d" % (mp["heap"], "completed" if mp["completed"]
                                                 else "FAILED", mp["solved"],
                                                 mp["heap_free_low"], mp["agree_with_cpython"]))
        if mp["error"]:
            print("  error: %s" % mp["error"])
        if mp["unix_ms"]:
            u, e = mp["unix_ms"], mp["esp32_est_ms"]
            print("pystone (unix port, %s): %.0f/s -> K = %.1f"
                  % (mp.get("pystone_program", "?"), mp["pystones"], mp["K"]))
            print("%-26s %10.2f %10.2f %10.2f" % ("unix port, ms", u["median"], u["p95"],
                                                  u["max"]))
            print("%-26s %10.0f %10.0f %10.0f" % ("est. ESP32 at %d MHz, ms" % (
                mp.get("cpu_hz", CPU_HZ) // 1000000), e["median"], e["p95"], e["max"]))
            checks.append(("ESP32 estimate median <= %g ms" % TARGETS["esp32_median_ms"],
                           e["median"] <= TARGETS["esp32_median_ms"]))
            checks.append(("ESP32 estimate p95 <= %g ms" % TARGETS["esp32_p95_ms"],
                           e["p95"] <= TARGETS["esp32_p95_ms"]))
        checks.append(("whole corpus under heapsize=%s" % mp["heap"], mp["completed"]))
        at = mp["anytime"]
        print("anytime, budget %d ms on the unix port (~%.0f ms on an ESP32): %d/%d proven "
              "optimal, %d/%d with the exact tile count, slowest answer %.1f ms"
              % (at["budget_unix_ms"], at["esp32_equiv_ms"], at["proven"], mp["solved"],
                 at["exact_count"], mp["solved"], at["max_unix_ms"]))
    for name, good in checks:
        print("  [%s] %s" % ("met" if good else "MISSED", name))
