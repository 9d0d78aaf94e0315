"""`python -m host_tools stubcheck` (in `make test`): the device-side code
checked with mypy against MicroPython's own ESP32 stubs
(micropython-esp32-stubs, micropython-stdlib-stubs as the standard library:
requirements-dev.txt), so a wrong `machine`/`esp32` call (a name the port
lacks, a wrong argument) fails CI before it fails on a board.

What is checked: main.py, every firmware module that imports `machine` or
`esp32`, hal/sleep.py, and the hal modules these import, each function body
too (--check-untyped-defs: the firmware has no annotations).  The rest of
the app is followed silently (its types feed the check, its own errors are
not this check's business); compat.py and hal/fb.py choose between
runtimes at import time, and the host-only backends (mpycheck.HOST_ONLY,
hal/unixport.py for main.py's other branch) never run on the board: they
are followed silently too.  Where the stubs
lack what the port has, the call carries a `# type: ignore[code]` naming the
port's C source.  The stubs' own slips are not reported.
"""
import argparse
import os
import re
import subprocess
import sys
import sysconfig
from importlib.metadata import PackageNotFoundError, files

from host_tools import BUILD, FIRMWARE
from host_tools.options import Parser, in_dir
from host_tools.codecheck.mpycheck import HOST_ONLY

STUB_DISTS = ("micropython-esp32-stubs",)
SHED = ("micropython-stdlib-stubs", "_mpy_shed/")   # helpers the stubs import
DEVICE_MODULES = re.compile(r"^\s*(import (machine|esp32)\b|from (machine|esp32) import)", re.M)
SILENT = ("compat.py", "hal/fb.py")
ENTRY = ("main.py", "hal/sleep.py")
STUB_DIR = os.path.join(BUILD, "esp32-stubs")


class StubError(Exception):
    pass


def device_files(root=FIRMWARE):
    """The files to check (paths relative to root), sorted."""
    todo = set(ENTRY)
    for d, _, names in os.walk(root):
        for n in names:
            if n.endswith(".py"):
                p = os.path.join(d, n)
                with open(p) as f:
                    if DEVICE_MODULES.search(f.read()):
                        todo.add(os.path.relpath(p, root).replace(os.sep, "/"))
    seen = set()
    while todo:                       # and the hal modules they import
        rel = todo.pop()
        seen.add(rel)
        with open(os.path.join(root, rel)) as f:
            text = f.read()
        deps = re.findall(r"^\s*from hal\.(\w+) import", text, re.M)
        deps += re.findall(r"^\s*from hal import (\w+)", text, re.M)
        for mod in deps:
            dep = "hal/%s.py" % mod
            if (dep not in seen and dep not in SILENT + HOST_ONLY
                    and os.path.isfile(os.path.join(root, dep))):
                todo.add(dep)
    return sorted(seen)


def stub_dir(out=STUB_DIR):
    """A folder of links to the installed stub files (mypy's search path:
    it does not look for top-level .pyi modules in site-packages)."""
    site = sysconfig.get_paths()["purelib"]
    wanted = []
    try:
        for dist in STUB_DISTS:
            wanted += [str(f) for f in files(dist) if str(f).endswith(".pyi")]
        wanted += [str(f) for f in files(SHED[0]) if str(f).startswith(SHED[1])]
    except (PackageNotFoundError, TypeError):
        raise StubError("MicroPython stubs not installed: pip install -r requirements-dev.txt")
    for rel in wanted:
        dst = os.path.join(out, rel)
        if not os.path.lexists(dst):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            try:
                os.symlink(os.path.join(site, rel), dst)
            except FileExistsError:   # another run made it meanwhile
                pass
    return out, site


def stub_modules(folder):
    names = set()
    for d, _, fs in os.walk(folder):
        for f in fs:
            rel = os.path.relpath(os.path.join(d, f), folder)[:-4].replace(os.sep, ".")
            names.add(rel[:-9] if rel.endswith(".__init__") else rel)
    return sorted(names)


def config(folder):
    """mypy.ini text: the stubs' own slips silenced."""
    return ("[mypy]\ncheck_untyped_defs = True\nfollow_imports = silent\n"
            "no_site_packages = True\n"
            # module names from the folder checked (hal.buttons), also when it
            # sits inside a package (installed: host_tools/_firmware)
            "explicit_package_bases = True\n"
            # the firmware cannot annotate (MicroPython has no typing module)
            "disable_error_code = var-annotated\n\n"
            "[mypy-%s]\nignore_errors = True\n" % ",".join(
                m + (".*" if os.path.isdir(os.path.join(folder, *m.split("."))) else "")
                for m in stub_modules(folder)))


def check(root=FIRMWARE, out=STUB_DIR):
    """(ok, mypy's report) for the device files under root."""
    folder, site = stub_dir(out)
    ini = os.path.join(out, "mypy.ini")
    with open(ini, "w") as f:
        f.write(config(folder))
    cmd = [sys.executable, "-m", "mypy", "--config-file", ini, "--custom-typeshed-dir", site,
           "--cache-dir", os.path.join(out, "cache"), "--no-error-summary"] + device_files(root)
    p = subprocess.run(cmd, cwd=root, env=dict(os.environ, MYPYPATH=folder),
                       capture_output=True, text=True)
    return p.returncode == 0, (p.stdout + p.stderr).strip()


def main(argv):
    ap = Parser("stubcheck", description="Check the device code against MicroPython's ESP32 stubs "
                "(mypy): every call it makes exists on the board's MicroPython.")
    ap.add_argument("--root", type=in_dir, default=FIRMWARE, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        ok, report = check(args.root)
    except StubError as e:
        print("stubcheck: error: %s" % e, file=sys.stderr)
        return 1
    names = device_files(args.root)
    if ok:
        print("stubcheck: %d device files match the ESP32 stubs (%s)" % (len(names), " ".join(names)))
        return 0
    print(report, file=sys.stderr)
    print("stubcheck: the device code does not match the ESP32 stubs", file=sys.stderr)
    return 1
