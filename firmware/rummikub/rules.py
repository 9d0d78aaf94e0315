"""The rule config: one object, field names exactly as in RULES.md.

Defaults are the official rule sheet; every other value is a named variant.
"""

# name -> (default, allowed values or None for "any whole number >= 0")
FIELDS = (
    ("tile_set", "standard", ("standard", "xp")),
    ("first_player", "draw", ("draw", "random")),
    ("initial_meld", 30, None),
    ("initial_meld_table_use", False, (False, True)),
    ("freed_joker_with_rack_tiles", False, (False, True)),
    ("timer_s", 60, None),
    ("failed_play_penalty", 1, None),
    ("extra_draws", False, (False, True)),
    ("joker_penalty", 30, None),
    ("exhausted_winner", "points", ("points", "tiles")),
    ("match_winner", "wins", ("wins", "points")),
)

# tile_set -> (colours, copies of each tile, jokers, min players, max players)
TILE_SETS = {
    "standard": (4, 2, 2, 2, 4),
    "xp": (6, 2, 4, 2, 6),
}

# RuleError and shown live in common (Gin's rules use them too); imported
# here, rummikub.rules.RuleError is the same class.
from common import RuleError, shown  # noqa: E402,F401


class Rules:
    """Holds one value per rule; unknown names and bad values are refused."""

    def __init__(self, **overrides):
        for name, default, _ in FIELDS:
            setattr(self, name, default)
        self.update(overrides)

    def update(self, overrides):
        for name in overrides:
            self.set(name, overrides[name])
        return self

    def set(self, name, value):
        for fname, default, allowed in FIELDS:
            if fname != name:
                continue
            if allowed is None:
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise RuleError("rule %s takes a whole number >= 0, not %s"
                                    % (name, shown(value)))
            elif value not in allowed or type(value) is not type(default):
                raise RuleError("rule %s takes one of %s, not %s"
                                % (name, ", ".join([repr(a) for a in allowed]), shown(value)))
            setattr(self, name, value)
            return
        raise RuleError("unknown rule %s" % shown(name))

    def as_dict(self):
        d = {}
        for name, _, _ in FIELDS:
            d[name] = getattr(self, name)
        return d

    def changed(self):
        """Only the rules that differ from the defaults (for saves, logs)."""
        d = {}
        for name, default, _ in FIELDS:
            v = getattr(self, name)
            if v != default:
                d[name] = v
        return d

    @property
    def ncolours(self):
        return TILE_SETS[self.tile_set][0]

    @property
    def copies(self):
        return TILE_SETS[self.tile_set][1]

    @property
    def jokers(self):
        return TILE_SETS[self.tile_set][2]

    @property
    def players(self):
        """(min, max) number of players for the tile set."""
        ts = TILE_SETS[self.tile_set]
        return ts[3], ts[4]

    def __eq__(self, other):
        return isinstance(other, Rules) and self.as_dict() == other.as_dict()

    def __repr__(self):
        return "Rules(%r)" % (self.changed(),)
