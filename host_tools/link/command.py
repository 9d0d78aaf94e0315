"""`pocket emulate --link N --headless`: N consoles, each its own process,
on one linked match over the simulated radio, with scripted players;
then what each console showed and logged, checked (host_tools.link.run).
"""
import argparse
import os
import sys
import tempfile
import time

from host_tools import prog
from host_tools.link import air as A
from host_tools.link import run as R


def _rate(text):
    """0.2 or 20%: a fraction."""
    try:
        v = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a rate (0.2 or 20%%)" % text)
    if not 0 <= v <= 1:
        raise argparse.ArgumentTypeError("a rate is between 0 and 1 (0%%..100%%), not %s" % text)
    return v


def _seconds(text):
    return int(float(text.rstrip("s")) * 1000)


def _kill(text):
    """NAME@AT+DOWN (seconds of the virtual clock), e.g. Bo@100+15."""
    try:
        name, rest = text.split("@")
        at, down = rest.split("+")
        return A.Kill(name.capitalize(), _seconds(at), _seconds(down), 2)
    except ValueError:
        raise argparse.ArgumentTypeError("--kill takes NAME@AT+DOWN in seconds, e.g. Bo@100+15, not %r" % text)


def _cut(text):
    """NAME[,NAME]@FROM-TO: those consoles cut off from the others."""
    try:
        names, span = text.split("@")
        t0, t1 = span.split("-")
        return (_seconds(t0), _seconds(t1), {n.capitalize() for n in names.split(",")})
    except ValueError:
        raise argparse.ArgumentTypeError("--partition takes NAME[,NAME]@FROM-TO in seconds, "
                                         "e.g. Cy@60-90, not %r" % text)


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog=prog("emulate"),
        description="Consoles that play together, on this computer: N consoles (2-4), "
                    "each a separate process, on one Rummikub match over a simulated radio "
                    "(ESP-NOW's limits and a real radio's faults, on a virtual clock), "
                    "with scripted players; console 1 (Ann) hosts.  Then every console's "
                    "tables and score log are checked.  Exit status 0: the match ended "
                    "and every check held.")
    ap.add_argument("--link", type=int, required=True, metavar="N", help="consoles (2-4)")
    ap.add_argument("--headless", action="store_true",
                    help="no windows (the only way for now: the glass comes with part 2)")
    ap.add_argument("--seed", type=int, default=1, help="the deal and the radio's faults (default 1)")
    ap.add_argument("--rounds", type=int, default=1, help="rounds in the match (default 1)")
    ap.add_argument("--level", default="medium", choices=("easy", "medium", "greedy"),
                    help="how the scripted players choose (an AI level; default medium)")
    ap.add_argument("--loss", type=_rate, default=0.0, help="frames lost, e.g. 20%% (default 0)")
    ap.add_argument("--dup", type=_rate, default=0.0, help="frames duplicated (default 0)")
    ap.add_argument("--reorder", type=_rate, default=0.0,
                    help="frames held back so later ones overtake them (default 0)")
    ap.add_argument("--delay", type=int, default=0, metavar="MS",
                    help="extra delay of each frame, 0..MS ms (default 0)")
    ap.add_argument("--partition", type=_cut, action="append", default=[],
                    metavar="NAME@FROM-TO", help="cut consoles off, e.g. Cy@60-90 (seconds)")
    ap.add_argument("--kill", type=_kill, action="append", default=[], metavar="NAME@AT+DOWN",
                    help="a power cut, e.g. Bo@100+15: at 100 s, back 15 s later")
    ap.add_argument("--fuzz", type=float, default=0.0, metavar="PER_S",
                    help="junk frames per second of play among the real ones (default 0)")
    ap.add_argument("--runtime", default="micropython",
                    help='"micropython" (default), "python" (CPython), or a micropython binary')
    ap.add_argument("--think", default="2000-8000", metavar="LO-HI",
                    help="a player's think time, ms (default 2000-8000)")
    ap.add_argument("--draw", type=int, default=1200, metavar="MS",
                    help="ms the glass takes to show a change, radio unread (default 1200)")
    ap.add_argument("--dir", help="the consoles' flash folders (default: a new temp folder)")
    ap.add_argument("--capture", action="store_true",
                    help="write every frame each console receives to DIR/air.jsonl")
    args = ap.parse_args(argv)
    if not 2 <= args.link <= 4:
        ap.error("--link takes 2 to 4 consoles, not %d" % args.link)
    if not args.headless:
        ap.error("--link runs headless for now: add --headless")
    return args


def _pct(v):
    return "%g%%" % (v * 100)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    folder = args.dir or tempfile.mkdtemp(prefix="pocket-link-")
    if args.dir and os.path.exists(folder) and os.listdir(folder):
        print("emulate --link: %s is not empty (its consoles would resume their saves)" % folder,
              file=sys.stderr)
        return 2
    faults = A.Faults(args.loss, args.dup, args.reorder, args.delay, args.partition)
    table = R.Table(folder, args.link, args.seed, args.rounds, args.level, faults, args.kill,
                    args.fuzz, args.runtime, think=args.think, draw_ms=args.draw,
                    capture=args.capture)
    print("link play: %d consoles (%s), seed %d, loss %s, duplication %s, reordering %s, "
          "delay up to %d ms%s" % (args.link, args.runtime, args.seed, _pct(args.loss),
                                   _pct(args.dup), _pct(args.reorder), args.delay,
                                   "".join(", power cut %s at %d s for %d s" % (k.name, k.at_ms // 1000, k.down_ms // 1000)
                                           for k in args.kill)
                                   + "".join(", %s cut off %d-%d s" % (",".join(sorted(n)), t0 // 1000, t1 // 1000)
                                             for t0, t1, n in args.partition)), flush=True)
    t0 = time.monotonic()
    try:
        result = table.play()
    except (A.AirError, OSError) as e:
        print("emulate --link: %s" % e, file=sys.stderr)
        return 1
    s = result.stats
    print("  %.1f s of play on the virtual clock in %.1f s here" % (result.virtual_ms / 1000,
                                                                  time.monotonic() - t0))
    print("  radio: %d frames sent, %d lost, %d duplicated, %d reordered, %d cut off, "
          "%d dropped by a full receive buffer" % (s["sent"], s["lost"], s["duplicated"],
                                                   s["reordered"], s["cut off"],
                                                   s["dropped (buffer full)"]))
    if s["junk"]:
        print("  junk: %d frames (%s)" % (s["junk"], ", ".join("%s %d" % kv for kv in result.junk.items())))
    for c in result.consoles:
        last = [line for line in c["out"].splitlines() if "link console ok" in line]
        print("  %s: %d boot%s; %s" % (c["name"], c["boots"], "" if c["boots"] == 1 else "s",
                                       last[-1].split(": ", 2)[-1] if last else "did not finish"))
    problems = ([result.problem] if result.problem else []) + R.check(result, args.partition)
    for p in problems:
        print("  PROBLEM: %s" % p)
    if not problems:
        log = R.score_log(result.consoles[0]["dir"])
        m = [r for k, r in log if k == "match"]
        if m:
            print("  match over: %s" % ", ".join("%s %+d" % nt for nt in zip(m[0]["names"], m[0]["totals"])))
        print("  checked: every console showed each turn's table and its own rack as the host "
              "had them; each score log holds every round and the match once, the same records")
    print("  consoles' flash: %s" % folder)
    return 0 if not problems else 1
