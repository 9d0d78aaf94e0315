"""`python -m host_tools tournament --games N --seats expert,greedy --seed S`

Plays AI against AI over mirrored deals on CPython, spread over all cores,
with a progress bar: deal i (seed S+i) is played once for every rotation
of the seats, so every level gets every hand from every chair; a rotation
that repeats a seat order already played is left out (at a 2+2 table,
expert,greedy,expert,greedy, rotations 0 and 2 are the same game: two of
the four, not twice each); N games is N / (distinct rotations) deals.
For each level it reports the share of games won by one of its seats with
a 95% (Wilson) confidence interval, points per game (per seat) and think
time per move (mean, p95, max); --json and --png write the summary and a
chart.  --log FILE appends every finished game to FILE (JSON Lines) and
skips the games already there: a long run that is stopped goes on where it
stopped when started again with the same arguments.  `--ladder` plays
docs/figures.md's ladder instead (every level against greedy heads-up and
at a 2+2 table, each level against the one below) and writes it as a
Markdown table too.
"""
import json
import os
import sys
import time

import host_tools  # noqa: F401
from host_tools.options import (Parser, one_line, out_dir, out_file, png_file, save,
                                save_figure, shown, whole)
from host_tools.bench.stats import play_all, wilson, think_ms, stamped  # noqa: F401 (wilson: tests)
from host_tools.bench.strength_mp import play
from host_tools.progress import Bar
from rummikub.rules import Rules, RuleError
from ai.players import LEVELS

# weakest first: "each level against the one below"
LADDER = ("easy", "medium", "hard", "expert")


def play_game(args):
    """One round of deal `seed` with seat i played by levels[i], as the
    device model plays it (strength_mp.play).  Returns (levels, winner
    seat, scores, think ms of every move per seat, seed)."""
    levels, seed, rules = args
    times = [[] for _ in levels]
    winner, scores = play(levels, seed, Rules(**rules), times)
    return list(levels), winner, scores, times, seed


def rotations(seats):
    """The distinct seat orders of the seats' rotations, rotation 0 first
    (a 2+2 table has two: a seat order played twice on one deal is the
    same game twice, which would count one result as two)."""
    n = len(seats)
    out = []
    for r in range(n):
        order = [seats[(j + r) % n] for j in range(n)]
        if order not in out:
            out.append(order)
    return out


def mirrored(seats, games, seed, rules):
    """The tasks: deals seed, seed+1, ... each with every distinct rotation
    of the seats, `games` in all (rounded up to whole deals)."""
    rots = rotations(seats)
    deals = (games + len(rots) - 1) // len(rots)
    tasks = []
    for i in range(deals):
        for order in rots:
            tasks.append((list(order), seed + i, rules))
    return tasks


def run(seats, games, seed, rules=None, jobs=None, progress=True, out=None,
        partial=None, log=None):
    """Play the mirrored tournament; returns summarise()'s dict.  With
    `partial`, a path: the summary so far is written there as JSON after
    every whole deal's games are in (marked "partial"), so a long run
    that is stopped still leaves its figures.  With `log`, a path: each
    game is appended there as it finishes, and games already there (from
    a run with the same seats, seed and rules) are not played again."""
    rules = rules or {}
    jobs = jobs or os.cpu_count() or 1
    tasks = mirrored(seats, games, seed, rules)
    t0 = time.time()
    done = {}
    logf = None
    if log:
        done = read_log(log, seats, seed, rules)
        logf = _open_log(log, seats, seed, rules)
    todo = [(i, tasks[i]) for i in range(len(tasks)) if i not in done]
    bar = Bar(len(tasks), out=out, enabled=progress)
    kept = [done[i] for i in sorted(done) if i < len(tasks)]

    def each(results):
        i, r = results[-1]
        if logf:
            logf.write(json.dumps([i] + list(r)) + "\n")
            logf.flush()
        bar.update(len(kept) + len(results))
        if partial and (len(kept) + len(results)) % (5 * len(rotations(seats))) == 0:
            _write_partial(partial, seats, kept + [x[1] for x in results], t0)
    try:
        new = play_all(_play_indexed, todo, jobs, each)
    finally:
        if logf:
            logf.close()
    results = kept + [r for _, r in new]
    bar.close()
    return stamped(summarise(seats, results, time.time() - t0), seed, rules)


def _play_indexed(task):
    i, t = task
    return i, play_game(t)


def _log_key(seats, seed, rules):
    return {"seats": list(seats), "seed": seed, "rules": rules}


def read_log(path, seats, seed, rules):
    """{task index: play_game's result} of the games a --log file holds;
    {} if there is none.  A file written for other seats, seed or rules is
    refused; a last line cut short (the run was killed mid-write) is
    dropped."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [x for x in f.read().split("\n") if x.strip()]
    if not lines:
        return {}
    try:
        head = json.loads(lines[0])
    except ValueError:
        head = None
    if not isinstance(head, dict) or "seats" not in head:
        raise ValueError("--log %s is not a tournament log (no header line)" % path)
    if head != _log_key(seats, seed, rules):
        raise ValueError("--log %s holds games of another tournament (%s), not %s"
                         % (path, json.dumps(head), json.dumps(_log_key(seats, seed, rules))))
    done = {}
    for k in range(1, len(lines)):
        try:
            row = json.loads(lines[k])
        except ValueError:
            if k == len(lines) - 1:
                break                  # the last line, torn
            raise ValueError("--log %s: line %d is damaged" % (path, k + 1))
        done[row[0]] = tuple(row[1:])
    return done


def _open_log(path, seats, seed, rules):
    """The log opened to append, its header written if new; a torn last
    line is cut off first, so the next game starts a line of its own."""
    if os.path.exists(path):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if text and not text.endswith("\n"):
            with open(path, "w") as f:
                f.write(text[:text.rfind("\n") + 1])
    if not os.path.exists(path) or not os.path.getsize(path):
        with open(path, "w") as f:
            f.write(json.dumps(_log_key(seats, seed, rules)) + "\n")
    return open(path, "a")


def _write_partial(path, seats, results, t0):
    """The summary of the whole deals in so far (a deal's rotations may
    finish out of order: only deals with every rotation in count)."""
    n = len(rotations(seats))
    per = {}
    for r in results:
        per.setdefault(r[4], []).append(r)
    whole = [r for d in per.values() if len(d) == n for r in d]
    s = summarise(seats, whole, time.time() - t0)
    s["partial"] = True
    save(path, lambda f: json.dump(s, f, indent=1))


def summarise(seats, results, seconds):
    """Per level: games won by one of its seats (with a Wilson 95% CI),
    points per game per seat, think ms per move (mean, p95, max)."""
    n = len(results)
    rows = []
    for level in sorted(set(seats), key=seats.index):
        k = seats.count(level)
        wins = 0
        pts = 0
        times = []
        for levels, winner, scores, ms, _ in results:
            if levels[winner] == level:
                wins += 1
            for i in range(len(levels)):
                if levels[i] == level:
                    pts += scores[i]
                    times.extend(ms[i])
        times.sort()
        lo, hi = wilson(wins, n)
        rows.append({"level": level, "seats": k, "wins": wins,
                     "win_rate": wins / n if n else 0.0, "ci95": [lo, hi],
                     "points_per_game": pts / (n * k) if n else 0.0,
                     "moves": len(times),
                     "think_ms": think_ms(times)})
    return {"games": n, "deals": n // len(rotations(seats)) if seats else 0,
            "seats": list(seats), "seconds": seconds, "levels": rows}


def print_summary(s, out=sys.stdout):
    print("%d games (%d mirrored deals), seats %s, %.1f s" % (
        s["games"], s["deals"], ",".join(s["seats"]), s["seconds"]), file=out)
    print("%-7s %5s %6s %9s %17s %9s %22s" % (
        "level", "seats", "wins", "win rate", "95% CI", "pts/game",
        "ms/move mean/p95/max"), file=out)
    for row in s["levels"]:
        t = row["think_ms"]
        print("%-7s %5d %6d %8.1f%% %7.1f%% - %5.1f%% %9.1f %8.1f/%5.0f/%6.0f" % (
            row["level"], row["seats"], row["wins"], 100 * row["win_rate"],
            100 * row["ci95"][0], 100 * row["ci95"][1], row["points_per_game"],
            t["mean"], t["p95"], t["max"]), file=out)


def chart(summaries, path):
    """A PNG: one bar per (match-up, level), win rate with its 95% CI."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    labels, rates, lo, hi, fair = [], [], [], [], []
    for s in summaries:
        for row in s["levels"]:
            labels.append("%s\n(%s)" % (row["level"], ",".join(s["seats"])))
            r = row["win_rate"]
            rates.append(100 * r)
            lo.append(100 * (r - row["ci95"][0]))
            hi.append(100 * (row["ci95"][1] - r))
            fair.append(100.0 * row["seats"] / len(s["seats"]))
    fig, ax = plt.subplots(figsize=(max(4, 1.3 * len(labels)), 4))
    x = list(range(len(labels)))
    ax.bar(x, rates, yerr=[lo, hi], capsize=4, color="#4a7ab5")
    ax.scatter(x, fair, marker="_", s=400, color="black", label="even share")
    ax.set_xticks(x)
    ax.set_xticklabels(labels, fontsize=7)
    ax.set_ylabel("games won, % (95% CI)")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=7)
    ax.set_title("Mirrored-deal tournaments (%d games)" % sum(s["games"] for s in summaries),
                 fontsize=9)
    fig.tight_layout()
    save_figure(path, fig, 100)


def ladder_matchups(levels=LADDER):
    """(name, seats) for the ladder: each level vs greedy heads-up and at
    a 2+2 table, then each level against the one below."""
    out = []
    for lv in levels:
        out.append(("%s vs greedy" % lv, [lv, "greedy"]))
        out.append(("%s x2 vs greedy x2" % lv, [lv, "greedy", lv, "greedy"]))
    for i in range(1, len(levels)):
        out.append(("%s vs %s" % (levels[i], levels[i - 1]), [levels[i], levels[i - 1]]))
    return out


def ladder_markdown(results):
    """docs/figures.md's ladder table from [(name, summary)]."""
    lines = ["| match-up | games | level | wins | 95% CI | pts/game | ms/move (mean / p95) |",
             "|---|---|---|---|---|---|---|"]
    for name, s in results:
        row = s["levels"][0]
        t = row["think_ms"]
        lines.append("| %s | %d | %s | %.1f%% | %.1f-%.1f%% | %+.1f | %.1f / %.0f |" % (
            name, s["games"], row["level"], 100 * row["win_rate"],
            100 * row["ci95"][0], 100 * row["ci95"][1], row["points_per_game"],
            t["mean"], t["p95"]))
    return "\n".join(lines) + "\n"


def ladder(games, seed, rules, jobs, progress, outdir, levels=LADDER):
    os.makedirs(outdir, exist_ok=True)
    results = []
    for name, seats in ladder_matchups(levels):
        print(name, file=sys.stderr)
        s = run(seats, games, seed, rules, jobs, progress)
        print_summary(s)
        results.append((name, s))
    md = ladder_markdown(results)
    save(os.path.join(outdir, "ladder.md"), lambda f: f.write(md))
    save(os.path.join(outdir, "ladder.json"),
         lambda f: json.dump([{"name": n, "summary": s} for n, s in results], f, indent=1))
    chart([s for _, s in results], os.path.join(outdir, "ladder.png"))
    print(md)
    return results


def main(argv):
    ap = Parser("tournament", description="AI against AI over mirrored deals, on all cores: each level's "
                "share of games won (95% interval), points and think time per move; "
                "--ladder plays docs/figures.md's whole ladder.")
    ap.add_games(100, "games per match-up (rounded up to whole mirrored deals)")
    ap.add_argument("--seats", default="expert,greedy",
                    help="comma-separated levels (%s), 2-4 seats" % ",".join(LEVELS))
    ap.add_seed(1, "seed of the deals")
    ap.add_jobs(None, "processes (default: all cores)")
    ap.add_rules("rule overrides as JSON (default: the official rules)")
    ap.add_json("also write the summary here")
    ap.add_argument("--log", type=out_file, default=None, metavar="FILE",
                    help="append each game to FILE (JSON Lines); games already there "
                         "are not played again (a stopped run goes on where it stopped; "
                         "default: not kept)")
    ap.add_argument("--png", type=png_file, default=None,
                    help="also draw the win rates here (default: not drawn)")
    ap.add_argument("--ladder", type=out_dir, default=None, metavar="DIR",
                    help="play the whole ladder instead; write DIR/ladder.md, .json, .png "
                         "(default: one match-up, --seats)")
    ap.add_quiet()
    a = ap.parse_args(argv)
    seats = [s.strip() for s in a.seats.split(",") if s.strip()]
    bad = [s for s in seats if s not in LEVELS]
    if bad:
        print("tournament: unknown level %s (use %s)" % (shown(bad[0]), ", ".join(LEVELS)),
              file=sys.stderr)
        return 2
    rules = a.rules
    try:
        r = Rules(**rules)
        lo, hi = r.players
        n = 4 if a.ladder else len(seats)
        if not lo <= n <= hi:
            raise RuleError("the %s tile set is for %d-%d players, not %d"
                            % (r.tile_set, lo, hi, n))
    except (ValueError, TypeError, RecursionError) as e:
        print("tournament: bad --rules/--seats: %s" % one_line(e, 200), file=sys.stderr)
        return 2
    if a.ladder:
        os.makedirs(a.ladder, exist_ok=True)
        ladder(a.games, a.seed, rules, a.jobs, not a.quiet, a.ladder)
        return 0
    try:
        s = run(seats, a.games, a.seed, rules, a.jobs, not a.quiet, partial=a.json,
                log=a.log)
    except ValueError as e:
        print("tournament: %s" % e, file=sys.stderr)
        return 2
    print_summary(s)
    if a.json:
        save(a.json, lambda f: json.dump(s, f, indent=1))
    if a.png:
        chart([s], a.png)
    return 0
