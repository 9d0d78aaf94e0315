"""`pocket emulate --link N --headless`: N consoles, each its own process,
on one linked match over the simulated radio, with scripted players;
then what each console showed and logged, checked (host_tools.link.run).
"""
import argparse
import os
import sys
import tempfile
import time

from host_tools.link import air as A
from host_tools.link import run as R
from host_tools.options import Parser, out_dir, program, real, shown, whole


def _rate(text):
    """0.2 or 20%: a fraction."""
    try:
        v = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        v = None
    if v is None or not 0 <= v <= 1:        # NaN compares False
        raise argparse.ArgumentTypeError("takes a rate between 0 and 1 (or 0%% to 100%%), not %s"
                                         % shown(text))
    return v


def _seconds(text):
    v = float(text.rstrip("s"))
    if not 0 <= v <= 24 * 3600:
        raise ValueError(text)
    return int(v * 1000)


def _name(text):
    name = text.capitalize()
    if name not in R.NAMES:
        raise ValueError(text)
    return name


def _kill(text):
    """NAME@AT+DOWN (seconds of the virtual clock), e.g. Bo@100+15."""
    try:
        name, rest = text.split("@")
        at, down = rest.split("+")
        return A.Kill(_name(name), _seconds(at), _seconds(down), 2)
    except ValueError:
        raise argparse.ArgumentTypeError("takes NAME@AT+DOWN in seconds (a console of %s), "
                                         "e.g. Bo@100+15, not %s" % (", ".join(R.NAMES[:4]), shown(text)))


def _cut(text):
    """NAME[,NAME]@FROM-TO: those consoles cut off from the others."""
    try:
        names, span = text.split("@")
        t0, t1 = span.split("-")
        return (_seconds(t0), _seconds(t1), {_name(n) for n in names.split(",")})
    except ValueError:
        raise argparse.ArgumentTypeError("takes NAME[,NAME]@FROM-TO in seconds, e.g. Cy@60-90, "
                                         "not %s" % shown(text))


def _think(text):
    try:
        lo, hi = [int(x) for x in text.split("-")]
    except ValueError:
        lo = hi = -1
    if not 0 <= lo <= hi <= 600000:
        raise argparse.ArgumentTypeError("takes LO-HI in ms (0 to 600000), e.g. 2000-8000, not %s"
                                         % shown(text))
    return text


def _runtime(text):
    return text if text in ("micropython", "python") else program(text)


def parse_args(argv):
    ap = Parser(
        "emulate",
        description="Consoles that play together, on this computer: N consoles (2-4), "
                    "each a separate process, on one Rummikub match (or, with --game gin, "
                    "a Gin Rummy game between 2) over a simulated radio "
                    "(ESP-NOW's limits and a real radio's faults, on a virtual clock), "
                    "with scripted players; console 1 (Ann) hosts.  Then every console's "
                    "tables and score log are checked.  Exit status 0: the match ended "
                    "and every check held.")
    ap.add_argument("--link", type=whole(2, 4, "consoles"), required=True, metavar="N",
                    help="consoles (2-4)")
    ap.add_argument("--headless", action="store_true",
                    help="no windows: scripted players, then every console checked "
                         "(without it: N windows, people at them)")
    ap.add_seed(1, "the deal and the radio's faults (default 1)")
    ap.add_argument("--game", choices=("rummikub", "gin"), default="rummikub",
                    help="the game: rummikub (2-4 consoles, the default) or gin (Gin Rummy, "
                         "2 consoles)")
    ap.add_argument("--rounds", type=whole(1, 99, "rounds"), default=1,
                    help="rounds in the match (Rummikub; default 1)")
    ap.add_argument("--target", type=whole(1, 1000, "points"), default=100,
                    help="points that end a Gin game (default 100)")
    ap.add_argument("--level", default="medium", choices=("easy", "medium", "greedy"),
                    help="how the scripted players choose (an AI level; default medium)")
    ap.add_argument("--loss", type=_rate, default=0.0, help="frames lost, e.g. 20%% (default 0)")
    ap.add_argument("--dup", type=_rate, default=0.0, help="frames duplicated (default 0)")
    ap.add_argument("--reorder", type=_rate, default=0.0,
                    help="frames held back so later ones overtake them (default 0)")
    ap.add_argument("--delay", type=whole(0, 10000, "ms"), default=0, metavar="MS",
                    help="extra delay of each frame, 0..MS ms (default 0)")
    ap.add_argument("--partition", type=_cut, action="append", default=[],
                    metavar="NAME@FROM-TO", help="cut consoles off, e.g. Cy@60-90 (seconds; repeatable; "
                         "default: none)")
    ap.add_argument("--kill", type=_kill, action="append", default=[], metavar="NAME@AT+DOWN",
                    help="a power cut, e.g. Bo@100+15: at 100 s, back 15 s later "
                         "(repeatable; default: none)")
    ap.add_argument("--fuzz", type=real(0, 1000, "frames a second"), default=0.0,
                    metavar="PER_S", help="junk frames per second of play among the real ones "
                                          "(default 0)")
    ap.add_argument("--runtime", type=_runtime, default="micropython",
                    help='"micropython" (default), "python" (CPython), or a micropython binary')
    ap.add_argument("--think", type=_think, default="2000-8000", metavar="LO-HI",
                    help="a player's think time, ms (default 2000-8000)")
    ap.add_argument("--draw", type=whole(0, 60000, "ms"), default=1200, metavar="MS",
                    help="ms the glass takes to show a change, radio unread (default 1200)")
    ap.add_argument("--dir", type=out_dir,
                    help="the consoles' flash folders, new or empty (default: a new temp folder)")
    ap.add_argument("--capture", action="store_true",
                    help="write every frame each console receives to DIR/air.jsonl")
    args = ap.parse_args(argv)
    if args.headless and args.dir and os.path.isdir(args.dir) and os.listdir(args.dir):
        ap.error("--dir: %s is not empty (its consoles would resume their saves)" % args.dir)
    if args.game == "gin" and args.link != 2:
        ap.error("--game gin: Gin Rummy is for 2 consoles, not %d" % args.link)
    names = set(R.NAMES[:args.link])
    for k in args.kill:
        if k.name not in names:
            ap.error("--kill: no console %s among %s" % (k.name, ", ".join(R.NAMES[:args.link])))
    for t0, t1, cut in args.partition:
        if not cut <= names:
            ap.error("--partition: no console %s among %s"
                     % (", ".join(sorted(cut - names)), ", ".join(R.NAMES[:args.link])))
    return args


def data_sizes(path):
    """What the messages took on the air (DATA frames received, each
    distinct part once): how many, the largest part (a frame holds
    channel.PART bytes of a message) and how many were not a message's
    last part (a message split over frames)."""
    import json
    import struct
    from link import frames as F
    from link.channel import PART
    seen = set()
    largest = split = 0
    with open(path) as f:
        for line in f:
            a = json.loads(line)
            frame = bytes.fromhex(a["frame"])
            if len(frame) < F.DATA_FIELDS + F.TAG or frame[1] != F.DATA:
                continue
            seq, ack, flags = struct.unpack_from(F.DATA_HEAD, frame, F.HEAD)
            part = frame[F.DATA_FIELDS:-F.TAG]
            key = (a["from"], a["to"], seq, part)      # a frame sent again: once
            if key in seen:
                continue
            seen.add(key)
            largest = max(largest, len(part))
            split += flags & F.MORE
    return ("messages on the air: %d DATA frames, the largest part %d bytes (a frame holds %d), "
            "%d a message's part that is not its last" % (len(seen), largest, PART, split))


def _pct(v):
    return "%g%%" % (v * 100)


def main(argv=None, windows=None):
    """windows(args): the consoles in windows, without --headless (the
    emulator's: host_tools.emulator.linked)."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if not args.headless:
        return windows(args)
    folder = args.dir or tempfile.mkdtemp(prefix="pocket-link-")
    faults = A.Faults(args.loss, args.dup, args.reorder, args.delay, args.partition)
    table = R.Table(folder, args.link, args.seed, args.rounds, args.level, faults, args.kill,
                    args.fuzz, args.runtime, think=args.think, draw_ms=args.draw,
                    capture=args.capture, game=args.game, target=args.target)
    print("link play: %s, %d consoles (%s), seed %d, loss %s, duplication %s, reordering %s, "
          "delay up to %d ms%s" % ("Gin Rummy" if args.game == "gin" else "Rummikub",
                                   args.link, args.runtime, args.seed, _pct(args.loss),
                                   _pct(args.dup), _pct(args.reorder), args.delay,
                                   "".join(", power cut %s at %d s for %d s" % (k.name, k.at_ms // 1000, k.down_ms // 1000)
                                           for k in args.kill)
                                   + "".join(", %s cut off %d-%d s" % (",".join(sorted(n)), t0 // 1000, t1 // 1000)
                                             for t0, t1, n in args.partition)), flush=True)
    t0 = time.monotonic()
    try:
        result = table.play()
    except (A.AirError, OSError) as e:
        print("emulate: %s" % e, file=sys.stderr)
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
    r = R.reach(result)
    if r:
        print("  a change reached a joined console in %d ms median, %d ms at the 95th "
              "percentile, %d ms at most (%d tables shown, virtual clock)" % (r[1], r[2], r[3], r[0]))
    if args.capture:
        print("  " + data_sizes(os.path.join(folder, "air.jsonl")))
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
            print("  %s over: %s" % ("game" if args.game == "gin" else "match",
                                     ", ".join("%s %+d" % nt for nt in zip(m[0]["names"], m[0]["totals"]))))
        if args.game == "gin":
            print("  checked: every console showed each action's table and its own hand as the "
                  "host had them; each score log holds every hand and the game once, the same records")
        else:
            print("  checked: every console showed each turn's table and its own rack as the host "
                  "had them; each score log holds every round and the match once, the same records")
    print("  consoles' flash: %s" % folder)
    return 0 if not problems else 1
