"""Build the 32-bit MicroPython unix port (pointers 4 bytes, as on the ESP32)
from the release source beside the checkout, plain and with the app frozen,
cached under build/mp32/ so a second run does not rebuild.

    missing()         why it cannot be built here (None when it can)
    plain()           path of the plain 32-bit micropython
    frozen()          path of one with firmware/manifest.py frozen in, and
                      the whole-match test's driver (TEST_DRIVER) beside it
    frozen_content()  the C file that build froze the modules into
    stage(out)        firmware/ with `# viper` marks made decorators, to freeze

The plain binary is keyed on the tarball's SHA-256; the frozen one also on
every staged source file (the manifest among them), so an edit to firmware/
rebuilds only the frozen one (make reuses its object files: under a minute).
"""
import fcntl
import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile

from host_tools import FIRMWARE, ROOT
from host_tools.flash.common import sha256_file
from host_tools.flash.firmware_cache import PINNED
from host_tools.codecheck.mpycheck import MANIFEST, firmware_sources, native_source

VERSION = PINNED.version      # the project's one MicroPython release
_NAME = os.path.join("shared", "micropython", "micropython-%s-unix-src.tar.gz" % VERSION)
# beside the checkout (a clone next to shared/), or beside its parent (a
# git worktree in wt/<name>/)
TARBALL = os.environ.get("MP32_TARBALL") or next(
    (p for p in (os.path.join(os.path.dirname(ROOT), _NAME),
                 os.path.join(os.path.dirname(os.path.dirname(ROOT)), _NAME)) if os.path.isfile(p)),
    os.path.join(os.path.dirname(ROOT), _NAME))
CACHE = os.path.join(ROOT, "build", "mp32")
# the simulated ESP-IDF heap the GC grows into (cmod/idfheap: a user C
# module, and a header forced into every file that turns on the esp32
# port's split heap; py/gc.c's growth code does arithmetic on void *)
CMOD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cmod")
# the unix port without the parts whose sources the trimmed tarball lacks
PORT_ARGS = ["CFLAGS_EXTRA=-m32 -include %s -Wno-error=pointer-arith"
             % os.path.join(CMOD, "idfheap", "idfheap.h"),
             "LDFLAGS_EXTRA=-m32", "USER_C_MODULES=" + CMOD, "MICROPY_PY_FFI=0",
             "MICROPY_PY_SSL=0", "MICROPY_PY_BTREE=0"]
# the port's arch for native code (mpy-cross -march): frozen modules, .mpy files
MARCH = "x86"
JOBS = "-j2"
KEEP = 3


class BuildError(Exception):
    pass


def missing():
    """One phrase naming what this machine lacks, or None."""
    if not os.path.isfile(TARBALL):
        return "no MicroPython source at %s" % TARBALL
    for tool in ("make", "gcc"):
        if not shutil.which(tool):
            return "no %s" % tool
    tmp = tempfile.mkdtemp(prefix="mp32-cc-")
    try:
        src = os.path.join(tmp, "t.c")
        with open(src, "w") as f:
            f.write("#include <stdio.h>\nint main(void) { return sizeof(void *) != 4; }\n")
        r = subprocess.run(["gcc", "-m32", "-o", os.path.join(tmp, "t"), src],
                           capture_output=True)
        if r.returncode:
            return "no 32-bit C compiler (Debian: apt-get install gcc-multilib)"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return None


def stage(out):
    """Copy firmware/ (and its manifest) to out, `# viper` marks made
    decorators as in the native .mpy bundle; return the manifest's path."""
    shutil.rmtree(out, ignore_errors=True)
    for src in firmware_sources() + [os.path.join(FIRMWARE, MANIFEST)]:
        rel = os.path.relpath(src, FIRMWARE)
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(src) as f:
            text = f.read()
        with open(dst, "w") as f:
            f.write(native_source(text) or text)
    return os.path.join(out, MANIFEST)


def tree_digest(root):
    """SHA-256 over every file's relative path and contents under root."""
    h = hashlib.sha256()
    for d, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for name in sorted(files):
            p = os.path.join(d, name)
            h.update(os.path.relpath(p, root).encode() + b"\0")
            with open(p, "rb") as f:
                h.update(f.read() + b"\0")
    return h.hexdigest()


def _run(cmd, cwd, log):
    with open(log, "a") as f:
        f.write("$ %s\n" % " ".join(cmd))
        f.flush()
        r = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode:
        with open(log) as f:
            tail = f.read().strip().splitlines()[-5:]
        raise BuildError("%s failed (log: %s):\n%s" % (" ".join(cmd[:3]), log, "\n".join(tail)))


def _source(tar_hash, log):
    """The unpacked source tree (unpacked once per tarball)."""
    top = os.path.join(CACHE, "src-" + tar_hash[:12])
    tree = os.path.join(top, "micropython-" + VERSION)
    stamp = os.path.join(top, ".unpacked")
    if not os.path.exists(stamp):
        shutil.rmtree(top, ignore_errors=True)
        os.makedirs(top)
        with tarfile.open(TARBALL) as t:
            t.extractall(top, filter="data")
        # the manifest step checks micropython-lib is there; nothing uses it
        with open(os.path.join(tree, "lib", "micropython-lib", "README.md"), "w") as f:
            f.write("not vendored\n")
        _run(["make", "-C", "mpy-cross", JOBS], tree, log)
        open(stamp, "w").close()
    return tree


def _build(kind, key, extra, log_name):
    """Path of the cached binary build/mp32/micropython-<kind>-<key>,
    building it (under a lock: parallel test workers wait) if absent."""
    os.makedirs(CACHE, exist_ok=True)
    exe = os.path.join(CACHE, "micropython-%s-%s" % (kind, key[:12]))
    with open(os.path.join(CACHE, "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(exe):
            return exe
        log = os.path.join(CACHE, log_name)
        open(log, "w").close()
        tree = _source(sha256_file(TARBALL), log)
        # make tracks no flags: a changed heap model builds in a folder of its own
        build = "build-32-%s-%s" % (kind, model_key()[:8])
        _run(["make", "-C", "ports/unix", JOBS, "BUILD=" + build] + PORT_ARGS + extra, tree, log)
        # the newest KEEP binaries of a kind stay (another run may be using one)
        olds = sorted((os.path.join(CACHE, f) for f in os.listdir(CACHE)
                       if f.startswith("micropython-%s-" % kind)), key=os.path.getmtime)
        for old in olds[:max(0, len(olds) - KEEP + 1)]:
            os.remove(old)
        shutil.copyfile(os.path.join(tree, "ports", "unix", build, "micropython"), exe + ".tmp")
        os.chmod(exe + ".tmp", 0o755)
        os.replace(exe + ".tmp", exe)
    return exe


def model_key():
    """SHA-256 of the heap model's sources and the port's arguments."""
    return hashlib.sha256((tree_digest(CMOD) + " ".join(PORT_ARGS)).encode()).hexdigest()


def plain():
    key = hashlib.sha256((sha256_file(TARBALL) + model_key()).encode()).hexdigest()
    return _build("plain", key, ["FROZEN_MANIFEST="], "plain.log")


def frozen_content():
    """The C source the last frozen build compiled the frozen modules into."""
    return os.path.join(CACHE, "src-" + sha256_file(TARBALL)[:12], "micropython-" + VERSION,
                        "ports", "unix", "build-32-frozen-" + model_key()[:8], "frozen_content.c")


def frozen_key(staged):
    return hashlib.sha256((sha256_file(TARBALL) + model_key() + tree_digest(staged)).encode()).hexdigest()


# the tests' drivers, frozen beside the app: tests/ui_mp's whole-match
# scripts (with the hal tests' bus they run on) and the headless link console.  On the device main.py (frozen)
# drives the app, so the driver's code on the heap (as .mpy) would be a
# cost of the test, not of the app
TEST_DRIVER = ("tests/ui_mp/ui_hal.py", "tests/hal_mp/fake_bus.py", "tests/ui_mp/ui_driver.py",
               "tests/ui_mp/mp_ui_game.py", "tests/ui_mp/ui_probe.py", "tests/ui_mp/mp_gin_ui_game.py",
               "tests/ui_mp/mp_table_host.py", "host_tools/link/console_mp.py")
# host-only backends the drivers run on, frozen where the device has its
# own (hal.simradio stands in for the ESP32's espnow backend)
TEST_BACKENDS = ("hal/simradio.py",)


def _with_test_driver(staged, manifest):
    """A manifest beside the staged app's that includes it and freezes
    TEST_DRIVER and TEST_BACKENDS too; returns its path."""
    d = os.path.join(staged, "test_driver")
    os.makedirs(d, exist_ok=True)
    for src in TEST_DRIVER:
        shutil.copyfile(os.path.join(ROOT, src), os.path.join(d, os.path.basename(src)))
    path = os.path.join(staged, "test_manifest.py")
    with open(path, "w") as f:
        f.write("include(%r)\n" % os.path.basename(manifest))
        for src in TEST_DRIVER:
            f.write("module(%r, base_path='test_driver')\n" % os.path.basename(src))
        for rel in TEST_BACKENDS:
            f.write("module(%r, opt=%d)\n" % (rel, 0))
    return path


def frozen():
    staged = os.path.join(CACHE, "staged")
    os.makedirs(CACHE, exist_ok=True)
    with open(os.path.join(CACHE, "stage-lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        manifest = _with_test_driver(staged, stage(staged))
        return _build("frozen", frozen_key(staged), [
            "FROZEN_MANIFEST=" + manifest, "MPY_CROSS_FLAGS=-march=" + MARCH], "frozen.log")
