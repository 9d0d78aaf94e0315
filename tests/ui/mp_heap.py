"""Run the whole-match UI script (tests/ui_mp/mp_ui_game.py) from .mpy files
under MicroPython with a capped heap, the way the device runs the app.

    python tests/ui/mp_heap.py            # find the smallest cap (2k steps)
    python tests/ui/mp_heap.py 200k       # one run at that cap
    python tests/ui/mp_heap.py --profile  # heap in use before AI turns, modules

Then the same on the 32-bit unix port (pointers 4 bytes, as on the ESP32;
host_tools.mp32 builds it where gcc-multilib is installed): from .mpy files
compiled for x86, and with firmware/ frozen into the binary as the ESP32
image built from firmware/manifest.py runs it (the test's driver frozen
beside it: its code is the test's cost, not the app's), each as a fixed
heap (no room to grow); and from .mpy the smallest room the ESP32's 56 KB
heap must be able to grow into (host_tools.mp32.profiles: radio-off has
110,592 bytes of it, radio-on 30,720).
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
UI_MP = os.path.join(ROOT, "tests", "ui_mp")
HAL_MP = os.path.join(ROOT, "tests", "hal_mp")
# the test's scripts: the whole-game drivers, and the hal they run on
SCRIPTS = tuple((UI_MP, n) for n in ("ui_hal", "ui_driver", "mp_ui_game", "ui_probe",
                                     "mp_gin_ui_game")) + ((HAL_MP, "fake_bus"),)
sys.path.insert(0, ROOT)


def micropython():
    exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    return exe if os.path.exists(exe) else shutil.which("micropython")


def build(out, march=None, firmware=True):
    """Compile firmware/ (native code for march, default this machine) and
    the test scripts to .mpy under out; firmware=False: the scripts only."""
    from host_tools.codecheck.mpycheck import compile_all, mpy_cross
    if firmware:
        done, errors = compile_all(out, extra=["-march=" + march] if march else [])
        assert not errors, errors
    os.makedirs(out, exist_ok=True)
    # each named as its source by its module name, as compile_all names
    # the firmware's (no second string per module in the names counted)
    for folder, name in SCRIPTS:
        subprocess.run([mpy_cross(), "-s", name, "-o", os.path.join(out, name + ".mpy"),
                        os.path.join(folder, name + ".py")], check=True)
    return out


def run(mpy_dir, heap, strategy="hint", module="mp_ui_game", exe=None, env=None):
    """(ok, last output line) of one whole match at heap cap `heap`; exe:
    another micropython (with firmware/ frozen in it, say); env: more
    environment (the 32-bit model's room to grow, host_tools.mp32.profiles)."""
    root = tempfile.mkdtemp(prefix="ui-heap-")
    try:
        p = subprocess.run([exe or micropython(), "-X", "heapsize=%s" % heap, "-c",
                            "import %s; %s.main(%r, %r)" % (module, module, root, strategy)],
                           # imports from the working folder, like the device's
                           # flash root: module paths ("ui/app.mpy") are interned
                           # (then the frozen modules, when the binary has them)
                           cwd=mpy_dir, env=dict(os.environ, MICROPYPATH=":.frozen", **(env or {})),
                           capture_output=True, text=True, timeout=300)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    out = (p.stdout + p.stderr).strip().splitlines()
    done = _DONE.get(module)
    if done is None:
        return p.returncode == 0, "\n".join(out[-3:])
    return p.returncode == 0 and out and out[-1].startswith(done), out[-1] if out else ""


# the line each whole-game script ends with when it played through
_DONE = {"mp_ui_game": "ui game ok", "mp_gin_ui_game": "gin ui game ok"}


def smallest(mpy_dir, lo=128, hi=256, step=2, strategy="hint", exe=None, room=None):
    """Smallest cap (KB) from which every cap tried up to hi plays the match
    through: walks down in 8k steps, then in `step`s, to the first failure.
    (Not a bisection: within a few KB pass/fail is not monotonic, since
    the AI's search adapts to the free heap.)  room: walk the room the
    32-bit model's heap may grow into (KB) instead, the heap at the
    device's 56 KB."""
    def plays(kb):
        if room is None:
            return run(mpy_dir, "%dk" % kb, strategy, exe=exe)[0]
        return run(mpy_dir, str(room.heap), strategy, exe=exe,
                   env=room.env() | {"MP32_IDF_HEAP": str(kb * 1024)})[0]
    ok = hi
    for stride in (8, step):
        cap = ok - stride
        while cap >= lo and plays(cap):
            ok = cap
            cap -= stride
    return ok


if __name__ == "__main__":
    d = build(tempfile.mkdtemp(prefix="ui-mpy-"))
    if sys.argv[1:] == ["--profile"]:
        for strategy in ("hint", "easy"):
            print("human uses %s:" % strategy)
            print(run(d, "1m", strategy, "ui_probe")[1])
        sys.exit(0)
    if len(sys.argv) > 1:
        ok, line = run(d, sys.argv[1])
        print(line)
        sys.exit(0 if ok else 1)
    for strategy in ("hint", "easy"):
        print("human uses %-5s smallest heap: %dk" % (strategy, smallest(d, strategy=strategy)))
    from host_tools.mp32 import build as mp32
    why = mp32.missing()
    if why:
        print("SKIP 32-bit MicroPython: %s" % why)
        sys.exit(0)
    plain, frozen = mp32.plain(), mp32.frozen()
    d32 = build(tempfile.mkdtemp(prefix="ui-mpy32-"), mp32.MARCH)
    bare = tempfile.mkdtemp(prefix="ui-frozen-")    # the driver is frozen too
    from host_tools.mp32 import profiles
    device = profiles.get("radio-off")
    for strategy in ("hint", "easy"):
        print("32-bit, .mpy:   human uses %-5s smallest heap: %dk"
              % (strategy, smallest(d32, 64, 256, strategy=strategy, exe=plain)))
        print("32-bit, frozen: human uses %-5s smallest heap: %dk"
              % (strategy, smallest(bare, 24, 96, strategy=strategy, exe=frozen)))
        print("32-bit, .mpy:   human uses %-5s smallest room to grow into beside 56k: %dk"
              % (strategy, smallest(d32, 0, 108, strategy=strategy, exe=plain, room=device)))
