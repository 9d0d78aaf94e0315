"""Turn validation: is the proposed end-of-turn table legal?

The table is judged only by where tiles end up (RULES.md: every table tile
stays on the table, every set is valid, one rack tile at least), so the UI
may let the player move tiles any way it likes and ask here at the end.
"""
from rummikub.tiles import (JOKER, CODE_LIMIT, MAX_NUMBER, fmt_tile, fmt_tiles,
                            count_tiles, has, remove_tile, sort_by_number)
from rummikub.melds import SetError, analyse, readings, canonical, GROUP


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


def _tile_name(t):
    return "a joker" if t == JOKER else fmt_tile(t)


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


def _take(pool, tiles):
    """Counts left after taking tiles from the count array pool, or None."""
    p = bytearray(pool)
    for t in tiles:
        if not p[t]:
            return None
        p[t] -= 1
    return p


MELD_STEPS = 3000     # search steps best_meld takes before it settles


class _OutOfSteps(Exception):
    pass


def best_meld(tiles, ncolours, steps=MELD_STEPS):
    """(value, exact): the highest total value of valid sets made only of
    `tiles` (a sub-multiset of them, each tile used once, a joker worth
    what it stands for).

    A search over the lowest tile left, number first (the lowest numbered
    tile of a run, in a group, or in no set, in that order), remembered per
    remaining multiset; taking numbers in order keeps those few.  A joker
    is only used where no real tile is free (swapping one for the other
    never changes what is possible).  Exact within `steps` search steps
    (every real turn we have seen needs a few hundred); past them, the best
    value found so far and exact=False.  Memory: one memo entry per step."""
    nums = sort_by_number([t for t in tiles if t != JOKER])
    jokers = len(tiles) - len(nums)
    state = [0, steps]       # best value seen on a whole path, steps left
    try:
        return _pack(bytes(nums), jokers, ncolours, {}, 0, state), True
    except _OutOfSteps:
        return state[0], False


def _pack(nums, jokers, ncol, memo, acc, state):
    if not nums:
        if acc > state[0]:
            state[0] = acc
        return 0
    key = nums + bytes([jokers])
    got = memo.get(key)
    if got is not None:
        if acc + got > state[0]:
            state[0] = acc + got
        return got
    state[1] -= 1
    if state[1] < 0:
        raise _OutOfSteps()
    t = nums[0]
    rest = nums[1:]
    best = 0
    n = t & 15
    c = t >> 4
    # a run with t as its lowest numbered tile, up to the numbered tile top
    left = bytearray(rest)
    used = 0
    for top in range(n, MAX_NUMBER + 1):
        if top > n:
            u = (c << 4) | top
            if not remove_tile(left, u):
                used += 1              # a joker stands for it
                if used > jokers:
                    break
                continue               # a run's top numbered tile is real
        for extra in range(jokers - used, -1, -1):
            length = top - n + 1 + extra
            if length < 3:
                break
            up = MAX_NUMBER - top
            if up > extra:
                up = extra
            lo = n - (extra - up)
            if lo < 1:
                continue
            v = (lo + top + up) * length // 2
            v += _pack(bytes(left), jokers - used - extra, ncol, memo, acc + v, state)
            if v > best:
                best = v
    # a group with t as its lowest colour
    others = []
    for u in rest:
        if u & 15 == n and u >> 4 > c and not has(others, u):
            others.append(u)
    for mask in range((1 << len(others)) - 1, -1, -1):
        left = bytearray(rest)
        size = 1
        for k in range(len(others)):
            if mask >> k & 1:
                remove_tile(left, others[k])
                size += 1
        for j in range(jokers, -1, -1):
            if size + j < 3:
                break
            if size + j > ncol:
                continue
            v = n * (size + j)
            v += _pack(bytes(left), jokers - j, ncol, memo, acc + v, state)
            if v > best:
                best = v
    v = _pack(rest, jokers, ncol, memo, acc, state)          # t in no set
    if v > best:
        best = v
    memo[key] = best
    return best


def _joker_sets(sets, ncol):
    """For each set holding a joker: (its numbered tiles, one list of joker
    roles per reading).  A role is the tile a joker stands for in a run,
    only its number (plus 0x100) in a group: either missing colour frees it."""
    out = []
    for s in sets:
        if not has(s, JOKER):
            continue
        per = []
        for kind, _, stands in readings(s, ncol):
            roles = []
            for i in range(len(s)):
                if s[i] == JOKER:
                    roles.append(0x100 | (stands[i] & 15) if kind == GROUP else stands[i])
            per.append(roles)
        out.append((bytes([t for t in s if t != JOKER]), per))
    return out


def _shares(a, b):
    for t in a:
        if has(b, t):
            return True
    return False


def _jokers_of(sets, choice):
    """[(set index, role)] for one choice of reading per set."""
    out = []
    for i in range(len(sets)):
        for role in sets[i][1][choice[i]]:
            out.append((i, role))
    return out


def _kept(bj, aj, bsets, asets):
    """Most before-jokers matched to after-jokers of the same role in a set
    that still holds a numbered tile of the joker's old set."""
    match = [-1] * len(aj)

    def augment(i, seen):
        for k in range(len(aj)):
            if seen[k] or aj[k][1] != bj[i][1] \
                    or not _shares(bsets[bj[i][0]][0], asets[aj[k][0]][0]):
                continue
            seen[k] = True
            if match[k] < 0 or augment(match[k], seen):
                match[k] = i
                return True
        return False

    n = 0
    for i in range(len(bj)):
        if augment(i, [False] * len(aj)):
            n += 1
    return n


def _choices(sets):
    """Every choice of one reading per set (sets that read two ways are few:
    each needs two jokers)."""
    choice = [0] * len(sets)
    while True:
        yield choice
        i = 0
        while i < len(sets):
            choice[i] += 1
            if choice[i] < len(sets[i][1]):
                break
            choice[i] = 0
            i += 1
        if i == len(sets):
            return


def _freed_jokers(before, after, ncol):
    """How many table jokers are freed: no longer standing for the same tile
    in a set that still holds one of their old set's numbered tiles, under
    the readings (of sets that read two ways) that free the fewest."""
    bsets = _joker_sets(before, ncol)
    if not bsets:
        return 0
    asets = _joker_sets(after, ncol)
    fewest = -1
    for bc in _choices(bsets):
        bj = _jokers_of(bsets, bc)
        for ac in _choices(asets):
            freed = len(bj) - _kept(bj, _jokers_of(asets, ac), bsets, asets)
            if fewest < 0 or freed < fewest:
                fewest = freed
    return fewest


def _jokers_with_rack_tiles(after, played):
    """Most jokers sitting in sets whose numbered tiles (2 or more) all came
    from the rack, no rack tile counted twice."""
    cand = []
    for s in after:
        if has(s, JOKER):
            others = bytearray([t for t in s if t != JOKER])
            if len(others) >= 2:
                cand.append((others, len(s) - len(others)))
    whole = count_tiles((played,))
    best = 0
    for mask in range(1, 1 << len(cand)):
        pool = whole
        n = 0
        for k in range(len(cand)):
            if mask >> k & 1:
                pool = _take(pool, cand[k][0])
                if pool is None:
                    break
                n += cand[k][1]
        if pool is not None and n > best:
            best = n
    return best


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
        freed = _freed_jokers(before, after, ncol)
        if freed and _jokers_with_rack_tiles(after, played) < freed:
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
    readings = []
    for i in range(len(after)):
        s = after[i]
        for k in range(len(s)):
            if s[k] == JOKER:
                readings.append(stands[i][k] & 15)
            elif old[s[k]]:
                old[s[k]] -= 1
            else:
                v += s[k] & 15
    readings.sort()
    new_jokers = len(readings) - old[JOKER]
    for k in range(new_jokers):
        v += readings[k]
    return v
