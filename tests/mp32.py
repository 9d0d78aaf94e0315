"""`make test-mp32`: the firmware on a 32-bit MicroPython (pointers 4 bytes,
as on the ESP32), the unix port built by host_tools.mp32 (cached under
build/mp32/).  Without its source or a 32-bit C compiler: one SKIP line.

    python tests/mp32.py --game 32k --gin 36k --ui-mpy 128k --ui-frozen 56k FILE...

1. the MicroPython test files (FILE..., `make test-mp`'s list) on it;
2. the seeded 4-player Rummikub game and the Gin game to 100 from .mpy
   (x86 native code) under the --game and --gin heap caps;
3. the whole UI match (expert seat + hint) from .mpy under --ui-mpy, and
   with firmware/ frozen into the binary (firmware/manifest.py, as the
   ESP32 image holds it, and the test's driver beside it: on the device
   main.py drives the app) under --ui-frozen;
4. a Gin game to 100 through the UI against the hard AI
   (tests/ui_mp/mp_gin_ui_game.py) under the same two caps (from .mpy it
   plays at 128k and fails at 124k: no margin).
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(HERE, "ui"))

from host_tools.flash.mpycheck import mpy_cross  # noqa: E402
from host_tools.mp32 import build as mp32  # noqa: E402
import mp_heap  # noqa: E402

# as `make test-mp` (its MPPATH): the runner adds each test file's folder
MPPATH = ":".join(os.path.join(ROOT, p) for p in ("firmware", "tests/engine_mp"))


def game(exe, mpy, script, heap):
    """(ok, last output line) of an engine game script under a heap cap."""
    p = subprocess.run([exe, "-X", "heapsize=" + heap, os.path.join(HERE, script)],
                       env=dict(os.environ, MICROPYPATH=mpy), capture_output=True,
                       text=True, timeout=600)
    out = (p.stdout + p.stderr).strip().splitlines()
    return p.returncode == 0, out[-1] if out else ""


def main(argv):
    ap = argparse.ArgumentParser(prog="tests/mp32.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ("game", "gin", "ui-mpy", "ui-frozen"):
        ap.add_argument("--" + name, required=True, help="heap cap, e.g. 56k")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    why = mp32.missing()
    if why:
        print("SKIP test-mp32: %s" % why)
        return 0
    try:
        plain, frozen = mp32.plain(), mp32.frozen()
    except mp32.BuildError as e:
        print("test-mp32: %s" % e, file=sys.stderr)
        return 1
    failed = []
    if args.files:
        r = subprocess.run([plain, os.path.join(HERE, "mp_runner.py")] + args.files,
                           env=dict(os.environ, MICROPYPATH=MPPATH))
        if r.returncode:
            failed.append("the MicroPython test files")
    mpy = tempfile.mkdtemp(prefix="mp32-mpy-")
    mp_heap.build(mpy, mp32.MARCH)
    subprocess.run([mpy_cross(), "-o", os.path.join(mpy, "simple_player.mpy"),
                    os.path.join(HERE, "engine_mp", "simple_player.py")], check=True)
    # the frozen binary holds the test's driver too (host_tools.mp32.TEST_DRIVER):
    # run from a folder without .mpy files, the heap holds only what the app needs
    bare = tempfile.mkdtemp(prefix="mp32-frozen-")
    runs = [
        ("Rummikub game, .mpy", args.game,
         lambda: game(plain, mpy, "mp_game.py", args.game)),
        ("Gin game, .mpy", args.gin,
         lambda: game(plain, mpy, os.path.join("gin_mp", "mp_gin_game.py"), args.gin)),
        ("whole UI match, .mpy", args.ui_mpy,
         lambda: mp_heap.run(mpy, args.ui_mpy, exe=plain)),
        ("whole UI match, frozen", args.ui_frozen,
         lambda: mp_heap.run(bare, args.ui_frozen, exe=frozen)),
        ("Gin game through the UI, .mpy", args.ui_mpy,
         lambda: mp_heap.run(mpy, args.ui_mpy, None, "mp_gin_ui_game", exe=plain)),
        ("Gin game through the UI, frozen", args.ui_frozen,
         lambda: mp_heap.run(bare, args.ui_frozen, None, "mp_gin_ui_game", exe=frozen)),
    ]
    for what, heap, go in runs:
        ok, line = go()
        print("32-bit %s at %s: %s" % (what, heap, line))
        if not ok:
            failed.append("%s at %s" % (what, heap))
    if failed:
        print("test-mp32 FAILED: %s" % "; ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
