"""`python -m host_tools hardware [--check]`: every file derived from
hardware/pins.json, written by one command.

outputs(pins) -> {path: text} for the text files (board.py, wiring diagram,
power budget, schematic drawing and netlist, assembly guide); the
enclosure's STEP and STL come from host_tools.hardware.enclosure, its
pictures and the guide's step drawings from host_tools.hardware.render.
The schematic and the enclosure need the packages in
requirements-hardware.txt; the schematic must pass SKiDL's ERC.  `--check` writes
nothing and reports stale files (tests/hardware runs the same comparison),
so code, docs and drawings cannot disagree with the one pin map.
"""
import os
import sys

from host_tools import ROOT, prog
from host_tools.hardware import pins as pinmap
from host_tools.hardware import guide, power, wiring
from host_tools.progress import note

WIRING_SVG = os.path.join(ROOT, "hardware", "wiring.svg")
NEEDS = "needs the CAD/EDA packages: pip install -r requirements-hardware.txt"
CAD_MODULES = ("skidl", "schemdraw", "build123d", "trimesh", "rtree")


def outputs(pins=None):
    """{path: text} for every text output."""
    from host_tools.hardware import enclosure, schematic
    pins = pins or pinmap.load()
    return {pinmap.BOARD_PY: pinmap.board_source(pins),
            WIRING_SVG: wiring.wiring_svg(pins),
            power.POWER_MD: power.power_md(pins, power.load_measured(), power.load_link_duty()),
            schematic.SCHEMATIC_SVG: schematic.schematic_svg(pins),
            schematic.NETLIST: schematic.netlist_text(pins),
            guide.ASSEMBLY_MD: guide.guide_md(pins, guide.bom(), enclosure.layout(pins)),
            guide.BUTTON_BOARD_SVG: guide.button_board_svg(pins, enclosure.layout(pins))}


def missing_packages():
    """The CAD/EDA packages (requirements-hardware.txt) not installed."""
    import importlib.util
    return [m for m in CAD_MODULES if importlib.util.find_spec(m) is None]


def _differs(path, data):
    mode = "rb" if isinstance(data, bytes) else "r"
    try:
        with open(path, mode) as f:
            return f.read() != data
    except OSError:
        return True


def stale(pins=None, cad=True):
    """Paths whose content differs from what the pin map gives; cad=False
    skips the enclosure and its pictures (a minute of CAD work on a slow
    machine)."""
    pins = pins or pinmap.load()
    bad = [p for p, text in outputs(pins).items() if _differs(p, text)]
    if cad:
        from host_tools.hardware import enclosure, render
        lay = enclosure.layout(pins)
        solids = enclosure.build(lay)
        meshes = enclosure.mesh(solids)
        if _differs(enclosure.STEP, enclosure._step_text(solids)):
            bad.append(enclosure.STEP)
        if _differs(enclosure.STL, enclosure.stl_bytes(meshes, lay)):
            bad.append(enclosure.STL)
        bad += [p for p, png in render.pictures(meshes, lay).items() if render.differs(p, png)]
    return bad


def main(argv):
    if "-h" in argv or "--help" in argv:
        print("usage: %s [--check]\n\n" % prog("hardware") +
              "The reference build from its one pin map: regenerate board.py, the wiring,\n"
              "schematic, power budget, assembly guide and enclosure from\n"
              "hardware/pins.json (`make hardware`).\n\n"
              "  --check  write nothing; list the files that are stale (default: write them)")
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
    missing = missing_packages()
    if missing:
        print("hardware: %s (missing: %s)" % (NEEDS, ", ".join(missing)), file=sys.stderr)
        return 1
    from host_tools.hardware import enclosure, schematic
    note("hardware: the schematic's electrical rule check ...")
    errors, warnings = schematic.erc(pins)
    if errors:
        print("hardware: the schematic fails its electrical rule check (%d errors)" % errors, file=sys.stderr)
        return 1
    if "--check" in argv:
        bad = stale(pins)
        for p in bad:
            print("stale: %s (run python -m host_tools hardware)" % os.path.relpath(p, ROOT), file=sys.stderr)
        return 1 if bad else 0
    note("hardware: board.py, wiring, schematic, power budget, guide ...")
    for path, text in outputs(pins).items():
        with open(path, "w") as f:
            f.write(text)
        print("wrote %s" % os.path.relpath(path, ROOT))
    note("hardware: the enclosure (CadQuery) ...")
    for path in enclosure.export(enclosure.layout(pins)):
        print("wrote %s" % os.path.relpath(path, ROOT))
    print("schematic ERC: %d errors, %d warnings" % (errors, warnings))
    return 0
