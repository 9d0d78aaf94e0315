"""Turn validation: is the proposed end-of-turn table legal?

The table is judged only by where tiles end up (RULES.md: every table tile
stays on the table, every set is valid, one rack tile at least), so the UI
may let the player move tiles any way it likes and ask here at the end.
The two variants' checks live in their own modules, loaded only when a
rule asks for them (the device heap): `meld_search` (the initial meld with
table use) and `freed` (the Pressman freed-joker rule).
"""
from rummikub.tiles import JOKER, CODE_LIMIT, fmt_tile, fmt_tiles, count_tiles
from rummikub.melds import SetError, analyse, canonical


class TurnResult:
    """Outcome of a turn check.  `code` is stable for tools; `message` names
    the set, the tile and the rule for the player."""

    def __init__(self, valid, code="ok", message="", set_index=-1,
                 played=None, points=0, value=0):
        self.valid = valid
        self.code = code
        self.message = message
        self.set_index = set_index      # 0-based index into the new table
        self.played = played if played is not None else bytearray()
        self.points = points            # initial-meld points, else 0
        self.value = value              # played tiles' worth, jokers as their tile

    def __repr__(self):
        if self.valid:
            return "TurnResult(valid, played=%s, points=%d)" % (
                fmt_tiles(self.played), self.points)
        return "TurnResult(%s: %s)" % (self.code, self.message)


def _refuse(code, message, set_index=-1):
    return TurnResult(False, code, message, set_index)


def _set_label(i, s):
    return "set %d (%s)" % (i + 1, fmt_tiles(s))


def played_tiles(before, rack, after):
    """Rack tiles the new table uses, or a refusal naming the first problem."""
    b = count_tiles(before)
    a = count_tiles(after)
    r = count_tiles((rack,))
    played = bytearray()
    for t in range(CODE_LIMIT):
        d = a[t] - b[t]
        if d < 0:
            msg = "%s was on the table and is missing" % fmt_tile(t)
            if t == JOKER:
                msg = ("a joker was on the table and is missing (a freed joker "
                       "must be played again this turn)")
            return _refuse("table_tile_missing", msg)
        if d > r[t]:
            if r[t] == 0:
                return _refuse("not_on_rack", "%s is not on your rack" % fmt_tile(t))
            return _refuse("not_on_rack", "you have %d %s on your rack, not %d"
                           % (r[t], fmt_tile(t), d))
        for _ in range(d):
            played.append(t)
    return played


def validate_turn(before, rack, after, melded, rules):
    """Judge a turn: `before`/`after` are lists of sets (bytes-like, written
    order), `rack` the player's tiles, `melded` whether the initial meld is
    done.  Returns a TurnResult; never raises for an illegal turn."""
    ncol = rules.ncolours
    played = played_tiles(before, rack, after)
    if isinstance(played, TurnResult):
        return played
    if not played:
        return _refuse("nothing_played",
                       "play at least one tile from your rack, or draw")
    values = []
    stands = []
    for i in range(len(after)):
        s = after[i]
        try:
            _, v, st = analyse(s, ncol)
        except SetError as e:
            return _refuse(e.code, "%s: %s" % (_set_label(i, s), e.message), i)
        values.append(v)
        stands.append(st)
    points = 0
    if not melded:
        if rules.initial_meld_table_use:
            from rummikub.meld_search import best_meld
            points = best_meld(played, ncol)[0]
        else:
            left = [canonical(s, ncol) for s in after]
            for i in range(len(before)):
                c = canonical(before[i], ncol)
                if c in left:
                    left.remove(c)
                else:
                    return _refuse("table_touched", "before your initial meld the "
                                   "table may not be touched; %s was changed"
                                   % _set_label(i, before[i]))
            for i in range(len(after)):
                c = canonical(after[i], ncol)
                if c in left:
                    left.remove(c)
                    points += values[i]
        if points < rules.initial_meld:
            return _refuse("initial_meld_points", "initial meld is %d points; %d "
                           "needed (new sets from your own rack only)"
                           % (points, rules.initial_meld))
    if rules.freed_joker_with_rack_tiles and (melded or rules.initial_meld_table_use):
        from rummikub.freed import freed_jokers, jokers_with_rack_tiles
        freed = freed_jokers(before, after, ncol)
        if freed and jokers_with_rack_tiles(after, played) < freed:
            return _refuse("freed_joker", "a freed joker must go into a new set "
                           "with at least 2 tiles from your rack")
    return TurnResult(True, played=played, points=points,
                      value=_played_value(before, after, stands))


def _played_value(before, after, stands):
    """Worth of the tiles that are new on the table, a joker counting as the
    tile it stands for.  Jokers are alike, so played jokers count as the
    lowest readings of all jokers on the new table (never over-praised,
    whatever the order of the sets)."""
    old = count_tiles(before)
    v = 0
    stood = []
    for i in range(len(after)):
        s = after[i]
        for k in range(len(s)):
            if s[k] == JOKER:
                stood.append(stands[i][k] & 15)
            elif old[s[k]]:
                old[s[k]] -= 1
            else:
                v += s[k] & 15
    stood.sort()
    new_jokers = len(stood) - old[JOKER]
    for k in range(new_jokers):
        v += stood[k]
    return v
