"""Shared parsing for the JSON commands (check, solve): notation and rule
overrides, with errors that name what was wrong."""
import host_tools  # noqa: F401  (puts firmware/ on sys.path)
from rummikub.rules import Rules, RuleError
from rummikub.tiles import NotationError, parse_table, parse_tiles, count_tiles, check_supply


class InputError(ValueError):
    """Malformed input (exit status 2)."""


def field(obj, name, kind, default=None, required=True):
    if name not in obj:
        if required:
            raise InputError("missing field %r" % name)
        return default
    v = obj[name]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise InputError("field %r must be %s" % (name, getattr(kind, "__name__", kind)))
    return v


def rules_from(obj):
    r = field(obj, "rules", dict, {}, required=False)
    try:
        return Rules(**r)
    except RuleError as e:
        raise InputError(str(e))


def position(obj, names=("table", "rack")):
    """Parse the notation fields of one request; the tiles across them must
    fit in one tile set."""
    if not isinstance(obj, dict):
        raise InputError("expected a JSON object")
    rules = rules_from(obj)
    out = {}
    counts = None
    for name in names:
        text = field(obj, name, str, "", required=(name != "table"))
        try:
            v = parse_table(text, rules.ncolours) if name in ("table", "after") \
                else parse_tiles(text, rules.ncolours)
        except NotationError as e:
            raise InputError("%s: %s" % (name, e))
        out[name] = v
        if name != "after":
            counts = count_tiles(v if name != "rack" else (v,), counts)
    try:
        check_supply(counts, rules.copies, rules.jokers)
        if "after" in out:
            check_supply(count_tiles(out["after"]), rules.copies, rules.jokers)
    except NotationError as e:
        raise InputError(str(e))
    return rules, out
