"""`python -m host_tools scores`: leaderboard and per-player statistics from
the database `sync` fills; `--csv [FILE]` exports the table, `--plot FILE.png`
draws each player's running points total over the matches synced.  Names
are shown through safetext: no control characters on the terminal or in
the CSV (which may go to the terminal too), no formulas in the CSV."""
import csv
import sqlite3
import sys

from host_tools.options import Parser, out_file_or_stdout, png_file, save, save_as
from host_tools.sync.db import Db, DbError, DEFAULT_PATH, damaged
from host_tools.sync.safetext import csv_cell, terminal

COLUMNS = ("rank", "player", "matches", "match_wins", "rounds", "rounds_won",
           "points", "avg_rack_left")


def leaderboard(db, game=None):
    """Rows (dicts) best first: most match wins, then most points, then name.
    game: "rummikub" or "gin" for one game's matches only (default both)."""
    rows = []
    for name, m, mw, r, rw, pts, rack in db.player_stats(game):
        rows.append({"player": name, "matches": m, "match_wins": mw, "rounds": r,
                     "rounds_won": rw, "points": pts,
                     "avg_rack_left": None if rack is None else round(rack, 1)})
    rows.sort(key=lambda d: (-d["match_wins"], -d["points"], d["player"]))
    for i, d in enumerate(rows):
        d["rank"] = i + 1
    return rows


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


def write_csv(rows, out):
    w = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    w.writeheader()
    for d in rows:
        w.writerow({k: csv_cell(terminal(v)) if isinstance(v, str) else v
                    for k, v in d.items()})


def timelines(db):
    """{player: ([match numbers], [running points])} over finished matches."""
    order = {}
    lines = {}
    for name, dev, log_id, mid, total in db.points_timeline():
        x = order.setdefault((dev, log_id, mid), len(order) + 1)
        xs, ys = lines.setdefault(name, ([], []))
        xs.append(x)
        ys.append((ys[-1] if ys else 0) + total)
    return lines


def figure(db):
    """The running-points chart as a matplotlib figure (match numbers on
    the x axis are whole numbers only)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator
    fig, ax = plt.subplots(figsize=(8, 4.5))
    last = 1
    for name, (xs, ys) in sorted(timelines(db).items()):
        # "$" would start matplotlib's maths mode
        ax.plot(xs, ys, marker="o", markersize=3, label=terminal(name).replace("$", r"\$"))
        last = max([last] + xs)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlim(0.5, last + 0.5)              # a whole match each side at least
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    ax.set_xlabel("match (in the order synced)")
    ax.set_ylabel("running points")
    ax.set_title("Pocket Rummikub: points over time")
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    return fig


def plot(db, path):
    import matplotlib.pyplot as plt
    fig = figure(db)
    try:
        save_as(path, lambda tmp: fig.savefig(tmp, dpi=100))
    finally:
        plt.close(fig)


def main(argv):
    ap = Parser("scores", description="Leaderboard and statistics of synced matches.")
    ap.add_argument("--db", default=DEFAULT_PATH, help="SQLite file (default %(default)s)")
    ap.add_argument("--csv", nargs="?", const="-", metavar="FILE", type=out_file_or_stdout,
                    help="write the table as CSV (to stdout without FILE)")
    ap.add_argument("--plot", metavar="FILE.png", type=png_file,
                    help="draw running points per player")
    ap.add_argument("--game", choices=("rummikub", "gin"),
                    help="one game only (default: both; Gin Rummy rounds are hands)")
    args = ap.parse_args(argv)
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
    rows = leaderboard(db, args.game)
    if args.csv:
        if args.csv == "-":
            write_csv(rows, sys.stdout)
        else:
            save(args.csv, lambda f: write_csv(rows, f))
            print("wrote %d players to %s" % (len(rows), args.csv))
    elif rows:
        print(format_table(rows))
    else:
        print("no matches synced yet")
    if args.plot:
        plot(db, args.plot)
        print("wrote %s" % args.plot)
    return 0
