"""What playing installs: the venv `make emulate` and `make web` make from
requirements.txt alone.

    python -m host_tools.bench.install_size      # docs/figures.md, "Install size"

makes that venv from nothing in a temporary folder through the Makefile's
own rule (so it measures what a newcomer gets, with pip's cache as this
machine has it), then prints its size on disk and how long it took.
`closure_bytes()` is the quick estimate the tests use without installing:
the files the installed distributions of requirements.txt, their
dependencies and the venv's own pip and setuptools list in their RECORDs.
"""
import importlib.metadata as md
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from host_tools import ROOT
from host_tools.options import Parser

LIMIT_MB = 150          # the playing venv's budget (docs/figures.md, Install size)
VENV_OWN = ("pip", "setuptools")     # what `python -m venv` puts in every venv


def requirement_names(path):
    """The distribution names pinned in a requirements file."""
    out = []
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9_.-]*)", line.split("#")[0])
            if m:
                out.append(m.group(1))
    return out


def _marker_ok(req):
    """False for a requirement whose environment marker this Python fails,
    or one only an extra asks for."""
    if ";" not in req:
        return True
    marker = req.split(";", 1)[1]
    if "extra" in marker:
        return False
    try:
        from pip._vendor.packaging.markers import Marker
    except ImportError:
        return True
    return Marker(marker).evaluate()


def closure(names):
    """The installed distributions `names` need, with theirs, by name."""
    seen = {}
    todo = list(names)
    while todo:
        n = re.split(r"[\s;<>=!~\[(]", todo.pop(), 1)[0]
        key = re.sub(r"[-_.]+", "-", n).lower()
        if not key or key in seen:
            continue
        try:
            dist = md.distribution(n)
        except md.PackageNotFoundError:
            raise LookupError("%s is not installed here" % n) from None
        seen[key] = dist
        todo.extend(r for r in (dist.requires or []) if _marker_ok(r))
    return seen


def dist_bytes(dist):
    total = 0
    for f in dist.files or ():
        p = dist.locate_file(f)
        if os.path.isfile(p):
            total += os.path.getsize(p)
    return total


def closure_bytes(requirements=os.path.join(ROOT, "requirements.txt")):
    """{distribution: bytes} of what a venv of `requirements` holds."""
    dists = closure(requirement_names(requirements) + list(VENV_OWN))
    return {k: dist_bytes(d) for k, d in sorted(dists.items())}


def du(path):
    total = 0
    for d, _, files in os.walk(path):
        for f in files:
            p = os.path.join(d, f)
            if not os.path.islink(p):
                total += os.lstat(p).st_blocks * 512
    return total


def measure(python=sys.executable):
    """Make the playing venv in a temporary folder with the Makefile's rule:
    (bytes on disk, seconds, {distribution: version})."""
    tmp = tempfile.mkdtemp(prefix="play-venv-")
    venv = os.path.join(tmp, "venv")
    try:
        t0 = time.monotonic()
        subprocess.run(["make", "-s", "VENV=%s" % venv, "PYTHON=%s" % python,
                        os.path.join(venv, ".installed-play")], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        took = time.monotonic() - t0
        out = subprocess.run([os.path.join(venv, "bin", "python"), "-m", "pip", "list",
                              "--format=freeze"], capture_output=True, text=True,
                             check=True).stdout
        pkgs = dict(line.split("==", 1) for line in out.split() if "==" in line)
        return du(venv), took, pkgs
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv=None):
    ap = Parser("install_size", description="Make the venv `make emulate` makes, from "
                "nothing, and print its size and install time.",
                prog="python -m host_tools.bench.install_size")
    ap.parse_args(argv)
    size, took, pkgs = measure()
    print("playing venv (make emulate, make web): %.0f MB on disk, made in %.0f s; %s"
          % (size / 1e6, took, ", ".join("%s %s" % kv for kv in sorted(pkgs.items()))))
    est = closure_bytes()
    print("estimate from this venv's RECORDs: %.0f MB (%s)"
          % (sum(est.values()) / 1e6, ", ".join("%s %.0f" % (k, v / 1e6) for k, v in est.items())))
    return 0 if size < LIMIT_MB * 1e6 else 1


if __name__ == "__main__":
    sys.exit(main())
