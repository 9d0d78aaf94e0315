"""`python -m host_tools tournament --games N --seats hard,medium --seed S`

Plays N complete one-round games between AI players on CPython, spread
over all cores, and prints per seat: win rate with a 95% (Wilson)
confidence interval, average points per round and average think time per
move.  Game i uses seed S+i, so a run is reproducible.
"""
import argparse
import json
import math
import os
import sys
import time
from multiprocessing import Pool

import host_tools  # noqa: F401
from rummikub.game import Game, PLAYING
from rummikub.rules import Rules, RuleError
from ai.players import Player, LEVELS


def play_game(args):
    """One round; returns (winner seat, scores, think ms per seat, moves)."""
    seats, seed, rules = args
    g = Game(Rules(**rules), len(seats), seed=seed)
    players = [Player(seats[i], seed * 31 + i) for i in range(len(seats))]
    turns = 0
    while g.phase == PLAYING:
        players[g.current].take_turn(g)
        turns += 1
        if turns > 5000:
            raise RuntimeError("game %d does not end" % seed)
    return (g.round_winners[0], g.round_rows[0],
            [p.think_ms for p in players], [p.moves for p in players])


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # clamp, and keep p inside despite rounding at 0 and 1
    return max(0.0, min(p, mid - half)), min(1.0, max(p, mid + half))


def _bar(done, total, t0, out):
    w = 30
    fill = int(w * done / total) if total else w
    el = time.time() - t0
    eta = el / done * (total - done) if done else 0
    out.write("\r[%s%s] %d/%d  %.0fs elapsed, ~%.0fs left " % (
        "#" * fill, "." * (w - fill), done, total, el, eta))
    out.flush()


def run(seats, games, seed, rules=None, jobs=None, progress=True):
    rules = rules or {}
    jobs = jobs or os.cpu_count() or 1
    tasks = [(seats, seed + i, rules) for i in range(games)]
    results = []
    t0 = time.time()
    out = sys.stderr
    if jobs == 1:
        it = map(play_game, tasks)
        pool = None
    else:
        pool = Pool(jobs)
        it = pool.imap_unordered(play_game, tasks, chunksize=1)
    try:
        for r in it:
            results.append(r)
            if progress:
                _bar(len(results), games, t0, out)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if progress:
        out.write("\n")
    return summarise(seats, results, time.time() - t0)


def summarise(seats, results, seconds):
    n = len(results)
    rows = []
    for i in range(len(seats)):
        wins = sum(1 for r in results if r[0] == i)
        lo, hi = wilson(wins, n)
        pts = sum(r[1][i] for r in results) / n if n else 0.0
        think = sum(r[2][i] for r in results)
        moves = sum(r[3][i] for r in results)
        rows.append({"seat": i + 1, "level": seats[i], "wins": wins,
                     "win_rate": wins / n if n else 0.0, "ci95": [lo, hi],
                     "points_per_round": pts,
                     "think_ms_per_move": think / moves if moves else 0.0})
    return {"games": n, "seconds": seconds, "seats": rows}


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools tournament",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seats", default="hard,medium",
                    help="comma-separated levels (%s), 2-4 seats" % ",".join(LEVELS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    ap.add_argument("--rules", default="{}", help="rule overrides as JSON")
    ap.add_argument("--json", default=None, help="also write the summary here")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    a = ap.parse_args(argv)
    seats = [s.strip() for s in a.seats.split(",") if s.strip()]
    bad = [s for s in seats if s not in LEVELS]
    if bad:
        print("tournament: unknown level %r (use %s)" % (bad[0], ", ".join(LEVELS)),
              file=sys.stderr)
        return 2
    if a.games < 1:
        print("tournament: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = json.loads(a.rules)
        r = Rules(**rules)
        lo, hi = r.players
        if not lo <= len(seats) <= hi:
            raise RuleError("the %s tile set is for %d-%d players, not %d"
                            % (r.tile_set, lo, hi, len(seats)))
    except (ValueError, TypeError) as e:
        print("tournament: bad --rules/--seats: %s" % e, file=sys.stderr)
        return 2
    s = run(seats, a.games, a.seed, rules, a.jobs, not a.quiet)
    print("%d games, seats %s, seed %d, %.1f s" % (s["games"], ",".join(seats), a.seed,
                                                   s["seconds"]))
    print("%-5s %-7s %6s %9s %17s %12s %11s" % ("seat", "level", "wins", "win rate",
                                                "95% CI", "pts/round", "ms/move"))
    for row in s["seats"]:
        print("%-5d %-7s %6d %8.1f%% %7.1f%% - %5.1f%% %12.1f %11.2f" % (
            row["seat"], row["level"], row["wins"], 100 * row["win_rate"],
            100 * row["ci95"][0], 100 * row["ci95"][1], row["points_per_round"],
            row["think_ms_per_move"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(s, f, indent=1)
    return 0
