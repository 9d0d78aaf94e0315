"""`python -m host_tools.bench.device_strength --profile radio-off --games 1000
--seeds 1,2 --k 63`: what the device's heap and think budgets cost the expert.

The same mirrored deals (expert against greedy, heads-up; --seats
expert,greedy,expert,greedy for the 2+2 table) are played twice:
unconstrained on CPython (no budget, all the heap: the tournament's
figures), and on the 32-bit MicroPython model with firmware/ frozen in
(host_tools.mp32) in a device profile (host_tools.mp32.profiles: the 56 KB
heap the esp32 port starts with and the ESP-IDF room it may grow into:
radio-off, radio-on or floor), with the device budgets (ai.players: an 8 s
guard for a move's search, the expert's look-ahead until 1.8 s into the
move) counted on a clock running K times fast (strength_mp), K = this
machine's pystones/s on CPU time / the ESP32's (host_tools.bench.estimate)
unless given.  A ballast stands
for what the app holds on the heap besides the game (17 KB), so the
expert starts its turns with the free heap it has in the frozen whole
match.

Seeds: seed s plays the s-th block of deals (games / 2 of them: two
seat orders a deal, heads-up or 2+2), so seeds 1 and 2 at --games 1000
are deals 1-500 and 501-1000.  --device-games N plays only the first N of
them on the device model (the CPython side plays them all: its share over
every game is reported too).

Long runs go in chunks: every finished game is appended to a file under
build/device_strength/ (one for the CPython side, one per profile, K,
ballast and firmware build), a rerun plays only what is missing, and
--chunk N stops after N new games.  Reports the expert's share of wins in
each (a game won by any expert seat), with a 95% Wilson interval, how many
deals changed winner, the most heap a game grew to, and the expert's think
time on the device's clock over all its moves (median, p95, max: the
unix port's CPU time x K); writes build/device_strength/<profile>.json
(<profile>-<seats>.json for other seats).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import hashlib
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, as_completed

from host_tools import FIRMWARE, ROOT
from host_tools.codecheck.mpycheck import firmware_sources
from host_tools.bench.estimate import ESP32_PYSTONES, pystones
from host_tools.bench.stats import percentile, wilson
from host_tools.bench.tournament import mirrored, play_game, rotations
from host_tools.mp32 import build as mp32
from host_tools.mp32 import profiles
from host_tools.options import Parser

SEATS = ["expert", "greedy"]      # the default match-up
OUT = os.path.join(ROOT, "build", "device_strength")
BALLAST = 17 * 1024


def first_deal(seed, games, seats=SEATS):
    """The first deal of seed's block (seed 1: deal 1)."""
    n = len(rotations(seats))
    return 1 + (seed - 1) * ((games + n - 1) // n)


def tasks_for(seeds, games, seats=SEATS):
    """(ledger key, task) of every game: the key is its seat order and deal
    (the tournament plays a seat order once a deal)."""
    out = []
    for s in seeds:
        for t in mirrored(seats, games, first_deal(s, games, seats), {}):
            out.append(("%s/%d" % (",".join(t[0]), t[1]), t))
    return out


def device_game(exe, task, profile, ballast, k):
    """[levels, winner, scores, deal, heap report] of one game, played by
    its own exe process in `profile` (winner -1: it ran out of heap)."""
    here = os.path.dirname(os.path.abspath(__file__))
    levels, seed, _ = task
    fd, report = tempfile.mkstemp(prefix="strength-heap-")
    os.close(fd)
    try:
        p = subprocess.run([exe] + profile.args() + [os.path.join(here, "strength_mp.py"),
                            repr(k), str(ballast), ",".join(levels), str(seed)],
                           env=dict(os.environ, MICROPYPATH=".frozen", **profile.env(report)),
                           capture_output=True, text=True)
        heap = profiles.read_report(report)
    finally:
        os.remove(report)
    rows = [json.loads(x) for x in p.stdout.splitlines() if x.startswith("[")]
    if p.returncode or not rows:
        raise RuntimeError("device game failed: %s" % (p.stdout + p.stderr).strip()[-400:])
    heap["most_heap"] = profile.most_heap(heap) if heap else profile.heap
    return rows[0] + [heap]          # [levels, winner, scores, deal, think ms, heap]


def device_games(exe, tasks, profile, ballast, k, jobs):
    """device_game() of every task, `jobs` at a time, in task order."""
    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(lambda t: device_game(exe, t, profile, ballast, k), tasks))


def cpython_game(task):
    r = play_game(task)
    return [r[0], r[1], r[2], r[4]]


class Ledger:
    """Finished games kept one JSON line each in path, under a header that
    says what they were played with; a header that differs starts over
    only when asked (fresh), else is refused."""

    def __init__(self, path, header, fresh=False):
        self.path = path
        self.rows = {}
        os.makedirs(os.path.dirname(path), exist_ok=True)
        lines = []
        if os.path.exists(path) and not fresh:
            with open(path, "rb") as f:
                text = f.read()
            if not text.endswith(b"\n"):
                # a line torn by a stopped run: cut off, or the next game
                # would be appended to it and lost with it
                text = text[:text.rfind(b"\n") + 1]
                with open(path, "r+b") as f:
                    f.truncate(len(text))
            lines = text.decode().splitlines()
        if not lines:
            with open(path, "w") as f:
                f.write(json.dumps(header) + "\n")
        elif json.loads(lines[0]) != header:
            raise SystemExit("%s was played with %s, not %s: --fresh starts it over"
                             % (path, lines[0], json.dumps(header)))
        for ln in lines[1:]:
            try:
                row = json.loads(ln)
            except ValueError:      # a torn line a later game was appended to
                continue
            self.rows[row[0]] = row[1]

    def add(self, k, row):
        self.rows[k] = row
        with open(self.path, "a") as f:
            f.write(json.dumps([k, row]) + "\n")


def play_missing(ledger, tasks, play, jobs, budget, label, processes=False):
    """Play the (key, task)s the ledger lacks (at most `budget`, None: all),
    `jobs` at a time (threads, or processes for games played in Python);
    returns how many are still missing."""
    todo = [kt for kt in tasks if kt[0] not in ledger.rows]
    now = todo if budget is None else todo[:budget]
    done = 0
    with (ProcessPoolExecutor if processes else ThreadPoolExecutor)(jobs) as pool:
        futures = {pool.submit(play, t): k for k, t in now}
        for f in as_completed(futures):
            ledger.add(futures[f], f.result())
            done += 1
            if done % 20 == 0 or done == len(now):
                print("%s: %d of %d played (%d left)" % (label, done, len(now), len(todo) - done),
                      flush=True)
    return len(todo) - len(now)


def expert_won(row):
    """True when an expert seat won (a game out of heap, winner -1: not won)."""
    return row[1] >= 0 and row[0][row[1]] == "expert"


def expert_times(rows):
    """The think ms (device clock) of every expert move in the rows."""
    out = []
    for r in rows:
        if len(r) > 5:
            for i in range(len(r[0])):
                if r[0][i] == "expert":
                    out.extend(r[4][i])
    return out


def share(wins):
    k, n = sum(wins), len(wins)
    lo, hi = wilson(k, n)
    return {"games": n, "expert_wins": k, "share": k / n if n else 0.0, "ci95": [lo, hi]}


def firmware_digest():
    """SHA-256 (12 digits) of firmware/'s sources: the CPython side's games
    are only as good as the code that played them."""
    h = hashlib.sha256()
    for p in sorted(firmware_sources()):
        with open(p, "rb") as f:
            h.update(os.path.relpath(p, FIRMWARE).encode() + b"\0" + f.read())
    return h.hexdigest()[:12]


def main(argv):
    ap = Parser("device_strength", description=__doc__,
                prog="python -m host_tools.bench.device_strength")
    ap.add_argument("--profile", default="radio-off", choices=sorted(profiles.PROFILES),
                    help="device heap profile (default radio-off)")
    ap.add_games(100, "games a seed (one a deal per seat rotation)")
    ap.add_argument("--seats", default=",".join(SEATS),
                    help="the table's levels, comma-separated (default expert,greedy)")
    ap.add_argument("--seeds", default="1", help="comma-separated, e.g. 1,2")
    ap.add_argument("--device-games", type=int, default=None,
                    help="play only the first N games on the device model (default all)")
    ap.add_argument("--ballast", type=int, default=BALLAST,
                    help="bytes held aside for the app (default 17 KB)")
    ap.add_argument("--k", type=float, default=None,
                    help="slow-down factor (default: measured with pystone)")
    ap.add_jobs(2)
    ap.add_argument("--chunk", type=int, default=None,
                    help="play at most this many new games on each side, then stop")
    ap.add_argument("--fresh", action="store_true", help="forget games played before")
    ap.add_out(OUT, "folder of the ledgers and summaries")
    args = ap.parse_args(argv)
    why = mp32.missing()
    if why:
        print("SKIP device strength: %s" % why)
        return 0
    seeds = [int(s) for s in args.seeds.split(",")]
    seats = [s.strip() for s in args.seats.split(",")]
    profile = profiles.get(args.profile)
    frozen = mp32.frozen()
    # a copy: the cache keeps a few frozen builds, replaced when firmware/ changes
    exe = os.path.join(tempfile.mkdtemp(prefix="strength-exe-"), "micropython")
    shutil.copy2(frozen, exe)
    k, src = args.k, "given"
    if k is None:
        # on CPU time: the games' clock counts CPU time (cpuclock), so
        # a loaded machine slows neither
        stones, src = pystones(exe, os.path.join(ROOT, "build"), cpu=True)
        k = stones / ESP32_PYSTONES
    tasks = tasks_for(seeds, args.games, seats)
    # the heads-up ledgers keep their names; other tables have their own
    table = "" if seats == SEATS else "-" + "-".join(seats)
    free = Ledger(os.path.join(args.out, "cpython%s.jsonl" % table),
                  {"seats": seats, "rules": {}, "firmware": firmware_digest()}, args.fresh)
    left = play_missing(free, tasks, cpython_game, args.jobs, args.chunk, "CPython", True)
    build = os.path.basename(frozen)
    name = "%s%s-k%g-b%d-%s" % (profile.name, table, k, args.ballast, build.split("-")[-1])
    dev = Ledger(os.path.join(args.out, name + ".jsonl"),
                 {"profile": profile.name, "heap": profile.heap, "regions": list(profile.regions),
                  "K": k, "ballast": args.ballast, "build": build}, args.fresh)
    on_device = tasks if args.device_games is None else tasks[:args.device_games]
    left += play_missing(dev, on_device, lambda t: device_game(exe, t, profile, args.ballast, k),
                         args.jobs, args.chunk, profile.name)
    shutil.rmtree(os.path.dirname(exe), ignore_errors=True)
    keys = [kt[0] for kt in tasks if kt[0] in free.rows and kt[0] in dev.rows]
    rows = [dev.rows[x] for x in keys]
    heaps = sorted(r[-1]["most_heap"] for r in rows)
    times = sorted(expert_times(rows))
    res = {"seats": seats, "seeds": seeds, "games_a_seed": args.games,
           "profile": profile.name, "heap": profile.heap, "regions": list(profile.regions),
           "source": profile.source, "ballast": args.ballast, "K": k, "pystone_program": src,
           "build": build, "missing": left,
           "unconstrained": share([expert_won(free.rows[x]) for x in keys]),
           "unconstrained_all": share([expert_won(free.rows[kt[0]]) for kt in tasks
                                       if kt[0] in free.rows]),
           "device": share([expert_won(r) for r in rows]),
           "games_changed_winner": sum(1 for x in keys
                                       if expert_won(free.rows[x]) != expert_won(dev.rows[x])),
           "games_out_of_heap": sum(1 for r in rows if r[1] < 0),
           "most_heap": heaps[-1] if heaps else 0,
           "median_most_heap": heaps[len(heaps) // 2] if heaps else 0,
           "expert_think_ms": {"moves": len(times), "median": percentile(times, 0.5),
                               "p95": percentile(times, 0.95),
                               "max": times[-1] if times else 0}}
    with open(os.path.join(args.out, profile.name + table + ".json"), "w") as f:
        json.dump(res, f, indent=1)
    for side in ("unconstrained_all", "unconstrained", "device"):
        s = res[side]
        print("%s, %-17s: expert won %d of %d (%.1f%%, 95%% CI %.1f-%.1f%%)"
              % (",".join(seats), side, s["expert_wins"], s["games"], 100 * s["share"],
                 100 * s["ci95"][0], 100 * s["ci95"][1]))
    t = res["expert_think_ms"]
    print("expert's think time on the device's clock, %d moves: median %.0f ms, p95 %.0f ms, "
          "max %.0f ms" % (t["moves"], t["median"], t["p95"], t["max"]))
    print("device: frozen 32-bit, %s (%d + room %s), ballast %d, clock x%.0f (%s); %d games "
          "changed winner, %d ran out of heap; heap grew to %d at most (median %d)%s"
          % (profile.name, profile.heap, "+".join(str(r) for r in profile.regions) or "0",
             args.ballast, k, src, res["games_changed_winner"], res["games_out_of_heap"],
             res["most_heap"], res["median_most_heap"],
             "; %d games still to play: run again" % left if left else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
