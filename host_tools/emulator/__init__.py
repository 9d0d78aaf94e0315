"""`python -m host_tools emulate`: the handheld app on this computer.

Only the hal backend is swapped (backend.py: the real SSD1683 driver on a
simulated controller, scripted or keyboard buttons, a folder as flash);
the app and engine are the firmware's own code.  window.py shows it in a
pygame window at 2x; headless.py feeds scripted key presses and writes a
PNG per screen change.  ssd1683_sim.py is the simulated panel.
"""
import argparse
import os
import sys

from host_tools import prog


def parse_args(argv):
    ap = argparse.ArgumentParser(prog=prog("emulate"),
                                 description="Run the handheld app on this computer.")
    ap.add_argument("--headless", action="store_true",
                    help="no window: feed --keys/--script and write screenshots")
    ap.add_argument("--keys", default="",
                    help='button presses, e.g. "START A A RIGHT*3 A_LONG WAIT_2000"')
    ap.add_argument("--script", help="file of key tokens (same words; # comments)")
    ap.add_argument("--screenshot-dir", help="write a PNG per screen change here")
    ap.add_argument("--save-dir", default=None,
                    help="folder standing for the device's flash "
                         "(default: build/emulator for the window, a temp dir headless)")
    ap.add_argument("--scale", type=int, default=2, help="window zoom (default 2)")
    ap.add_argument("--fresh", action="store_true", help="start with empty flash")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    keys = args.keys
    if args.script:
        try:
            with open(args.script) as f:
                keys += "\n" + f.read()
        except OSError as e:
            print("emulate: cannot read script %s: %s" % (args.script, e), file=sys.stderr)
            return 2
    from host_tools.emulator import headless
    try:
        tokens = headless.parse_keys(keys)
    except ValueError as e:
        print("emulate: %s" % e, file=sys.stderr)
        return 2
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
