"""The refresh benchmark: how often the glass refreshes, and for how long,
per human turn.

Two parts, both the real app on the emulator backend (virtual clock):

- the press benchmark's moves (planner.run_keys): for each move, from the
  position on the glass to the end of the turn, the refreshes the keys
  cause by kind and the panel seconds;
- one seeded round at three seats (ROUND_SEATS: a person and two AIs,
  the default rules, the 60 s turn timer on), the person asking the hint
  at every turn through the turn menu and then making the move with the
  keys (tests/ui_mp/ui_driver.py, the scripted human of the UI tests),
  one press every PACE_MS (a person reads the glass between presses):
  per human turn, the refreshes by kind at the turn's start (the first
  refresh of the person's turn), inside it (the rest, to the turn's
  last key) and around it (the others' turns, the round's result), and
  the panel seconds.

Panel seconds are the time the driver waits on the panel's BUSY line, as
the emulator's panel model takes it (host_tools/emulator/ssd1683_sim.py,
LATENCY_MS: full 3 s, fast 1.2 s, partial 0.4 s).  The figures page
gives before and after (docs/figures.md, "Refreshes per turn").
"""
import os
import sys
import tempfile

from host_tools import ROOT

KINDS = ("full", "fast", "partial")
ROUND_SEED = 38            # the seeded round's deal
ROUND_SEATS = ["human", "medium", "hard"]
PACE_MS = 1000             # between one press's refresh and the next press


def mark(runner):
    """Where the refresh counters stand now (for count_since)."""
    app = runner.app
    return dict(app.refresher.counts), app.fb.busy_ms


def count_since(runner, since):
    """{kind: refreshes, "panel_s": seconds} since mark() gave `since`."""
    counts, busy = since
    app = runner.app
    out = {k: app.refresher.counts[k] - counts[k] for k in KINDS}
    out["panel_s"] = round((app.fb.busy_ms - busy) / 1000.0, 2)
    return out


def per_move(stats):
    """Means over the press moves' refresh stats (a list of count_since()
    dicts): {kind: mean, "panel_s": mean, "moves_with_full": n}."""
    n = float(len(stats)) or 1.0
    out = {k: round(sum(s[k] for s in stats) / n, 2) for k in KINDS + ("panel_s",)}
    out["moves_with_full"] = sum(1 for s in stats if s["full"])
    return out


class _Log:
    """Every refresh of the round with who was playing: (kind, panel ms,
    turn number, the person's turn or not)."""

    def __init__(self, runner):
        self.r = runner
        self.rows = []
        self.busy = runner.app.fb.busy_ms
        runner.app.refresher.on_refresh = self

    def __call__(self, kind):
        app = self.r.app
        m = app.match
        busy = app.fb.busy_ms
        mine = False
        turn = -1
        if m is not None and hasattr(m, "game"):
            g = m.game
            from rummikub.game import PLAYING
            mine = g.phase == PLAYING and m.human(g.current)
            turn = g.turn_no
        self.rows.append((kind, busy - self.busy, turn, mine))
        self.busy = busy


def turns(rows):
    """The round's refreshes split by the person's turns: [{"start": kind,
    "inside": {kind: n}, "panel_s": s}] and {kind: n, "panel_s": s} of
    the rest (the others' turns, the result)."""
    out = []
    rest = {k: 0 for k in KINDS}
    rest["panel_s"] = 0.0
    last = None
    for kind, ms, turn, mine in rows:
        if not mine:
            rest[kind] += 1
            rest["panel_s"] += ms / 1000.0
            last = None
            continue
        if turn != last:
            out.append({"start": kind, "inside": {k: 0 for k in KINDS},
                        "panel_s": ms / 1000.0})
            last = turn
            continue
        out[-1]["inside"][kind] += 1
        out[-1]["panel_s"] += ms / 1000.0
    return out, rest


def round_summary(rows):
    """Per human turn, by kind: at its start, inside it, around it (the
    others' turns shared out over the person's turns), and panel seconds;
    and the fulls inside a person's turn."""
    ts, rest = turns(rows)
    n = float(len(ts)) or 1.0
    start = {k: sum(1 for t in ts if t["start"] == k) for k in KINDS}
    inside = {k: sum(t["inside"][k] for t in ts) for k in KINDS}
    total = {k: start[k] + inside[k] + rest[k] for k in KINDS}
    return {"human_turns": len(ts),
            "per_turn": {k: round(total[k] / n, 2) for k in KINDS},
            "start": {k: round(start[k] / n, 2) for k in KINDS},
            "inside": {k: round(inside[k] / n, 2) for k in KINDS},
            "around": {k: round(rest[k] / n, 2) for k in KINDS},
            "panel_s": round((sum(t["panel_s"] for t in ts) + rest["panel_s"]) / n, 2),
            "panel_s_in_turn": round(sum(t["panel_s"] for t in ts) / n, 2),
            "fulls_inside_a_turn": inside["full"]}


class _TurnOver(Exception):
    """The turn timer ended the person's turn while the keys were going in."""


def play_round(seed=ROUND_SEED, pace_ms=PACE_MS, root=None):
    """Play the seeded round; (round_summary, the scripted human)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "ui_mp"))
    from host_tools.emulator.headless import Runner, HOLD_MS, LONG_MS
    from ui_driver import KeyDriver
    from rummikub.game import Game
    from rummikub.rules import Rules
    import compat
    tmp = root or tempfile.mkdtemp(prefix="refresh-round-")
    r = Runner(tmp)
    # the AIs and the hint think on the virtual clock (it stands still
    # while they do): the same round whatever the machine's load
    compat.ticks_ms = r.hal.ticks_ms
    log = _Log(r)

    turn = [None]               # the person's turn the keys are for

    def press(name, long):
        r.press(name, LONG_MS if long else HOLD_MS)
        r.run(pace_ms)
        if turn[0] is not None and r.app.match.game.turn_no != turn[0]:
            raise _TurnOver()

    d = KeyDriver(press, lambda: r.app, "hint")
    app = r.app
    app.settings["idle_min"] = 0
    app.sleeper.idle_ms = 0
    g = Game(Rules(), len(ROUND_SEATS), seed, 1, ["Ann", "Ben", "Cai"])
    app.new_match(g, list(ROUND_SEATS))
    r.run(pace_ms)
    for _ in range(1000):
        name = r.app.screen.name if r.app.stack else ""
        if name == "scoreboard":
            break
        if name != "play":              # privacy, result
            d.key("a")
            continue
        turn[0] = g.turn_no
        try:
            d.key("start", True)        # the turn menu, down to Hint, A
            d.keys("down " * d.hint_line(r.app.screen))
            d.key("a")
            last = d.human_turn()
            turn[0] = None
            d.key(last)
        except _TurnOver:
            d.expired = getattr(d, "expired", 0) + 1
        turn[0] = None
    return round_summary(log.rows), d


def main(argv=None):
    """`python -m host_tools.presses.refresh [--seed N] [--pace MS]`: the
    seeded round alone, its summary as one JSON line (the presses command
    runs it in a process of its own: the AIs there read the virtual
    clock)."""
    import json
    from host_tools.options import Parser, whole
    ap = Parser("presses.refresh", description="refreshes per human turn in one seeded round")
    ap.add_seed(ROUND_SEED, "the round's deal (default %d)" % ROUND_SEED)
    ap.add_argument("--pace", type=whole(0, 60000), default=PACE_MS,
                    help="ms between presses (default %d)" % PACE_MS)
    a = ap.parse_args(argv)
    s, d = play_round(a.seed, a.pace)
    s["seed"] = a.seed
    s["pace_ms"] = a.pace
    s["seats"] = ROUND_SEATS
    s["presses"] = d.presses
    s["timer_ran_out"] = getattr(d, "expired", 0)
    print(json.dumps(s, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
