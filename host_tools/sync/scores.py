"""`python -m host_tools scores`: each game's leaderboard and per-player
statistics from the database `sync` fills (Rummikub and Gin Rummy apart:
their points are never added together); `--matches` lists the finished
matches with their date, seats, AI levels, winner and changed rules;
`--csv [FILE]` exports the tables, `--plot FILE.png` draws each player's
running points total over the matches, a panel per game.  Names are shown
through safetext: no control characters on the terminal or in the CSV
(which may go to the terminal too), no formulas in the CSV."""
import csv
import datetime
import sqlite3
import sys

from host_tools import count
from host_tools.options import Parser, out_file_or_stdout, png_file, save, save_figure, whole
from host_tools.sync.db import Db, DbError, chosen_db, damaged, db_option
from host_tools.sync.safetext import csv_cell, terminal

COLUMNS = ("game", "rank", "player", "matches", "match_wins", "rounds", "rounds_won",
           "points", "avg_rack_left")
# a game's heading; None: rounds whose game no record has said yet (firmware
# before round records named it, a match not finished)
TITLES = {"rummikub": "Rummikub", "gin": "Gin Rummy (a round is a hand)",
          None: "Game not recorded (rounds of unfinished matches from older firmware)"}


def leaderboard(db, game="rummikub"):
    """One game's rows (dicts) best first: most match wins, then most
    points, then name.  game: "rummikub", "gin", or None (not recorded)."""
    rows = []
    for name, m, mw, r, rw, pts, rack in db.player_stats(game):
        rows.append({"game": game or "", "player": name, "matches": m, "match_wins": mw,
                     "rounds": r, "rounds_won": rw, "points": pts,
                     "avg_rack_left": None if rack is None else round(rack, 1)})
    rows.sort(key=lambda d: (-d["match_wins"], -d["points"], d["player"]))
    for i, d in enumerate(rows):
        d["rank"] = i + 1
    return rows


def boards(db, game=None):
    """[(game, rows)] for each game the database holds (or the one asked)."""
    games = db.games() if game is None else [game]
    return [(g, leaderboard(db, g)) for g in games]


def format_table(rows):
    head = ("#", "player", "matches", "won", "rounds", "rounds won", "points", "avg rack")
    body = [(str(d["rank"]), terminal(d["player"]), str(d["matches"]), str(d["match_wins"]),
             str(d["rounds"]), str(d["rounds_won"]), "%+d" % d["points"],
             "-" if d["avg_rack_left"] is None else "%.1f" % d["avg_rack_left"])
            for d in rows]
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
    lines = []
    for r in [head] + body:
        cells = [r[i].ljust(widths[i]) if i == 1 else r[i].rjust(widths[i])
                 for i in range(len(r))]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def format_boards(tables):
    """Each game's heading and table, a blank line between games."""
    return "\n\n".join("%s\n%s" % (TITLES.get(g, str(g)), format_table(rows))
                       for g, rows in tables if rows)


def write_csv(rows, out):
    w = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    w.writeheader()
    for d in rows:
        w.writerow({k: csv_cell(terminal(v)) if isinstance(v, str) else v
                    for k, v in d.items()})


def when(at):
    """A match's end as the host's local date and time, or why there is none."""
    if at is None:
        return "date not recorded"
    return datetime.datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M")


def seat_text(name, level):
    """'Ann' for a person, 'Ben (AI hard)' for an AI seat, 'Cy' when not
    recorded; 'AI hard' for an AI seat the console named so."""
    said = level in (None, "human") or name == "AI " + level
    return terminal(name) + ("" if said else " (AI %s)" % level)


def format_matches(matches):
    """The finished matches, a paragraph each: date, game, rounds, seats
    with AI levels and points, the winner, the rules that differ."""
    out = []
    for m in matches:
        game = TITLES.get(m["game"], str(m["game"])).split(" (")[0]
        head = "%s  %s, %s" % (when(m["ended_at"]), game,
                               count(m["rounds"] or 0, "hand" if m["game"] == "gin" else "round"))
        seats = ["  %-20s %+6d  %s" % (seat_text(n, lv), tot,
                                       count(wins, "hand" if m["game"] == "gin" else "round")
                                       + " won")
                 for n, lv, tot, wins in m["seats"]]
        w = m["winner"]
        winner = seat_text(*m["seats"][w][:2]) if w is not None and w < len(m["seats"]) else "-"
        rules = ", ".join("%s=%s" % (k, terminal(str(v))) for k, v in sorted(m["rules"].items()))
        if not rules:
            rules = "the standard rules" if m["game"] == "gin" else "the official rules"
        out.append("\n".join([head] + seats + ["  winner: %s" % winner, "  rules: %s" % rules]))
    return "\n\n".join(out)


def timelines(db, game="rummikub"):
    """{player: ([match numbers], [running points])} over one game's
    finished matches."""
    order = {}
    lines = {}
    for name, dev, log_id, mid, total in db.points_timeline(game):
        x = order.setdefault((dev, log_id, mid), len(order) + 1)
        xs, ys = lines.setdefault(name, ([], []))
        xs.append(x)
        ys.append((ys[-1] if ys else 0) + total)
    return lines


def figure(db, games=("rummikub",)):
    """The running-points chart as a matplotlib figure, a panel per game
    (match numbers on the x axes are whole numbers only)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator
    games = list(games) or ["rummikub"]
    fig, axes = plt.subplots(len(games), 1, figsize=(8, 4.5 * len(games)), squeeze=False)
    for ax, game in zip(axes[:, 0], games):
        last = 1
        for name, (xs, ys) in sorted(timelines(db, game).items()):
            # "$" would start matplotlib's maths mode
            ax.plot(xs, ys, marker="o", markersize=3, label=terminal(name).replace("$", r"\$"))
            last = max([last] + xs)
        ax.axhline(0, color="grey", linewidth=0.5)
        ax.set_xlim(0.5, last + 0.5)              # a whole match each side at least
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
        ax.set_xlabel("match (in the order played)")
        ax.set_ylabel("running points")
        ax.set_title("Pocket Rummikub: %s points over time" % TITLES[game].split(" (")[0])
        if ax.get_legend_handles_labels()[0]:
            ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    return fig


def plot(db, path, games):
    save_figure(path, figure(db, games), 100)


def main(argv):
    ap = Parser("scores", description="The scores `sync` pulled off the handhelds: a "
                "leaderboard per game (Rummikub and Gin Rummy apart), --matches for the "
                "finished matches (date, seats and AI levels, winner, rules), CSV and a "
                "points chart.")
    db_option(ap, "the score database `sync` fills")
    ap.add_argument("--game", choices=("rummikub", "gin"),
                    help="one game only (default: each game, a table each; Gin Rummy "
                         "rounds are hands)")
    ap.add_argument("--matches", nargs="?", const=20, type=whole(1, 10 ** 6), metavar="N",
                    help="list the last N finished matches instead (N default: 20)")
    ap.add_argument("--csv", nargs="?", const="-", metavar="FILE", type=out_file_or_stdout,
                    help="write the tables as CSV, a game column first (to stdout without "
                         "FILE; default: not written)")
    ap.add_argument("--plot", metavar="FILE.png", type=png_file,
                    help="draw running points per player, a panel per game (default: not "
                         "drawn)")
    args = ap.parse_args(argv)
    args.db = chosen_db(ap, args)
    try:
        db = Db(args.db, create=False)
    except DbError as e:
        print("scores: %s" % e, file=sys.stderr)
        return 1
    with db:
        try:
            return _show(db, args)
        except sqlite3.DatabaseError as e:   # damage quick_check does not see
            print("scores: " + damaged(args.db, e), file=sys.stderr)
            return 1


def _show(db, args):
    tables = boards(db, args.game)
    rows = [d for _, t in tables for d in t]
    if args.matches:
        ms = db.finished_matches(args.game, args.matches)
        print(format_matches(ms) if ms else "no finished matches synced yet")
    elif args.csv:
        if args.csv == "-":
            write_csv(rows, sys.stdout)
        else:
            save(args.csv, lambda f: write_csv(rows, f))
            print("wrote %s to %s" % (count(len(rows), "row"), args.csv))
    elif rows:
        print(format_boards(tables))
    else:
        print("no %smatches synced yet" % ("" if args.game is None else
                                            TITLES[args.game].split(" (")[0] + " "))
    if args.plot:
        plot(db, args.plot, [g for g, t in tables if g is not None and t] or
             [args.game or "rummikub"])
        print("wrote %s" % args.plot)
    return 0
