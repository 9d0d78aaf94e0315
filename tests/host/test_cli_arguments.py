"""Every host command against hostile arguments (issue 37): from one table,
each command x {a folder where a file goes (or the reverse), a missing
folder, a path nothing can be written to, /dev/full, binary} and the few
number cases no range states; from the parsers the commands build, every
option that takes a number (options.whole, options.real) x {just below its
range, just above, huge, NaN}; plus a closed pipe and /dev/full as its
standard output.  Each is refused before any work starts: exit status
non-zero, exactly one line on stderr that names the option, no traceback,
nothing written.  Before: 32 of 88 such inputs ended in a traceback or a
bug message (tournament --json /missing/x.json after every game was played,
sync --retries 0, scores | head -1, emulate --keys A*999999999, ...).

The commands run in this process through host_tools.__main__.main (what
`pocket` runs), with real files, folders, pipes and /dev/full; a few run as
real processes too.  "Unwritable" cannot lean on file modes (the tests run
as root, who writes past them): it is a path in /proc, where even root
cannot make a file.
"""
import contextlib
import io
import os
import subprocess
import sys
import time

import pytest

from host_tools import __main__ as pocket
from host_tools.__main__ import COMMANDS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.fsdecode(b"\xff\xfe\x00\x81")[:2] + "\x7f"      # argv bytes that are no UTF-8
CATEGORIES = ("folder", "missing folder", "unwritable", "/dev/full", "0", "negative",
              "huge", "NaN", "binary")
LINE_MAX = 300

PATHS = CATEGORIES[:4]
TTY = ["--port", "{missing}/tty"]       # a port that is not there
DB = ["--db", "{db}"]


def path_cases(option, name, *categories, before=(), folder="{dir}", needle=None):
    """The path cases `categories` (default: all of PATHS) of `option`
    (None: the path is positional), after the arguments `before`, each
    refused naming `needle` (default: the option): `folder` where a file
    goes ({dir}; where a folder goes, a file {file} or a folder of the
    user's {full}), `name` in a missing folder, `name` in /proc (where
    even root makes no file), /dev/full."""
    given = {"folder": folder, "missing folder": "{missing}/" + name,
             "unwritable": "/proc/pocket-" + name, "/dev/full": "/dev/full"}
    return {c: (list(before) + ([option] if option else []) + [given[c]], needle or option)
            for c in categories or PATHS}


# command -> {category: (argv after the command, the option the refusal names)}
# or {category: None}: the command has no argument of that kind (the reason
# is the comment).  {dir} an existing folder, {full} one holding files the
# command did not make, {missing} a folder that does not exist, {file} a
# text file, {bin} a binary file; stdin: bytes on the standard input.
TABLE = {
    "check": {"binary": ("stdin", "UTF-8")},          # no options: JSON on stdin
    "solve": {"binary": ("stdin", "UTF-8")},
    "gin score": {"binary": ("stdin", "UTF-8")},
    "tournament": {
        **path_cases("--json", "x.json", "folder", "missing folder", "/dev/full"),
        **path_cases("--png", "x.png", "unwritable"),
        "binary": (["--rules", BIN], "--rules"),
    },
    "gin tournament": {
        **path_cases("--json", "g.json"),
        "binary": (["--rules", BIN], "--rules"),
    },
    "gin think": {
        **path_cases("--micropython", "micropython", "folder", "missing folder"),
        **path_cases("--out", "x", "unwritable", "/dev/full"),
        "binary": (["--levels", BIN], "level"),
    },
    "bench": {
        **path_cases("--micropython", "micropython", "folder", "missing folder"),
        **path_cases("--out", "x", "unwritable", "/dev/full"),
        "binary": (["--seed", BIN], "--seed"),
    },
    "presses": {
        **path_cases("--out", "p.json"),
        "binary": (["--seed", BIN], "--seed"),
    },
    "flash": {
        **path_cases("--firmware", "fw.bin", "folder", "missing folder", "/dev/full"),
        **path_cases("--backup-dir", "x", "unwritable"),
        "binary": (["--sha256", BIN], "--sha256"),
    },
    "firmware": {
        **path_cases("--src", "mp", "folder", "unwritable", "/dev/full", folder="{file}"),
        "missing folder": None,     # a missing --src is where MicroPython is cloned
        "binary": (["--route", BIN], "--route"),
    },
    "stubcheck": {                  # --root: the folder checked (hidden)
        "folder": (["--root", "{file}"], "--root"),
        "missing folder": (["--root", "{missing}"], "--root"),
        "/dev/full": (["--root", "/dev/full"], "--root"),
        "binary": (["--root", "{bin}"], "--root"),
    },
    "bringup": {
        **path_cases("--out", "m.json", before=TTY),
        "binary": (TTY + ["--cell-mv", BIN], "--cell-mv"),
    },
    "devsim": {                     # FOLDER: the board's flash (made if missing)
        **path_cases(None, "board", "folder", "unwritable", "/dev/full", folder="{file}",
                needle="folder"),
        "missing folder": None,
        "0": (["{dir}", "--heap", "0"], "--heap"),
        "binary": (["{dir}", "--heap", BIN], "--heap"),
    },
    "sync": {                       # refused before the port is opened
        **path_cases("--db", "s.db", before=TTY),
        "binary": (TTY + ["--db", "{bin}"], "not a score database"),
    },
    "scores": {
        **path_cases("--csv", "s.csv", "folder", "unwritable", "/dev/full", before=DB),
        **path_cases("--plot", "p.png", "missing folder", before=DB),
        "binary": (["--db", "{bin}"], "not a score database"),
    },
    "emulate": {
        **path_cases("--script", "keys.txt", "folder", "missing folder", before=["--headless"]),
        **path_cases("--screenshot-dir", "shots", "unwritable", before=["--headless"]),
        **path_cases("--save-dir", "", "/dev/full", before=["--headless"]),
        "huge": (["--headless", "--keys", "A*999999999"], "A*999999999"),
        "binary": (["--headless", "--script", "{bin}"], "--script"),
    },
    "web": {
        "folder": (["--out", "{full}"], "not replacing it"),   # a folder of the user's
        "missing folder": None,     # a missing --out is made
        **path_cases("--out", "web", "unwritable", "/dev/full"),
        "binary": (["--port", BIN], "--port"),
    },
    "docs": {
        **path_cases("--out", "site", "folder", "unwritable", "/dev/full", folder="{full}"),
        "missing folder": None,     # a missing --out is made
    },
    "mpycheck": {
        **path_cases("--out", "mpy", "folder", "unwritable", "/dev/full", folder="{file}"),
        "missing folder": None,     # a missing --out is made
    },
    "mp32": {},                     # no options
    "hardware": {},                 # --check only (pins.json: tests/hardware)
}
# every command has every category in its row (None: not a kind of argument it takes)
for _name, _row in TABLE.items():
    for _c in CATEGORIES:
        _row.setdefault(_c, None)
CASES = [(name, cat) for name in sorted(TABLE) for cat in CATEGORIES if TABLE[name][cat]]


class Parsed(BaseException):
    """Raised where a command parses its arguments: it carries the parser."""


def number_options():
    """(command, option, bounds, whole) of every option a command's Parser
    takes a number in, read off the parser its main() builds (stopped where
    it parses; only commands built on options.Parser are started)."""
    import importlib
    from host_tools.gin.command import SUBCOMMANDS
    from host_tools.options import Parser
    mods = {n: m for n, (m, _) in COMMANDS.items() if n != "gin"}
    mods.update({"gin " + n: m for n, (m, _) in SUBCOMMANDS.items()})

    def stop(self, args=None, namespace=None):
        raise Parsed(self)
    found = []
    real_parse = Parser.parse_known_args
    Parser.parse_known_args = stop
    try:
        for name in sorted(mods):
            mod = importlib.import_module(mods[name])
            if getattr(mod, "Parser", None) is not Parser:
                continue
            try:
                mod.main([])
            except Parsed as e:
                for a in e.args[0]._actions:
                    bounds = getattr(a.type, "bounds", None)
                    if bounds and a.option_strings:
                        found.append((name, max(a.option_strings, key=len), bounds,
                                      isinstance(bounds[0], int)))
    finally:
        Parser.parse_known_args = real_parse
    return found


def out_of_range(option, bounds, whole):
    """The values past option's range: {kind: value}."""
    lo, hi = bounds
    cases = {"below": str(lo - 1), "above": str(hi + 1), "NaN": "nan"}
    cases["huge"] = "9" * 5000 if whole else "1e300"
    return cases


NUMBERS = [(name, option, kind, value) for name, option, bounds, whole in number_options()
           for kind, value in sorted(out_of_range(option, bounds, whole).items())]


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    base = tmp_path_factory.mktemp("args")
    p = {"dir": base / "empty", "full": base / "theirs", "missing": base / "missing",
         "file": base / "notes.txt", "bin": base / "blob.bin", "db": base / "scores.db"}
    p["dir"].mkdir()
    p["full"].mkdir()
    (p["full"] / "letter.txt").write_text("mine\n")
    p["file"].write_text("A B START\n")
    p["bin"].write_bytes(bytes(range(256)) * 4)
    from host_tools.sync.db import Db
    Db(str(p["db"])).close()
    return {k: str(v) for k, v in p.items()}


def test_the_table_covers_every_command():
    from host_tools.gin.command import SUBCOMMANDS
    assert set(TABLE) == (set(COMMANDS) - {"gin"}) | {"gin " + s for s in SUBCOMMANDS}
    assert len(CASES) > 60
    # the parsers were read: each command with a number option is among them
    assert {n for n, _, _, _ in NUMBERS} == {
        "bench", "bringup", "devsim", "emulate", "flash", "gin think", "gin tournament",
        "presses", "scores", "sync", "tournament", "web"}
    assert len(NUMBERS) > 100


def snapshot(paths):
    return {k: sorted(os.listdir(v)) if os.path.isdir(v) else os.path.exists(v)
            for k, v in paths.items()}


def run_in_process(argv, stdin=b"", stdout=None):
    """host_tools.__main__.main(argv) -> (status, stdout text, stderr text);
    stdout: a stream to print into (default: captured)."""
    err = io.StringIO()
    out = stdout or io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    sys.stdout, sys.stderr = out, err
    try:
        try:
            rc = pocket.main(argv)
        except SystemExit as e:
            rc = e.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return rc, out.getvalue() if stdout is None else "", err.getvalue()


def assert_one_line(rc, err, needle, name):
    assert "Traceback" not in err, err[-3000:]
    assert rc not in (0, None), (rc, err)
    lines = err.splitlines()
    assert len(lines) == 1 and len(lines[0]) <= LINE_MAX, err[-2000:]
    assert lines[0].startswith(name + ": "), lines[0]
    assert needle in lines[0], (needle, lines[0])
    assert "bug" not in lines[0] and "unexpected" not in lines[0], lines[0]


@pytest.mark.parametrize("name,category", CASES, ids=["%s|%s" % c for c in CASES])
def test_refused_in_one_line_before_any_work(name, category, paths):
    argv, needle = TABLE[name][category]
    refused_before_work(name, argv, needle, paths)


@pytest.mark.parametrize("name,option,kind,value", NUMBERS,
                         ids=["%s|%s|%s" % c[:3] for c in NUMBERS])
def test_a_number_past_its_range_is_refused_before_any_work(name, option, kind, value, paths):
    refused_before_work(name, [option, value], option, paths)


def refused_before_work(name, argv, needle, paths):
    """`pocket name argv` (argv "stdin": binary on the standard input)
    refused in one line naming needle, quickly, writing nothing."""
    before = snapshot(paths)
    t0 = time.monotonic()
    if argv == "stdin":
        rc, out, err = run_in_process(name.split(), stdin=bytes(range(255, -1, -1)))
    else:
        rc, out, err = run_in_process(name.split() + [a.format(**paths) for a in argv])
    took = time.monotonic() - t0
    assert_one_line(rc, err, needle, name)
    assert took < 10, took                      # refused, not run
    assert snapshot(paths) == before            # nothing written


# the module scripts outside `pocket` (python -m ...): the same one-line refusals
MODULES = [   # (module, the name its refusals start with, argv, what they name)
    ("host_tools.font.fontgen", "fontgen", ["--size", "0"], "--size"),
    ("host_tools.font.fontgen", "fontgen", ["--out", "/proc/pocket-font/f.py"], "--out"),
    ("host_tools.font.fontgen", "fontgen", ["--ttf", "{dir}"], "--ttf"),
    ("host_tools.web.figures", "web figures", ["--loads", "nan"], "--loads"),
    ("host_tools.web.figures", "web figures", ["--screenshot", "{missing}/x.png"], "--screenshot"),
    ("host_tools.flash.mip", "mip", ["--out"], "--out"),
    ("host_tools.font.art", "font art", ["--check", BIN], "unrecognized arguments"),
]


@pytest.mark.parametrize("module,name,argv,needle", MODULES,
                         ids=["%s %s" % (m[0], m[2][0]) for m in MODULES])
def test_module_scripts_refuse_in_one_line(module, name, argv, needle, paths):
    """Before: plain argparse (a usage block; --size 0 or a --screenshot
    in a missing folder failing only once the work ran)."""
    import importlib
    err = io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        with pytest.raises(SystemExit) as e:
            importlib.import_module(module).main([a.format(**paths) for a in argv])
    finally:
        sys.stderr = old
    assert_one_line(e.value.code, err.getvalue(), needle, name)


class ClosedPipe(io.TextIOWrapper):
    """A standard output whose reader has gone (`pocket scores | head -0`)."""

    def __init__(self):
        r, w = os.pipe()
        os.close(r)
        super().__init__(io.FileIO(w, "w"), write_through=True)


@pytest.mark.parametrize("name", sorted(TABLE) + ["--help"])
def test_a_closed_or_full_standard_output_is_refused_before_work(name, paths):
    for out, needle in ((ClosedPipe(), "a pipe nobody reads any more"),
                        (open("/dev/full", "w"), "/dev/full (every write fails)")):
        with out:
            rc, _, err = run_in_process(name.split(), stdout=out)
        assert_one_line(rc, err, needle, "pocket" if name == "--help" else name.split()[0])


def test_a_pipe_closed_while_printing_is_one_line(paths):
    """`pocket scores | head -1`: the reader goes while output is still
    coming; the write that fails is one line, exit status 1."""
    r, w = os.pipe()
    out = io.TextIOWrapper(io.FileIO(w, "w"))

    def main(argv):
        print("first line", file=sys.stdout, flush=True)
        os.close(r)                              # head -1 has what it wants
        for i in range(10000):
            print("line %d" % i)
        return 0

    err = io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        rc = pocket._guarded("scores", main, [])
    finally:
        sys.stdout, sys.stderr = old
    assert rc == 1 and err.getvalue() == "scores: its output was closed before it ended\n"
    out.close()                                  # its buffer went to /dev/null: no error


def tool(*args, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL):
    r = subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                       stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, timeout=120)
    return r.returncode, r.stderr.decode()


def test_as_real_processes(paths, tmp_path):
    """The same refusals from a real `python -m host_tools`: the process's
    own closed pipe and /dev/full, the two attacks that lost work."""
    rc, err = tool("sync", "--port", "/dev/null", "--retries", "0")
    assert_one_line(rc, err, "--retries", "sync")
    t0 = time.monotonic()
    rc, err = tool("tournament", "--json", str(tmp_path / "missing" / "x.json"))
    assert_one_line(rc, err, "no folder", "tournament")
    assert time.monotonic() - t0 < 30                 # refused, not after the games
    r, w = os.pipe()
    os.close(r)
    try:
        rc, err = tool("scores", "--db", paths["db"], stdout=w)
    finally:
        os.close(w)
    assert_one_line(rc, err, "a pipe nobody reads", "scores")
    with open("/dev/full", "w") as full:
        rc, err = tool("solve", stdout=full, stdin=subprocess.PIPE)
    assert_one_line(rc, err, "/dev/full", "solve")
