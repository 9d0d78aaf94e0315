"""`python -m host_tools hardware [--check]`: every file derived from
hardware/pins.json, written by one command.

outputs(pins) -> {path: text or bytes} for the text files (board.py, wiring
diagram, power budget, schematic, assembly guide); the enclosure's STEP,
STL and picture come from host_tools.hardware.enclosure when its CAD
packages are installed (requirements-hardware.txt).  `--check` writes
nothing and reports stale files (tests/hardware runs the same comparison),
so code, docs and drawings cannot disagree with the one pin map.
"""
import os
import sys

from host_tools import ROOT
from host_tools.hardware import pins as pinmap
from host_tools.hardware import power, wiring

WIRING_SVG = os.path.join(ROOT, "hardware", "wiring.svg")


def outputs(pins=None):
    pins = pins or pinmap.load()
    out = {pinmap.BOARD_PY: pinmap.board_source(pins),
           WIRING_SVG: wiring.wiring_svg(pins),
           power.POWER_MD: power.power_md(pins, power.load_measured())}
    return out


def stale(pins=None):
    bad = []
    for path, text in outputs(pins).items():
        try:
            with open(path) as f:
                if f.read() == text:
                    continue
        except OSError:
            pass
        bad.append(path)
    return bad


def main(argv):
    if "-h" in argv or "--help" in argv:
        print("usage: python -m host_tools hardware [--check]\n"
              "regenerate board.py, wiring, schematic, power budget, guide and enclosure\n"
              "from hardware/pins.json; --check only reports stale files")
        return 0
    try:
        pins = pinmap.load()
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    bad = pinmap.problems(pins)
    if bad:
        for line in bad:
            print("pins.json: %s" % line, file=sys.stderr)
        return 1
    if "--check" in argv:
        bad = stale(pins)
        for p in bad:
            print("stale: %s (run python -m host_tools hardware)" % os.path.relpath(p, ROOT), file=sys.stderr)
        return 1 if bad else 0
    for path, text in outputs(pins).items():
        with open(path, "w") as f:
            f.write(text)
        print("wrote %s" % os.path.relpath(path, ROOT))
    return 0
