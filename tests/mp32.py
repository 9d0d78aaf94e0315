"""`make test-mp32`: the firmware on the 32-bit model of the ESP32's
MicroPython (pointers 4 bytes; the heap starts at 56 KB and grows into a
simulated ESP-IDF heap as the esp32 port's does), the unix port built by
host_tools.mp32 (cached under build/mp32/).  Without its source or a
32-bit C compiler: one SKIP line.

    python tests/mp32.py --game 32k --gin 32k FILE...

1. the MicroPython test files (FILE..., `make test-mp`'s list) on it;
2. the seeded 4-player Rummikub game and the Gin game to 100 from .mpy
   (x86 native code) under the fixed --game and --gin heap caps (no room
   to grow: the engine alone);
3. in every device profile (host_tools.mp32.profiles: radio-off,
   radio-on, floor), with firmware/ frozen into the binary
   (firmware/manifest.py, as the ESP32 image holds it, and the test's
   driver beside it: on the device main.py drives the app): the whole UI
   match (expert seat + hint, tests/ui_mp/mp_ui_game.py) and a Gin game to
   100 through the UI against the hard AI (tests/ui_mp/mp_gin_ui_game.py);
4. the same two from .mpy files (what `make flash` deploys on a stock
   image) in --mpy-profile (radio-off: the .mpy path needs more heap than
   radio-on gives; docs/figures.md, Memory);
5. a linked match's host, frozen, in --link-profiles (radio-on: the
   radio is up; floor), with three joined consoles (the plain binary,
   each its own process) over the simulated radio at 20% loss
   (host_tools.link): the host runs the engine, its person's moves, the
   sessions, the save and the score log; then in --glass-profiles
   (radio-on) the same with the host the whole app on the glass, hosting
   from its lobby, its person playing through the play screen
   (tests/ui_mp/mp_table_host.py), and hosting a Gin game against one
   joined console, its person playing through Gin's screens.
Each run prints the most heap it grew to and the CPU time it took.
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(HERE, "ui"))

from host_tools.codecheck.mpycheck import mpy_cross  # noqa: E402
from host_tools.mp32 import build as mp32  # noqa: E402
from host_tools.mp32 import profiles  # noqa: E402
import mp_heap  # noqa: E402

# as `make test-mp` (its MPPATH): the runner adds each test file's folder
MPPATH = ":".join(os.path.join(ROOT, p) for p in ("firmware", "tests/engine_mp", "tests/hal_mp"))
UI_RUNS = (("whole UI match", "mp_ui_game"), ("Gin game through the UI", "mp_gin_ui_game"))


def game(exe, mpy, script, heap):
    """(ok, last output line) of an engine game script under a heap cap."""
    p = subprocess.run([exe, "-X", "heapsize=" + heap, os.path.join(HERE, script)],
                       env=dict(os.environ, MICROPYPATH=mpy), capture_output=True,
                       text=True, timeout=600)
    out = (p.stdout + p.stderr).strip().splitlines()
    return p.returncode == 0, out[-1] if out else ""


def kb(n):
    return "%.1f KB" % (n / 1024.0)


def children_cpu():
    """CPU seconds the finished child processes have used."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def in_profile(folder, exe, module, profile):
    """(ok, last line, what the heap did and the run's CPU time) of a UI
    script in a profile."""
    fd, report = tempfile.mkstemp(prefix="mp32-heap-")
    os.close(fd)
    cpu = children_cpu()
    try:
        ok, line = mp_heap.run(folder, str(profile.heap), "hint", module, exe=exe,
                               env=profile.env(report))
        r = profiles.read_report(report)
    finally:
        os.remove(report)
    cpu = "%.1f s CPU" % (children_cpu() - cpu)
    if not r:
        return ok, line, "no heap report, " + cpu
    return ok, line, "most heap %s (%s + %s grown; %d areas added, %d given back), %s" % (
        kb(profile.most_heap(r)), kb(profile.heap), kb(r["most"]), r["added"], r["freed"], cpu)


def linked_host(frozen, plain, profile, driver="console_mp", game="rummikub"):
    """(ok, last line, what the heap did and the CPU time of all four
    consoles) of a linked match whose host runs frozen in profile, three
    joined consoles beside it (game gin: a Gin game to 60, one); driver
    mp_table_host: the host is the whole app on the glass
    (tests/ui_mp/mp_table_host.py), not the headless console."""
    from host_tools.link import air as A
    from host_tools.link import run as R
    fd, report = tempfile.mkstemp(prefix="mp32-heap-")
    os.close(fd)
    folder = tempfile.mkdtemp(prefix="mp32-link-")
    host = ([frozen] + profile.args() + ["-c", "import %s; %s.main()" % (driver, driver)],
            dict(profile.env(report), MICROPYPATH=".frozen"))
    cpu = children_cpu()
    try:
        result = R.Table(folder, 2 if game == "gin" else 4, 3,
                         faults=A.Faults(0.2, 0.05, 0.05, 30), run=plain, host_run=host,
                         think="2000-4000", game=game, target=60).play()
        r = profiles.read_report(report)
    finally:
        os.remove(report)
    # the glass host writes no shown.jsonl: the joined consoles' ends are checked
    problems = ([result.problem] if result.problem else []) + (
        R.check(result) if driver == "console_mp" else
        ["%s did not finish" % c["name"] for c in result.consoles
         if "link console ok" not in c["out"]])
    out = result.consoles[0]["out"].strip().splitlines()
    line = "; ".join(problems[:3]) if problems else out[-1].split(": ", 1)[-1]
    cpu = "%.1f s CPU" % (children_cpu() - cpu)
    heap = "most heap %s (%s + %s grown; %d areas added, %d given back), %s" % (
        kb(profile.most_heap(r)), kb(profile.heap), kb(r["most"]), r["added"], r["freed"], cpu) \
        if r else "no heap report, " + cpu
    shutil.rmtree(folder, ignore_errors=True)
    return result.ok and not problems, line, heap


def describe(profile):
    return "%s (%s%s)" % (profile.name, kb(profile.heap),
                          " + " + kb(profile.room) if profile.room else ", no growth")


def main(argv):
    ap = argparse.ArgumentParser(prog="tests/mp32.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ("game", "gin"):
        ap.add_argument("--" + name, required=True, help="heap cap, e.g. 32k")
    ap.add_argument("--profiles", default=",".join(profiles.PROFILES),
                    help="device profiles the frozen app plays in")
    ap.add_argument("--mpy-profile", default="radio-off",
                    help="the device profile the .mpy app plays in")
    ap.add_argument("--link-profiles", default="radio-on,floor",
                    help="device profiles a linked match's host plays in, frozen")
    ap.add_argument("--glass-profiles", default="radio-on",
                    help="device profiles the glass host (the whole app hosting a table) "
                         "plays in, frozen (link play has the radio on: not floor)")
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
    for what, script, heap in (("Rummikub game, .mpy", "mp_game.py", args.game),
                               ("Gin game, .mpy", os.path.join("gin_mp", "mp_gin_game.py"),
                                args.gin)):
        ok, line = game(plain, mpy, script, heap)
        print("32-bit %s at %s: %s" % (what, heap, line))
        if not ok:
            failed.append("%s at %s" % (what, heap))
    # the frozen binary holds the test's driver too (host_tools.mp32.TEST_DRIVER):
    # run from a folder without .mpy files, the heap holds only what the app needs
    bare = tempfile.mkdtemp(prefix="mp32-frozen-")
    runs = [(what + ", frozen", bare, frozen, module, profiles.get(name))
            for name in args.profiles.split(",") for what, module in UI_RUNS]
    runs += [(what + ", .mpy", mpy, plain, module, profiles.get(args.mpy_profile))
             for what, module in UI_RUNS]
    for what, folder, exe, module, profile in runs:
        ok, line, heap = in_profile(folder, exe, module, profile)
        print("32-bit %s, %s: %s; %s" % (what, describe(profile), line, heap))
        if not ok:
            failed.append("%s in %s" % (what, profile.name))
    for name in args.link_profiles.split(","):
        profile = profiles.get(name)
        ok, line, heap = linked_host(frozen, plain, profile)
        print("32-bit linked host of 3 consoles, frozen, %s: %s; %s" % (describe(profile), line, heap))
        if not ok:
            failed.append("linked host in %s" % profile.name)
    for name in args.glass_profiles.split(","):
        profile = profiles.get(name)
        for kind, what in (("rummikub", "of 3 consoles"), ("gin", "of a Gin game")):
            ok, line, heap = linked_host(frozen, plain, profile, "mp_table_host", kind)
            print("32-bit glass host (the app) %s, frozen, %s: %s; %s"
                  % (what, describe(profile), line, heap))
            if not ok:
                failed.append("glass host (%s) in %s" % (kind, profile.name))
    if failed:
        print("test-mp32 FAILED: %s" % "; ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
