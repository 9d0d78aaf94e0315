"""Shared input handling for the JSON commands (check, solve, gin score): the
command frame, bytes to a request, notation and rule overrides, with errors
that name what was wrong.

Every malformed input becomes an InputError whose text is one short line
(`one_line`), so no input, however hostile, reaches the user as a traceback
or is echoed back at length.
"""
import math
import sys

import host_tools  # noqa: F401  (puts firmware/ on sys.path)
from host_tools.options import load_json, one_line  # noqa: F401 (one_line: the commands)
from rummikub.rules import Rules, RuleError
from rummikub.tiles import (MAX_NUMBER, NotationError, parse_table, parse_tiles, fmt_tiles,
                            count_tiles, check_supply)
from rummikub.melds import SetError, analyse

MAX_BYTES = 65536          # one request (a whole XP set written out is ~700)
MAX_BUDGET_MS = 3600000    # an hour


class InputError(ValueError):
    """Malformed input (exit status 2)."""


def run_command(name, doc, argv, streams, run):
    """The frame of a command that reads only stdin: streams is (stdin,
    stdout, stderr), None for the process's own (stdin as bytes, so no
    locale decides how it is decoded); `--help`/`-h` prints `doc` (0), any
    other argument is refused (2); else run(stdin, stdout, stderr) gives
    the exit status."""
    stdin, stdout, stderr = streams
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if argv and argv[0] in ("-h", "--help"):
        print(doc.strip(), file=stdout)
        return 0
    if argv:
        print("%s: takes no arguments (input is JSON on stdin); see --help" % name,
              file=stderr)
        return 2
    return run(stdin or sys.stdin.buffer, stdout, stderr)


def read_limited(stream):
    """Up to MAX_BYTES + 1 bytes from a binary stream (read no further: one
    byte more than `guarded` takes tells it the input is too long)."""
    return stream.read(MAX_BYTES + 1)


def guarded(answer, data, what="input"):
    """(answer(the JSON value in data), None), or (None, why) when the input
    is malformed: over MAX_BYTES, not UTF-8 JSON, or refused by `answer`
    with an InputError; a RecursionError (a request nested deep enough to
    pass the parser but not the code that reads it) is malformed too.  The
    one way every JSON command turns bytes into an answer or a reason."""
    try:
        if len(data) > MAX_BYTES:
            raise InputError("%s is over %d bytes; a request needs far less" % (what, MAX_BYTES))
        return answer(decode(data)), None
    except RecursionError:
        return None, "input nested too deep"
    except InputError as e:
        return None, str(e)


def decode(data):
    """bytes -> the JSON value, or InputError (not UTF-8, bad JSON, nested too
    deep, NaN/Infinity, numbers with too many digits)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError("input is not UTF-8 (byte 0x%02x at offset %d)"
                         % (data[e.start], e.start))
    try:
        return load_json(text)
    except ValueError as e:            # bad JSON, nested too deep, NaN, too many digits
        raise InputError(str(e)) from None


def field(obj, name, kind, default=None, required=True):
    if name not in obj:
        if required:
            raise InputError("missing field %r" % name)
        return default
    v = obj[name]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise InputError("field %r must be %s" % (name, getattr(kind, "__name__", kind)))
    return v


def melded_field(obj):
    """`melded`: true/false, missing means false (the initial meld is not
    done yet, so the 30 points are asked for)."""
    if "melded" in obj and not isinstance(obj["melded"], bool):
        raise InputError("field 'melded' must be true or false")
    return obj.get("melded", False)


def budget_field(obj):
    """`budget_ms`: null/missing (no limit) or milliseconds 0..an hour."""
    b = obj.get("budget_ms")
    if b is None:
        return None
    if isinstance(b, bool) or not isinstance(b, (int, float)) or \
            (isinstance(b, float) and not math.isfinite(b)) or not 0 <= b <= MAX_BUDGET_MS:
        raise InputError("field 'budget_ms' must be null or milliseconds from 0 to %d"
                         % MAX_BUDGET_MS)
    return int(b)


def rules_from(obj):
    r = field(obj, "rules", dict, {}, required=False)
    try:
        return Rules(**r)
    except (RuleError, TypeError) as e:
        raise InputError(str(e))


def position(obj, names=("table", "rack")):
    """Parse the notation fields of one request; the tiles across them must
    fit in one tile set, and the table must be valid sets."""
    if not isinstance(obj, dict):
        raise InputError("expected a JSON object")
    rules = rules_from(obj)
    whole = rules.ncolours * MAX_NUMBER * rules.copies + rules.jokers
    out = {}
    for name in names:
        text = field(obj, name, str, "", required=(name != "table"))
        try:
            v = parse_table(text, rules.ncolours) if name in ("table", "after") \
                else parse_tiles(text, rules.ncolours)
        except NotationError as e:
            raise InputError("%s: %s" % (name, e))
        out[name] = v
    held = sum(len(s) for s in out.get("table", ())) + len(out.get("rack", ()))
    placed = sum(len(s) for s in out.get("after", ()))
    for what, n in (("table and rack", held), ("after", placed)):
        if n > whole:
            raise InputError("%s hold %d tiles; the %s tile set has %d"
                             % (what, n, rules.tile_set, whole))
    try:
        check_supply(count_tiles(out.get("table", ()), count_tiles((out["rack"],))),
                     rules.copies, rules.jokers)
        if "after" in out:
            check_supply(count_tiles(out["after"]), rules.copies, rules.jokers)
    except NotationError as e:
        raise InputError(str(e))
    for i, s in enumerate(out.get("table", ())):
        try:
            analyse(s, rules.ncolours)
        except SetError as e:
            raise InputError("table: set %d (%s): %s" % (i + 1, fmt_tiles(s), e.message))
    return rules, out
