"""What the host commands' options may hold, checked before any work starts.

    ap = Parser("tournament", description="...")
    ap.add_argument("--seats", default="expert,greedy", help="...")
    ap.add_games(100, "games per match-up")    # the options several commands
    ap.add_json()                              # take: add_seed, add_jobs, ...
    a = ap.parse_args(argv)     # a bad option: one line on stderr, exit 2
    ...                         # an hour of games
    save(a.json, lambda f: json.dump(summary, f))

Parser's refusals are one line ("tournament: --games: takes a whole number
from 1 to 1000000, not 'NaN' (--help lists the options)"), never argparse's
usage block.  The types refuse, each in one line that names the path or
number:
- numbers: not a number, NaN, infinite, out of the option's range;
- files read (in_file, text_file): missing, a folder, not a regular file
  (/dev/full reads zeros forever), unreadable; text_file also binary bytes;
- files written (out_file): a folder, a missing folder, a folder nothing can
  be written in, a full disk, a device or pipe (/dev/full);
- folders written into (out_dir): a file, or made-if-missing under a file or
  a folder nothing can be written in (missing folders are made by the
  command); a folder the command empties first (emptied_dir) must be
  empty or one it made, so a folder of the user's is never wiped.
Writability is tried, not read off permission bits: a file is made (and
removed) in the folder, because root writes past any mode bits; /proc and
a path under a file refuse even root.

`stdout_problem()` is the same check for the standard output (a pipe
nobody reads any more, /dev/full, a full disk); `host_tools.__main__` runs
it before every command.  `save()` writes an output atomically (a file
beside it, renamed over it), so a write that fails after long work leaves
the old file whole.
"""
import argparse
import json
import os
import select
import shutil
import stat
import sys
import tempfile

from host_tools import prog

PROBE = 4096            # bytes a writability probe writes (one block)
GAMES_MAX = 10 ** 6     # games a tournament plays (a million: days of CPU)
SEED_MAX = 2 ** 31 - 1  # seeds: what every runtime's random takes
JOBS_MAX = 256          # processes
TEXT_MAX = 1 << 20      # a text file an option names (a key script): 1 MB
LINE_MAX = 300          # characters of an error line


class Help(argparse.HelpFormatter):
    """--help as every command shows it: the description wrapped to the
    terminal, paragraph by paragraph (a blank line between), and each
    option's help ending in its default, "(default: X)", unless the help
    says it already.  A path default in the checkout is shown relative to
    it (build/web, not /home/.../build/web)."""

    def _fill_text(self, text, width, indent):
        return "\n\n".join(super(Help, self)._fill_text(p, width, indent)
                           for p in text.split("\n\n"))

    def _get_help_string(self, action):
        text = action.help or ""
        d = action.default
        if "default" in text or action.required or action.nargs == 0 or \
                d is None or d is False or d is argparse.SUPPRESS or d in ("", [], {}):
            return text
        return "%s (default: %s)" % (text, shown_default(d).replace("%", "%%"))


def shown_default(value):
    """A default as --help shows it: a path under the checkout relative to
    it, one under the home folder from ~."""
    from host_tools import ROOT
    if isinstance(value, str) and os.path.isabs(value):
        if value.startswith(ROOT + os.sep):
            return os.path.relpath(value, ROOT)
        home = os.path.expanduser("~")
        if value.startswith(home + os.sep):
            return "~" + value[len(home):]
    return str(value)


class Parser(argparse.ArgumentParser):
    """argparse with one-line refusals: `name: what was wrong (--help lists
    the options)` on stderr, exit status 2.  `description` says what the
    command is for (required: tests/host/test_cli_help.py reads every
    command's); --help states each option's default (Help).  A module
    run on its own (`python -m host_tools.bench.device_strength`) gives
    its own `prog`."""

    def __init__(self, name, description, **kw):
        self.name = name
        kw.setdefault("formatter_class", Help)
        kw.setdefault("prog", prog(name))
        super().__init__(description=description, **kw)

    # The options several commands take, each stated once: its type and
    # range here, what it means to the command in `help`.
    def add_seed(self, default, help):
        """--seed: a whole number every runtime's random takes (0 to
        SEED_MAX), `help` saying what it seeds."""
        self.add_argument("--seed", type=whole(0, SEED_MAX), default=default, help=help)

    def add_games(self, default, help, least=1, most=GAMES_MAX):
        """--games: how many games (least to most), `help` saying which
        (a tournament's, games timed)."""
        self.add_argument("--games", type=whole(least, most), default=default, help=help)

    def add_jobs(self, default, help="processes"):
        """--jobs: how many processes share the work (1 to JOBS_MAX); a
        default of None needs `help` to say what it means."""
        self.add_argument("--jobs", type=whole(1, JOBS_MAX), default=default, help=help)

    def add_rules(self, help):
        """--rules: rule overrides as a JSON object (json_object), none by
        default: `help` ends "(default: the ... rules)"."""
        self.add_argument("--rules", type=json_object, default={}, help=help)

    def add_json(self, help="write the summary here"):
        """--json: a file the summary is written to as well (out_file); by
        default none."""
        self.add_argument("--json", type=out_file, default=None,
                          help=help + " (default: not written)")

    def add_out(self, default, help="folder for the results", type=None):
        """--out: where the command writes: a folder (out_dir: made if
        missing) unless `type` says otherwise (out_file, emptied_dir)."""
        self.add_argument("--out", type=type or out_dir, default=default, help=help)

    def add_micropython(self):
        """--micropython: the MicroPython unix port a command times
        (program); None for the venv's (devsim.micropython_exe)."""
        self.add_argument("--micropython", type=program, default=None,
                          help="MicroPython unix port to time (default: the venv's)")

    def add_quiet(self):
        """--quiet: no progress bar (host_tools.progress.Bar)."""
        self.add_argument("--quiet", action="store_true", help="no progress bar")

    def checked(self, option, kind, value):
        """kind(value) for a value the command picks itself (a default that
        depends on others), refused as an option's would be."""
        try:
            return kind(value)
        except argparse.ArgumentTypeError as e:
            self.error("%s: %s" % (option, e))

    def error(self, message):
        if message.startswith("argument "):
            message = message[len("argument "):]
        self.exit(2, "%s: %s (--help lists the options)\n"
                  % (self.name, one_line(message, LINE_MAX - len(self.name) - 30)))


def one_line(text, limit=LINE_MAX):
    """text as one ASCII line of at most `limit` characters."""
    text = " ".join(str(text).split())
    text = text.encode("ascii", "backslashreplace").decode("ascii")
    if len(text) > limit:
        text = text[:limit - 3] + "..."
    return text


def shown(text, limit=40):
    """A value as a refusal quotes it: repr, ASCII, cut short."""
    r = repr(text)
    return one_line(r if len(r) <= limit else r[:limit - 4] + "...'")


def _refuse(msg):
    raise argparse.ArgumentTypeError(msg)


# -- numbers ------------------------------------------------------------------
def whole(lo, hi, what="a whole number"):
    """Type: an int lo..hi written in decimal (no NaN, no 1e3, no 10**5000)."""
    def parse(text):
        try:
            v = int(text, 10)
        except ValueError:
            v = None
        if v is None or not lo <= v <= hi:
            _refuse("takes %s from %d to %d, not %s" % (what, lo, hi, shown(text)))
        return v
    parse.__name__ = what
    parse.bounds = (lo, hi)         # tests/host/test_cli_arguments.py tries past each end
    return parse


def real(lo, hi, unit="seconds"):
    """Type: a finite float lo..hi (NaN, inf and 1e300 refused)."""
    def parse(text):
        try:
            v = float(text)
        except ValueError:
            v = None
        if v is None or not lo <= v <= hi:       # NaN compares False
            _refuse("takes %s from %g to %g, not %s" % (unit, lo, hi, shown(text)))
        return v
    parse.__name__ = unit
    parse.bounds = (lo, hi)
    return parse


def heap_size(text):
    """Type: a MicroPython heap size as -X heapsize= takes it: bytes, or a
    whole number of k or m (16k .. 1g)."""
    t = text.strip().lower()
    mult = {"k": 1 << 10, "m": 1 << 20}.get(t[-1:], 1)
    digits = t[:-1] if mult > 1 else t
    if not digits.isdigit() or len(digits) > 10 or \
            not 16 << 10 <= int(digits) * mult <= 1 << 30:
        _refuse("takes a heap size like 96k or 2m (16k to 1024m), not %s" % shown(text))
    return t


def sha256_hex(text):
    """Type: a SHA-256 written as 64 hex digits (given lower case)."""
    if len(text) != 64 or text.strip("0123456789abcdefABCDEF"):
        _refuse("takes a SHA-256 as 64 hex digits, not %s" % shown(text))
    return text.lower()


def json_object(text, max_bytes=65536):
    """Type: a JSON object given on the command line (--rules): not NaN,
    not nested past what Python parses, not over max_bytes."""
    if len(text) > max_bytes:
        _refuse("a JSON object of %d characters; at most %d" % (len(text), max_bytes))
    try:
        v = load_json(text)
    except ValueError as e:
        _refuse(str(e))
    if not isinstance(v, dict):
        _refuse("takes a JSON object ({\"name\": value, ...}), not %s" % shown(text))
    return v


def _no_constant(name):
    raise ValueError("%s is not a number JSON allows" % name)


def load_json(text):
    """JSON text -> value; ValueError with one short reason (bad JSON,
    nested too deep, NaN/Infinity, numbers with too many digits)."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("bad JSON: nested too deep") from None
    except ValueError as e:
        if "JSON allows" in str(e):
            raise
        raise ValueError("bad JSON: %s" % e) from None


# -- paths --------------------------------------------------------------------
def _path(text):
    if not text:
        _refuse("an empty path")
    return text


def _ancestor(path):
    """The nearest part of path's folder chain that exists."""
    d = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(d):
        d = os.path.dirname(d)
    return d


def writable_folder(folder):
    """None if a file can be made and written in folder, else why not."""
    if not os.path.exists(folder):
        above = _ancestor(folder)
        if not os.path.isdir(above):
            return "%s is a file, not a folder" % above
        return "no folder %s (make it first)" % folder
    if not os.path.isdir(folder):
        return "%s is a file, not a folder" % folder
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".pocket-probe-")
    except OSError as e:
        return "cannot make a file in %s (%s)" % (folder, e.strerror)
    try:
        os.write(fd, b"\0" * PROBE)
        vfs = os.fstatvfs(fd)
        free = (vfs.f_bfree if os.geteuid() == 0 else vfs.f_bavail) * vfs.f_frsize
        if vfs.f_blocks and free < PROBE:
            return "the disk holding %s is full" % folder
    except OSError as e:
        return "cannot write in %s (%s)" % (folder, e.strerror)
    finally:
        os.close(fd)
        os.unlink(tmp)
    return None


def _devnull(path):
    try:
        return os.path.samefile(path, os.devnull)
    except OSError:
        return False


def out_file(text):
    """Type: a file to write (made or replaced).  Its folder must exist and
    take a file; the path itself must not be a folder, a device or a pipe
    (but /dev/null: output thrown away)."""
    path = _path(text)
    if os.path.isdir(path):
        _refuse("%s is a folder; give a file name (in it, say)" % path)
    if os.path.exists(path) and not os.path.isfile(path) and not _devnull(path):
        _refuse("%s is not a regular file (a device or a pipe); give a file name" % path)
    why = writable_folder(os.path.dirname(os.path.abspath(path)))
    if why:
        _refuse("cannot write %s: %s" % (path, why))
    return path


def made_file(text):
    """out_file whose folder may be missing: the command makes it (so its
    nearest existing folder must take a file)."""
    path = _path(text)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        out_dir(folder)
        return path
    return out_file(text)


def out_file_or_stdout(text):
    """out_file, or "-" for the standard output."""
    return text if text == "-" else out_file(text)


def png_file(text):
    """out_file whose name ends in .png (the format is read off the name)."""
    if not text.lower().endswith(".png"):
        _refuse("takes a file name ending in .png, not %s" % shown(text))
    return out_file(text)


def out_dir(text):
    """Type: a folder to write files into; a missing one is made by the
    command (so its nearest existing folder must take a file)."""
    path = _path(text)
    if os.path.exists(path) and not os.path.isdir(path):
        _refuse("%s is a file, not a folder" % path)
    folder = path if os.path.isdir(path) else _ancestor(os.path.join(path, "x"))
    why = writable_folder(folder)
    if why:
        _refuse("cannot write in %s: %s" % (path, why))
    return path


def program(text):
    """Type: a program to run: a path to an executable file, or a name on
    PATH."""
    path = _path(text)
    if not shutil.which(path):
        _refuse("no program %s (not an executable file, nor a name on PATH)" % path)
    return path


def emptied_dir(*markers):
    """Type: out_dir for a folder the command empties before it writes (a
    build output): one that holds files but not `markers`, the files the
    command always makes there, is someone else's: refused, never wiped."""
    def parse(text):
        path = out_dir(text)
        if not_ours(path, *markers):
            _refuse("%s holds files but no %s, so it is not this command's output, and it "
                    "would be emptied: give a new or empty folder"
                    % (path, " and ".join(markers)))
        return path
    parse.__name__ = "folder"
    return parse


def not_ours(path, *markers):
    """True if folder `path` holds files but not all of `markers` (the
    files a command always makes in its output folder): emptying it would
    destroy someone else's files."""
    return os.path.isdir(path) and bool(os.listdir(path)) and \
        not all(os.path.exists(os.path.join(path, m)) for m in markers)


def in_dir(text):
    """Type: a folder that exists (read from)."""
    path = _path(text)
    if not os.path.exists(path):
        _refuse("no folder %s" % path)
    if not os.path.isdir(path):
        _refuse("%s is a file, not a folder" % path)
    return path


def in_file(text):
    """Type: a regular file that exists and opens for reading."""
    path = _path(text)
    if not os.path.exists(path):
        _refuse("no file %s" % path)
    if os.path.isdir(path):
        _refuse("%s is a folder, not a file" % path)
    if not os.path.isfile(path):
        _refuse("%s is not a regular file (a device or a pipe)" % path)
    try:
        with open(path, "rb"):
            pass
    except OSError as e:
        _refuse("cannot read %s (%s)" % (path, e.strerror))
    return path


def text_file(text):
    """Type: in_file whose content is UTF-8 text of at most TEXT_MAX bytes;
    gives the text."""
    path = in_file(text)
    with open(path, "rb") as f:
        data = f.read(TEXT_MAX + 1)
    if len(data) > TEXT_MAX:
        _refuse("%s is over %d bytes; a text file here is far smaller" % (path, TEXT_MAX))
    try:
        s = data.decode("utf-8")
    except UnicodeDecodeError as e:
        s = None
        at = e.start
    else:
        at = s.find("\0")
    if s is None or at >= 0:
        _refuse("%s is not a text file (byte 0x%02x at offset %d)" % (path, data[at], at))
    return s


def save(path, write, binary=False):
    """Write an output file atomically: write(f) fills a file beside `path`,
    renamed over it once complete (/dev/null is written directly).  An
    OSError (a disk that filled meanwhile) leaves the old file whole."""
    def fill(tmp):
        with open(tmp, "wb" if binary else "w") as f:
            write(f)
    save_as(path, fill)


def save_as(path, make):
    """save() for a writer that takes a file name (matplotlib's savefig):
    make(tmp) writes tmp, which ends as `path` does (.png, say)."""
    if _devnull(path):
        make(path)
        return
    folder, base = os.path.split(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + base + ".",
                               suffix=".tmp" + os.path.splitext(base)[1])
    os.close(fd)
    try:
        make(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_figure(path, fig, dpi):
    """save_as() for a matplotlib figure, which is then closed (pyplot
    keeps every figure open until it is)."""
    import matplotlib.pyplot as plt
    try:
        save_as(path, lambda tmp: fig.savefig(tmp, dpi=dpi))
    finally:
        plt.close(fig)


def _umask():
    m = os.umask(0)
    os.umask(m)
    return m


# -- the standard output ------------------------------------------------------
def stdout_problem(out=None):
    """None if the standard output can take what a command prints, else why
    not: closed, a pipe whose reader has gone, /dev/full, a full disk."""
    out = sys.stdout if out is None else out
    if out is None:
        return "the standard output is closed"
    try:
        fd = out.fileno()
    except (AttributeError, OSError, ValueError):
        return None            # not a file (a test's StringIO)
    try:
        st = os.fstat(fd)
    except OSError:
        return "the standard output is closed"
    if stat.S_ISFIFO(st.st_mode) or stat.S_ISSOCK(st.st_mode):
        p = select.poll()
        p.register(fd, select.POLLOUT)
        for _, ev in p.poll(0):
            if ev & (select.POLLERR | select.POLLHUP):
                return "the standard output is a pipe nobody reads any more"
    elif stat.S_ISCHR(st.st_mode):
        try:
            full = os.stat("/dev/full").st_rdev
        except OSError:
            full = None
        if st.st_rdev == full:
            return "the standard output is /dev/full (every write fails)"
    elif stat.S_ISREG(st.st_mode):
        vfs = os.fstatvfs(fd)
        free = (vfs.f_bfree if os.geteuid() == 0 else vfs.f_bavail) * vfs.f_frsize
        if vfs.f_blocks and free < PROBE:
            return "the disk holding the standard output is full"
    return None
