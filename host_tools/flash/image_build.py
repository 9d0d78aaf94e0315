"""`python -m host_tools firmware` (`make firmware`): MicroPython ESP32_GENERIC
with the app frozen in (firmware/manifest.py), for `make flash FROZEN=1`.

Two routes, the first one this machine has:
  idf      ESP-IDF installed (`idf.py` on PATH or IDF_PATH set, its
           export.sh sourced): the port's own make, which drives idf.py;
  mpbuild  mpbuild (PyPI) and docker: the same make inside Espressif's
           ESP-IDF image (mpbuild picks its version from the source tree).
Both: the MicroPython release source cloned into build/esp32/ (or --src),
firmware/ staged into it (host_tools.mp32.build.stage: viper marks made
decorators, native code for xtensawin: the esp32 port compiles frozen code
for its own arch), a wrapper manifest that keeps the port's own frozen
modules (_boot.py mounts the filesystem the app saves to) and adds ours.
The image (build-ESP32_GENERIC/firmware.bin, written at 0x1000) is copied to
build/esp32/firmware.bin with firmware.json beside it (version, board,
sha256, the app's commit): `flash --frozen` checks the one against the other.
--dry-run prints every command and touches nothing.  Neither route can run
on the machine CI uses (no toolchain, no docker): only the dry run is tested.
"""
import json
import os
import shlex
import shutil
import subprocess
import sys

from host_tools import BUILD, ROOT
from host_tools.options import Parser, out_dir
from host_tools.flash.common import sha256_file
from host_tools.flash.firmware_cache import PINNED, named

# the project's one release and board (firmware_cache.PINNED says why)
MP_VERSION = PINNED.version
MP_GIT = "https://github.com/micropython/micropython.git"
BOARD = PINNED.board
MACHINE = PINNED.machine        # in sys.implementation._machine of that build
OUT = os.path.join(BUILD, "esp32")
IMAGE = os.path.join(OUT, "firmware.bin")
INFO = os.path.join(OUT, "firmware.json")
APP_DIR = "pocket_app"          # inside the source tree (mpbuild mounts only that)
WRAPPER = "esp32_manifest.py"
JOBS = "-j2"


class BuildError(Exception):
    pass


def route(env=None, which=shutil.which):
    """'idf', 'mpbuild' or None: what this machine can build with."""
    from importlib.util import find_spec
    env = os.environ if env is None else env
    if env.get("IDF_PATH") or which("idf.py"):
        return "idf"
    if find_spec("mpbuild") is not None and which("docker"):
        return "mpbuild"
    return None


def wrapper_text(app_manifest):
    """The manifest the port freezes: its own modules, then the app's."""
    return ('include("$(PORT_DIR)/boards/manifest.py")\n'
            'include(%r)\n' % app_manifest)


def commands(how, tree, python=sys.executable):
    """[(cwd, argv)] building the image in tree (a MicroPython checkout)."""
    wrapper = os.path.join(tree, APP_DIR, WRAPPER)
    make = ["make", JOBS, "-C", "ports/esp32", "BOARD=" + BOARD]
    clone = [] if os.path.isdir(os.path.join(tree, "py")) else [
        (ROOT, ["git", "clone", "--depth", "1", "--branch", "v" + MP_VERSION, MP_GIT, tree])]
    if how == "idf":
        return clone + [
            (tree, ["make", JOBS, "-C", "mpy-cross"]),
            (tree, make + ["submodules"]),
            (tree, make + ["FROZEN_MANIFEST=" + wrapper]),
        ]
    if how == "mpbuild":
        # mpbuild's CLI takes a variant before make's arguments, so its API
        # is called (build_board(board, variant, extra_args, mpy_dir=...))
        code = ("from mpbuild.build import build_board; build_board(%r, None, [%r], mpy_dir=%r)"
                % (BOARD, "FROZEN_MANIFEST=" + wrapper, tree))
        return clone + [(tree, [python, "-c", code])]
    raise BuildError("no route %r (idf, mpbuild)" % how)


def shown(cmds):
    return ["$ cd %s && %s" % (shlex.quote(cwd), " ".join(shlex.quote(a) for a in argv))
            for cwd, argv in cmds]


def stage_app(tree):
    """firmware/ staged into tree/APP_DIR with the wrapper manifest; its path."""
    from host_tools.mp32.build import stage
    app = os.path.join(tree, APP_DIR)
    manifest = stage(os.path.join(app, "app"))
    wrapper = os.path.join(app, WRAPPER)
    with open(wrapper, "w") as f:
        f.write(wrapper_text(manifest))
    return wrapper


def collect(tree, out=OUT):
    """Copy the built image to out with firmware.json; returns the info."""
    from host_tools.flash.deploy import git_commit
    built = os.path.join(tree, "ports", "esp32", "build-" + BOARD, "firmware.bin")
    if not os.path.isfile(built):
        raise BuildError("the build left no %s" % built)
    os.makedirs(out, exist_ok=True)
    image = os.path.join(out, "firmware.bin")
    shutil.copyfile(built, image)
    info = {"version": MP_VERSION, "board": BOARD, "machine": MACHINE,
            "sha256": sha256_file(image), "commit": git_commit()}
    with open(os.path.join(out, "firmware.json"), "w") as f:
        json.dump(info, f, indent=1, sort_keys=True)
    return info


def _run(cwd, argv, log):
    log(shown([(cwd, argv)])[0])
    r = subprocess.run(argv, cwd=cwd)
    if r.returncode:
        raise BuildError("%s failed (exit %d)" % (argv[0], r.returncode))


def build(how, tree, log=print):
    """Clone if needed, stage the app, build, collect; returns the info."""
    cmds = commands(how, tree)
    if cmds[0][1][0] == "git":
        _run(cmds[0][0], cmds[0][1], log)
        cmds = cmds[1:]
    log("staged the app: %s" % stage_app(tree))
    for cwd, argv in cmds:
        _run(cwd, argv, log)
    return collect(tree)


def main(argv):
    ap = Parser("firmware", description="Build %s with the app frozen in "
                "(build/esp32/firmware.bin, for `make flash FROZEN=1`): the image that "
                "leaves the heap room for link play." % named())
    ap.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    ap.add_argument("--route", choices=("idf", "mpbuild"),
                    help="how to build (default: the first this machine has)")
    ap.add_argument("--src", type=out_dir, default=os.path.join(OUT, "micropython"),
                    help="the MicroPython %s source (cloned there if absent)" % MP_VERSION)
    args = ap.parse_args(argv)
    tree = os.path.abspath(args.src)
    how = args.route or route()
    if args.dry_run:
        for how_ in ((how,) if how else ("idf", "mpbuild")):
            print("# route %s%s" % (how_, "" if how else " (not available here)"))
            print("# stage firmware/ into %s with %s:"
                  % (os.path.join(tree, APP_DIR, "app"), os.path.join(tree, APP_DIR, WRAPPER)))
            for line in wrapper_text(os.path.join(tree, APP_DIR, "app", "manifest.py")).splitlines():
                print("#   " + line)
            for line in shown(commands(how_, tree)):
                print(line)
        print("# then: %s and %s" % (IMAGE, INFO))
        return 0
    if how is None:
        print("firmware: error: no ESP-IDF (idf.py / IDF_PATH) and no mpbuild with docker "
              "here; `make firmware DRY_RUN=1` prints the commands", file=sys.stderr)
        return 1
    try:
        info = build(how, tree)
    except BuildError as e:
        print("firmware: error: %s" % e, file=sys.stderr)
        return 1
    print("firmware: %s (sha256 %s): flash it with make flash PORT=... FROZEN=1"
          % (IMAGE, info["sha256"][:12]))
    return 0
