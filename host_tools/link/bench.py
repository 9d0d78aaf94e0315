"""Link play's radio on the device's terms: latency and duty cycle.

    python -m host_tools.link.bench [--games 3] [--loss 0,20] [--seed 1]
                                    [--k K] [--json FILE]

Four consoles (the 32-bit model of the ESP32's MicroPython, each its own
process) play seeded one-round Rummikub matches on the simulated radio
(host_tools.link.air) with the radio's duty cycle on (link.peer), each
console's CPU time x K passing on the virtual clock (K: this machine's
pystones on CPU time over the ESP32's at hal.base.CPU_HZ,
host_tools.bench.estimate; --k to give it), persons thinking 2-8 s and
the e-ink taking 1.2 s to show a change.  For each loss rate:

  latency   a move's confirmation (the person's press on their console,
            or the host applying an AI's or its own person's move) to its
            appearance on each other console (the VIEW of that version
            taken off the radio; the e-ink's refresh comes after, on
            every console alike): median and p95 over every (move,
            other console) pair
  radio     each console's radio-on share of its powered time and its
            wake-ups (radio off -> on) per minute, as the air counted
            them: the host's and the joined consoles' mean

--json writes the duty-cycle figures at the first loss rate (radio-on
share and wake-ups per minute, the worst console's) for the power model
(host_tools.hardware.power: hardware/link_duty.json), with this command.
"""
import json
import os
import sys
import tempfile

from host_tools import ROOT
from host_tools.options import Parser
from host_tools.link import air as A
from host_tools.link import run as R


def latencies(result):
    """[ms] from each confirmed move to each other console's VIEW of it."""
    cs = result.consoles
    host = cs[0]
    made = {}                   # version -> the host's time it was made
    for s in host["shown"]:
        if "table" in s and s["v"] not in made:
            made[s["v"]] = s["t"]
    confirmed = {}              # new version -> (confirming console, time)
    for i, c in enumerate(cs):
        for s in c["shown"]:
            if "confirm" in s and s["confirm"] + 1 not in confirmed:
                confirmed[s["confirm"] + 1] = (i, s["t"])
    firsts = []                 # per console: version -> first time shown
    for c in cs:
        f = {}
        for s in c["shown"]:
            if "table" in s and s["v"] not in f:
                f[s["v"]] = s["t"]
        firsts.append(f)
    out = []
    for v, t_made in sorted(made.items()):
        if v <= 1:
            continue            # the deal: no move
        mover, t0 = confirmed.get(v, (0, t_made))
        for i in range(len(cs)):
            if i == mover:
                continue
            t = firsts[i].get(v)
            if t is not None:
                out.append(t - t0)
    return out


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else 0


def duty(result):
    """[(name, radio-on share, wake-ups per minute)] per console."""
    out = []
    for c in result.consoles:
        alive = max(1, c["alive_ms"])
        out.append((c["name"], c["radio_on_ms"] / float(alive), c["wakes"] * 60000.0 / alive))
    return out


def k_factor(exe):
    from host_tools.bench.estimate import ESP32_PYSTONES, pystones
    stones, src = pystones(exe, os.path.join(ROOT, "build"), cpu=True)
    return stones / ESP32_PYSTONES, src


def main(argv=None):
    ap = Parser("link bench", description=__doc__.split("\n")[0], prog="python -m host_tools.link.bench")
    ap.add_games(3, "matches per loss rate, seeds seed, seed+1, ...")
    ap.add_argument("--loss", default="0,20", help="loss rates in %%, comma-separated (default 0,20)")
    ap.add_seed(1, "the first match's seed")
    ap.add_argument("--k", type=float, default=None, help="the ESP32's slowness against this machine (default: measured,"
                    " pystones on CPU time: host_tools.bench.estimate)")
    ap.add_json("write the first loss rate's duty-cycle counts here for the power model"
                " (hardware/link_duty.json)")
    args = ap.parse_args(argv)
    from host_tools.mp32 import build as mp32
    why = mp32.missing()
    if why:
        print("SKIP link bench: %s" % why)
        return 0
    exe = mp32.plain()
    k, src = (args.k, "given") if args.k else k_factor(exe)
    print("K = %.1f (%s); 4 consoles, duty cycle on, %d matches per loss rate" % (k, src, args.games))
    rows = []
    for loss in [float(x) for x in args.loss.split(",")]:
        lat, du = [], []
        for g in range(args.games):
            folder = tempfile.mkdtemp(prefix="link-bench-")
            t = R.Table(folder, n=4, seed=args.seed + g, faults=A.Faults(loss=loss / 100.0),
                        run=exe, cpuk=k, real_limit_s=1800)
            res = t.play()
            if not res.ok:
                print("  match %d at %g%% loss did not end: %s" % (g, loss, res.problem))
                return 1
            lat += latencies(res)
            du += duty(res)
        host = [d for d in du if d[0] == R.NAMES[0]]
        joined = [d for d in du if d[0] != R.NAMES[0]]

        def mean(xs, i):
            return sum(x[i] for x in xs) / len(xs)

        row = {"loss": loss, "moves": len(lat), "median_ms": pct(lat, 0.5), "p95_ms": pct(lat, 0.95),
               "host_on": mean(host, 1), "host_wakes_min": mean(host, 2),
               "joined_on": mean(joined, 1), "joined_wakes_min": mean(joined, 2),
               "worst_on": max(d[1] for d in du), "worst_wakes_min": max(d[2] for d in du)}
        rows.append(row)
        print("  loss %g%%: latency median %d ms, p95 %d ms (%d move-console pairs); radio on:"
              " host %.1f%%, joined %.1f%% (worst %.1f%%); wake-ups per minute: host %.0f,"
              " joined %.0f" % (loss, row["median_ms"], row["p95_ms"], len(lat), 100 * row["host_on"],
                                100 * row["joined_on"], 100 * row["worst_on"], row["host_wakes_min"],
                                row["joined_wakes_min"]))
    if args.json:
        r = rows[0]
        with open(args.json, "w") as f:
            json.dump({"_about": "the radio's duty cycle in link play, from the simulation (4 consoles,"
                                 " %g%% loss, %d matches, K %.1f): written by python -m"
                                 " host_tools.link.bench %s" % (r["loss"], args.games, k,
                                                                 " ".join(argv if argv is not None
                                                                          else sys.argv[1:])),
                       "radio_on_share": round(r["worst_on"], 4),
                       "wakes_per_min": round(r["worst_wakes_min"], 1)}, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
