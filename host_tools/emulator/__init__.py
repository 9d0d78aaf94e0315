"""`python -m host_tools emulate`: the handheld app on this computer.

Only the hal backend is swapped (backend.py: the real SSD1683 driver on a
simulated controller, scripted or keyboard buttons, a folder as flash);
the app and engine are the firmware's own code.  window.py shows it in a
pygame window at 2x; headless.py feeds scripted key presses and writes a
PNG per screen change.  ssd1683_sim.py is the simulated panel.
"""
import os
import sys

from host_tools.options import Parser, out_dir, text_file, whole


def parse_args(argv):
    ap = Parser("emulate", description="Play on this computer: the handheld's own app in "
                "a window (keys: arrows, Z = A, X = B, Space = START), or --headless "
                "from scripted key presses with a screenshot per screen.")
    ap.add_argument("--headless", action="store_true",
                    help="no window: feed --keys/--script and write screenshots")
    ap.add_argument("--keys", default="",
                    help='button presses, e.g. "START A A RIGHT*3 A_LONG WAIT_2000" (default: '
                         'none; the window takes the keyboard too)')
    ap.add_argument("--script", type=text_file, help="file of key tokens (same words; # comments; default: none)")
    ap.add_argument("--screenshot-dir", type=out_dir, help="write a PNG per screen change here (default: none; "
                         "build/emulator-shots when there is no display)")
    ap.add_argument("--save-dir", type=out_dir, default=None,
                    help="folder standing for the device's flash "
                         "(default: build/emulator for the window, a temp dir headless)")
    ap.add_argument("--scale", type=whole(1, 8), default=2, help="window zoom")
    ap.add_argument("--fresh", action="store_true",
                    help="start with empty flash (a --save-dir that holds files is kept "
                         "beside it, renamed, not deleted)")
    ap.add_argument("--link", type=whole(2, 4, "consoles"), metavar="N",
                    help="N consoles that play together, each its own process, over a "
                         "simulated radio (with --headless; `emulate --link 3 --headless "
                         "--help` lists its options; default: one console, no radio)")
    return ap.parse_args(argv)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if any(a == "--link" or a.startswith("--link=") for a in argv):
        from host_tools.link import command
        from host_tools.emulator.linked import windows
        return command.main(argv, windows)
    args = parse_args(argv)
    keys = args.keys
    if args.script:            # its text: options.text_file read and checked it
        keys += "\n" + args.script
    from host_tools.emulator import headless
    try:
        tokens = headless.parse_keys(keys)
    except ValueError as e:
        print("emulate: %s" % e, file=sys.stderr)
        return 2
    if args.fresh and args.save_dir:
        kept = set_aside(args.save_dir)
        if kept:
            print("emulate: --fresh: the old flash folder is kept as %s" % kept)
    if not args.headless:
        from host_tools.emulator import window
        why = window.unavailable()
        if why is None:
            root = args.save_dir or os.path.join("build", "emulator")
            return window.run(root, scale=args.scale, fresh=args.fresh, keys=tokens)
        print("emulate: no display (%s); running headless instead." % why)
        print("emulate: pass --keys/--script to play, --screenshot-dir to see screens.")
        if not args.screenshot_dir:
            args.screenshot_dir = os.path.join("build", "emulator-shots")
    return headless.main(tokens, args.screenshot_dir, args.save_dir, args.fresh)


def set_aside(folder):
    """--fresh with a folder of the user's: rename it (folder.old, .old2,
    ...) instead of deleting it; returns the new name, or None if there was
    nothing in it."""
    if not os.path.isdir(folder) or not os.listdir(folder):
        return None
    base = os.path.normpath(folder) + ".old"
    name, n = base, 1
    while os.path.lexists(name):
        n += 1
        name = "%s%d" % (base, n)
    os.rename(folder, name)
    return name
