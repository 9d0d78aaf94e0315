"""package.json for `mpremote mip install`: the app on a board that runs
stock MicroPython, without this project's flash tool.

    mpremote mip install --target / github:OWNER/REPO       # from the repository
    mpremote mip install --target / package.json            # from a checkout

Every file under firmware/ but `manifest.py` (the freezing manifest,
not a module) and the host-only modules (`mpycheck.HOST_ONLY`, left out of
the .mpy bundle and the frozen build too) is listed by its place on the board and its path in the
repository (a relative URL, so it works from any host or checkout).  The
files are source: the board compiles them as it imports them (which
costs heap; `make flash` deploys compiled .mpy instead).

`python -m host_tools.flash.mip` writes package.json; `--check` only says
whether the one in the checkout is up to date (exit 1 if not).
"""
import json
import os
import sys

from host_tools import FIRMWARE, ROOT
from host_tools.codecheck.mpycheck import HOST_ONLY
from host_tools.options import Parser

PACKAGE_JSON = os.path.join(ROOT, "package.json")
VERSION = "0.1.0"
NOT_ON_THE_BOARD = ("manifest.py",) + HOST_ONLY


def board_files():
    """Paths on the board (relative to firmware/), sorted."""
    out = []
    for d, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, f), FIRMWARE).replace(os.sep, "/")
                if rel not in NOT_ON_THE_BOARD:
                    out.append(rel)
    return sorted(out)


def package():
    return {"urls": [[p, "firmware/" + p] for p in board_files()], "deps": [],
            "version": VERSION}


def text():
    return json.dumps(package(), indent=1) + "\n"


def main(argv=None):
    ap = Parser("mip", description="write package.json for mpremote mip install",
                prog="python -m host_tools.flash.mip")
    ap.add_argument("--check", action="store_true",
                    help="only check package.json is up to date (exit 1 if not)")
    args = ap.parse_args(argv)
    want = text()
    have = open(PACKAGE_JSON).read() if os.path.exists(PACKAGE_JSON) else None
    if args.check:
        if have != want:
            listed = set(u[0] for u in json.loads(have)["urls"]) if have else set()
            files = set(board_files())
            print("package.json is out of date (not listed: %s; listed but gone: %s): "
                  "run python -m host_tools.flash.mip"
                  % (", ".join(sorted(files - listed)) or "-",
                     ", ".join(sorted(listed - files)) or "-"), file=sys.stderr)
            return 1
        return 0
    if have != want:
        with open(PACKAGE_JSON, "w") as f:
            f.write(want)
    print("package.json: %d files" % len(package()["urls"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
