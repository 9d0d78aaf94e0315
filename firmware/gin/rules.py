"""Gin Rummy rule config: defaults are the seed's rules, each other value a
named variant (docs/player.md, "Gin Rummy", lists them).

  knock_limit  10     deadwood points a knock may leave (0 = gin only)
  oklahoma     False  the first up-card's value sets each hand's knock
                      limit (ace 1, faces 10) and a spade up-card doubles
                      that hand (the seed's variant)
  gin_layoff   True   False: no lay-offs onto a gin hand
  target       100    points that end the game
"""
from common import RuleError, shown

# name -> (default, low, high) for numbers, (default, None, None) for flags
FIELDS = (
    ("knock_limit", 10, 0, 10),
    ("oklahoma", False, None, None),
    ("gin_layoff", True, None, None),
    ("target", 100, 1, 1000),
)


class GinRules:
    def __init__(self, **overrides):
        for name, default, _, _ in FIELDS:
            setattr(self, name, default)
        self.update(overrides)

    def update(self, overrides):
        """Set each rule of a dict (an untrusted one too: any key, even
        "self", is only ever a rule name, refused with RuleError if unknown)."""
        for name in overrides:
            self.set(name, overrides[name])
        return self

    def set(self, name, v):
        for fname, default, lo, hi in FIELDS:
            if fname != name:
                continue
            if lo is None:
                if v is not True and v is not False:
                    raise RuleError("rule %s takes true or false, not %s" % (name, shown(v)))
            elif v is True or v is False or not isinstance(v, int) or not lo <= v <= hi:
                raise RuleError("rule %s takes a whole number %d-%d, not %s"
                                % (name, lo, hi, shown(v)))
            setattr(self, name, v)
            return
        raise RuleError("unknown gin rule %s (rules: %s)" % (
            shown(name), ", ".join([f[0] for f in FIELDS])))

    def changed(self):
        """Only the rules that differ from the defaults (saves, score log)."""
        d = {}
        for name, default, _, _ in FIELDS:
            if getattr(self, name) != default:
                d[name] = getattr(self, name)
        return d

    def __eq__(self, other):
        return isinstance(other, GinRules) and self.changed() == other.changed()
