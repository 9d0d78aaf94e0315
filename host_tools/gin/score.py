"""`python -m host_tools gin score`: score one knock given as JSON on stdin.

In:  {"knocker": "AS 2S 3S 7H 7D 7C 9C 10C JC KD", "defender": "...",
      "knock_limit": 10, "doubled": false, "rules": {"gin_layoff": false}}
     (knock_limit, doubled and rules may be left out: 10, false, {})
Out: {"knocker_melds": ["AS 2S 3S", ...], "knocker_deadwood": 10, "gin": false,
      "layoffs": [{"card": "8C", "meld": "9C 10C JC"}], "defender_melds": [...],
      "defender_deadwood": 20, "undercut": false, "winner": "knocker",
      "points": 10, ...}
Exit 0 legal knock, 1 knocker over the knock limit (the message says by how
much), 2 malformed input (one line on stderr, {"error": ...} on stdout;
input over 64 KiB is refused unread, as `check` and `solve` do).
"""
import json

from host_tools.cli.jsonio import InputError, guarded, one_line, read_limited, run_command
from gin.cards import CardError, parse_card, fmt_card, fmt_cards
from gin.rules import GinRules
from gin.scoring import score_knock, KnockError
from rummikub.rules import RuleError

FIELDS = ("knocker", "defender", "knock_limit", "doubled", "rules")


def _hand(obj, name):
    if name not in obj:
        raise InputError("missing field %r" % name)
    v = obj[name]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        v = " ".join(v)
    if not isinstance(v, str):
        raise InputError("%s must be a string of cards like \"AS 10H KD\"" % name)
    toks = v.replace(",", " ").split()
    cards = []
    for t in toks:
        try:
            c = parse_card(t)
        except CardError as e:
            raise InputError("%s: %s" % (name, e))
        if c in cards:
            raise InputError("%s: card %s is listed twice" % (name, fmt_card(c)))
        cards.append(c)
    if len(cards) != 10:
        raise InputError("%s has %d cards; a hand is ten cards" % (name, len(cards)))
    return cards


def parse(obj):
    """(knocker, defender, knock_limit, doubled, GinRules) or InputError."""
    if not isinstance(obj, dict):
        raise InputError("input must be a JSON object")
    for k in obj:
        if k not in FIELDS:
            raise InputError("unknown field %r (fields: %s)" % (k, ", ".join(FIELDS)))
    kn = _hand(obj, "knocker")
    de = _hand(obj, "defender")
    both = [c for c in kn if c in de]
    if both:
        raise InputError("card %s is in both hands" % fmt_card(both[0]))
    rules = obj.get("rules", {})
    if not isinstance(rules, dict):
        raise InputError("rules must be an object of variant names")
    try:
        rules = GinRules().update(rules)
    except RuleError as e:
        raise InputError(str(e))
    limit = obj.get("knock_limit", rules.knock_limit)
    if limit is True or limit is False or not isinstance(limit, int) or not 0 <= limit <= 10:
        raise InputError("knock_limit must be a whole number 0-10, not %r" % (limit,))
    doubled = obj.get("doubled", False)
    if doubled is not True and doubled is not False:
        raise InputError("doubled must be true or false, not %r" % (doubled,))
    return kn, de, limit, doubled, rules


def result_json(r):
    km = r["knocker_melds"]
    return {
        "knocker_melds": [fmt_cards(m) for m in km],
        "knocker_deadwood": r["knocker_deadwood"],
        "knocker_deadwood_cards": fmt_cards(r["knocker_dead"]),
        "gin": r["gin"],
        "layoffs": [{"card": fmt_card(c), "meld": fmt_cards(km[k])} for c, k in r["layoffs"]],
        "defender_melds": [fmt_cards(m) for m in r["defender_melds"]],
        "defender_deadwood": r["defender_deadwood"],
        "defender_deadwood_cards": fmt_cards(r["defender_dead"]),
        "undercut": r["undercut"],
        "winner": r["winner"],
        "points": r["points"],
    }


def score(obj):
    """(exit status, JSON-able answer, message or None)."""
    try:
        kn, de, limit, doubled, rules = parse(obj)
    except InputError as e:
        return 2, {"error": str(e)}, str(e)
    try:
        r = score_knock(kn, de, limit, doubled, rules.gin_layoff)
    except KnockError as e:
        return 1, {"error": str(e), "over_by": e.over, "knock_limit": limit}, str(e)
    return 0, result_json(r), None


def main(argv, stdin=None, stdout=None, stderr=None):
    """stdin: a binary stream (default: the process's, read as bytes)."""
    return run_command("gin score", __doc__, argv, (stdin, stdout, stderr), _run)


def _run(stdin, stdout, stderr):
    scored, why = guarded(score, read_limited(stdin))
    code, out, msg = scored if why is None else (2, {}, why)
    if msg:
        msg = one_line(msg, 285)   # with "gin score: ", at most 296
        out["error"] = msg
    print(json.dumps(out), file=stdout)
    if msg:
        print("gin score: %s" % msg, file=stderr)
    return code
