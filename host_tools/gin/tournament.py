"""`python -m host_tools gin tournament --games N --levels hard,easy --seed S`

Gin AI levels against each other over mirrored deals: game i (seed S+i) is
played twice, once with each level in each chair; the cut and every deck
come from the seed, so both games of a pair see the same cards in the same
order (who deals a hand follows who won the last one).  Games to 100.  Reports for each level the share of games won with a 95%
(Wilson) confidence interval, the mean final margin, hands per game and
think time per action (mean, p95, max; CPython).  --json writes the summary.
"""
import json
import sys
import time

import host_tools  # noqa: F401
from host_tools.options import Parser, one_line, save
from host_tools.bench.stats import play_all, wilson, think_ms, stamped
from host_tools.progress import Bar
from gin.game import GinGame, HAND_OVER
from gin.rules import GinRules
from rummikub.rules import RuleError
from ai.gin.players import GinPlayer, LEVELS

MAX_ACTIONS = 400          # per hand; a hand that long is a bug


def play_game(args):
    """(levels, winner seat, final totals, hands, think ms per action per seat)."""
    levels, seed, rules = args
    g = GinGame(GinRules(**rules), seed=seed)
    players = [GinPlayer(levels[i], seed=seed * 31 + i) for i in (0, 1)]
    times = [[], []]
    while True:
        n = 0
        while g.phase != HAND_OVER:
            p = g.current
            t0 = time.perf_counter()
            players[p].act(g)
            times[p].append((time.perf_counter() - t0) * 1000)
            n += 1
            if n > MAX_ACTIONS:
                raise RuntimeError("seed %d hand %d does not end" % (seed, g.hand_no))
        if g.is_over():
            break
        g.next_hand()
    w, totals, bonus, margin = g.final()
    return list(levels), w, totals, g.hand_no, times


def tasks(levels, games, seed, rules):
    out = []
    for i in range((games + 1) // 2):
        out.append(([levels[0], levels[1]], seed + i, rules))
        out.append(([levels[1], levels[0]], seed + i, rules))
    return out


def summarise(levels, results, seconds):
    n = len(results)
    rows = []
    for level in levels:
        wins = 0
        margin = 0
        hands = 0
        times = []
        for lv, w, totals, nh, ms in results:
            seat = lv.index(level)
            if w == seat:
                wins += 1
            margin += totals[seat] - totals[1 - seat]
            hands += nh
            times.extend(ms[seat])
        times.sort()
        lo, hi = wilson(wins, n)
        rows.append({"level": level, "wins": wins, "win_rate": wins / n if n else 0.0,
                     "ci95": [lo, hi], "mean_margin": margin / n if n else 0.0,
                     "hands_per_game": hands / n if n else 0.0,
                     "think_ms": think_ms(times)})
    return {"games": n, "seconds": seconds, "levels": rows}


def run(levels, games, seed, rules=None, jobs=1, progress=True):
    rules = rules or {}
    ts = tasks(levels, games, seed, rules)
    t0 = time.time()

    bar = Bar(len(ts), "games", enabled=progress)
    results = play_all(play_game, ts, jobs, lambda results: bar.update(len(results)),
                       chunksize=2)
    bar.close()
    return stamped(summarise(levels, results, time.time() - t0), seed, rules)


def report(s):
    lines = ["%d games (mirrored pairs), seed %d, rules %s, %.0f s" % (
        s["games"], s["seed"], json.dumps(s["rules"]), s["seconds"])]
    for r in s["levels"]:
        lines.append("%-7s won %4d  %5.1f%%  95%% CI %.1f-%.1f%%  margin %+7.1f  "
                     "%.1f hands/game  think %.2f ms mean, %.2f p95, %.1f max" % (
                         r["level"], r["wins"], 100 * r["win_rate"], 100 * r["ci95"][0],
                         100 * r["ci95"][1], r["mean_margin"], r["hands_per_game"],
                         r["think_ms"]["mean"], r["think_ms"]["p95"], r["think_ms"]["max"]))
    return "\n".join(lines)


def main(argv):
    ap = Parser("gin tournament", description="Gin AI levels against each other over "
                "mirrored deals (games to 100): each level's share of games won (95% "
                "interval), margin, hands per game and think time.")
    ap.add_games(200, "games (each deal twice, the levels in each chair)", least=2)
    ap.add_argument("--levels", default="hard,easy",
                    help="two of %s, comma-separated" % ",".join(LEVELS))
    ap.add_seed(1, "seed of the deals")
    ap.add_rules("JSON object of gin variants (default: the standard rules)")
    ap.add_jobs(1)
    ap.add_json()
    ap.add_quiet()
    a = ap.parse_args(argv)
    levels = a.levels.split(",")
    if len(levels) != 2 or any([lv not in LEVELS for lv in levels]) or levels[0] == levels[1]:
        print("gin tournament: --levels takes two different levels of %s" % ", ".join(LEVELS),
              file=sys.stderr)
        return 2
    rules = a.rules
    try:
        GinRules(**rules)
    except (ValueError, TypeError, RuleError, RecursionError) as e:
        print("gin tournament: bad --rules: %s" % one_line(e, 200), file=sys.stderr)
        return 2
    s = run(levels, a.games, a.seed, rules, a.jobs, not a.quiet)
    print(report(s))
    if a.json:
        save(a.json, lambda f: json.dump(s, f, indent=1))
    return 0
