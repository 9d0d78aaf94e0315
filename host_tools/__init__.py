"""CPython-side tools, grouped by job.  They import firmware code; firmware
never imports them.  `python -m host_tools <command>` (see `__main__`), or,
installed (pyproject.toml), `pocket <command>`.

- `cli/`       check a turn, solve a position (JSON in, JSON out)
- `flash/`     deploy and flash the firmware, build the frozen image
- `codecheck/` the device code compiled by mpy-cross, checked against the
               ESP32 stubs
- `devsim`     the MicroPython unix port as a board on a pty
- `sync/`      score sync over serial, the SQLite store, the leaderboard
- `bench/`     solver benchmark, its corpus and oracle, AI tournaments
- `hardware/`  files generated from hardware/pins.json
- `emulator/`  the handheld app on this computer (window or headless)
- `docs/`      the docs site: screenshots from the golden screens, MkDocs
- `web/`, `gin/`, `presses/`, `font/`, `mp32/`: the web page, Gin Rummy's
               commands, button presses per move, the bitmap font
               generator, the 32-bit MicroPython unix port build
- `keyhelp`, `progress`: the key help the emulator and the web page both
               show; the progress bar (stderr) of the long commands
- `options`:   the parser and argument types every command's options go
               through (checked before any work, refused in one line)

Importing this package puts `firmware/` on `sys.path`: the checkout's, or,
installed with pip (pyproject.toml), the copy installed beside these tools
(`host_tools/_firmware`).  What the tools make goes to BUILD: the
checkout's `build/`, or, installed, `build/` in the folder the command
runs in (never into site-packages).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKOUT = os.path.isdir(os.path.join(ROOT, "firmware"))   # False: installed with pip
if CHECKOUT:
    FIRMWARE = os.path.join(ROOT, "firmware")
    BUILD = os.path.join(ROOT, "build")
else:
    FIRMWARE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_firmware")
    BUILD = os.path.abspath("build")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def prog(command):
    """A command as its usage line names it: `pocket X` when run as the
    installed command, `python -m host_tools X` otherwise."""
    return ("pocket " if os.path.basename(sys.argv[0]) == "pocket" else "python -m host_tools ") + command


def count(n, one, many=None):
    """"1 match", "2 matches", "0 records": a number and its noun, the
    plural `many` (default: one + "es" after s, x, z, ch, sh, else + "s")."""
    if n == 1:
        return "%d %s" % (n, one)
    if many is None:
        many = one + ("es" if one.endswith(("s", "x", "z", "ch", "sh")) else "s")
    return "%d %s" % (n, many)
