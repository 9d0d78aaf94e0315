"""Set rules: is a list of tiles a valid group or run, and what is it worth.

Runs are read in written order (a joker stands where it is written); groups
in any order.  When a set with one numbered tile and jokers reads both ways
(`J J R13` is R11-R13 or three 13s) its value is the reading worth more,
which is what any player would claim for an initial meld; where a verdict
depends on what its jokers stand for, `readings` gives both.
"""
from compat import const
from rummikub.tiles import JOKER, MAX_NUMBER, fmt_tile

GROUP = const(1)
RUN = const(2)


class SetError(ValueError):
    """An invalid set: .code is stable for tools, str() is for players."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def _run_start(s):
    """Number the first position stands for, or raise SetError."""
    first = -1
    colour = -1
    for i in range(len(s)):
        t = s[i]
        if t == JOKER:
            continue
        if first < 0:
            first = i
            colour = t >> 4
            start = (t & 15) - i
        elif t >> 4 != colour:
            raise SetError("run_colour", "a run is one colour; %s and %s differ"
                           % (fmt_tile(s[first]), fmt_tile(t)))
        elif (t & 15) != start + i:
            raise SetError("run_order", "%s cannot follow %s in a run (runs go "
                           "low to high, one step at a time)"
                           % (fmt_tile(t), fmt_tile(s[i - 1]) if s[i - 1] != JOKER
                              else "a joker standing for %d" % (start + i - 1)))
    if start < 1:
        raise SetError("run_range", "a run cannot go below 1 (%s puts its first tile at %d)"
                       % (fmt_tile(s[first]), start))
    if start + len(s) - 1 > MAX_NUMBER:
        raise SetError("run_range", "a run cannot go past 13 (13-1 does not wrap)")
    return start


def _group_check(s, ncolours):
    number = -1
    seen = 0
    for t in s:
        if t == JOKER:
            continue
        n = t & 15
        if number < 0:
            number = n
        elif n != number:
            raise SetError("group_number", "a group is one number; %s and %s differ"
                           % (fmt_tile(s[_first_numbered(s)]), fmt_tile(t)))
        bit = 1 << (t >> 4)
        if seen & bit:
            raise SetError("group_colour", "a group cannot hold two %s" % fmt_tile(t))
        seen |= bit
    if len(s) > ncolours:
        raise SetError("group_size", "a group has at most %d tiles" % ncolours)
    return number, seen


def _first_numbered(s):
    for i in range(len(s)):
        if s[i] != JOKER:
            return i
    return -1


def _both(s, ncolours):
    """(run, group, c0, n0) for a set: run is (value, start) if s reads as a
    run, group (value, colour bits) if it reads as a group, else None; raises
    SetError when it reads as neither."""
    if len(s) < 3:
        raise SetError("too_short", "a set needs at least 3 tiles")
    if len(s) > MAX_NUMBER:
        raise SetError("too_long", "a run has at most 13 tiles")
    fi = _first_numbered(s)
    if fi < 0:
        raise SetError("only_jokers", "a set needs at least one numbered tile")
    numbered = 0
    colours_same = True
    numbers_same = True
    c0 = s[fi] >> 4
    n0 = s[fi] & 15
    for t in s:
        if t != JOKER:
            numbered += 1
            if t >> 4 != c0:
                colours_same = False
            if t & 15 != n0:
                numbers_same = False
    run = group = None
    err = None
    if colours_same and (numbered == 1 or not numbers_same):
        try:
            start = _run_start(s)
            run = (len(s) * start + len(s) * (len(s) - 1) // 2, start)
        except SetError as e:
            err = e
    if numbers_same:
        try:
            _, seen = _group_check(s, ncolours)
            group = (n0 * len(s), seen)
        except SetError as e:
            if err is None or numbered > 1:
                err = e
    if run is None and group is None:
        if err is None:
            err = SetError("mixed", "not a group (numbers differ) and not a run "
                           "(colours differ)")
        raise err
    return run, group, c0, n0


def _run_reading(n, c0, run):
    start = run[1]
    stands = bytearray(n)
    for i in range(n):
        stands[i] = (c0 << 4) | (start + i)
    return RUN, run[0], stands


def _group_reading(s, n0, group):
    seen = group[1]
    stands = bytearray(s)
    c = 0
    for i in range(len(s)):
        if stands[i] == JOKER:
            while seen & (1 << c):
                c += 1
            seen |= 1 << c
            stands[i] = (c << 4) | n0
    return GROUP, group[0], stands


def analyse(s, ncolours=4):
    """(kind, value, stands) for a valid set, else raise SetError.

    `stands` is a bytearray of the tile each position stands for: jokers
    become the tile they replace (in a group, the missing colours in order).
    A set that reads both ways gets the reading worth more (a tie: the run).
    """
    run, group, c0, n0 = _both(s, ncolours)
    if run is not None and (group is None or run[0] >= group[0]):
        return _run_reading(len(s), c0, run)
    return _group_reading(s, n0, group)


def readings(s, ncolours=4):
    """Every valid reading of s as a list of (kind, value, stands): one, or
    two (run first) for a set with one numbered tile and jokers that is a
    run and a group.  Raises SetError for an invalid set."""
    run, group, c0, n0 = _both(s, ncolours)
    out = []
    if run is not None:
        out.append(_run_reading(len(s), c0, run))
    if group is not None:
        out.append(_group_reading(s, n0, group))
    return out


def reads_as_group(s, ncolours=4):
    """True if s is a valid group (whatever else it may also read as)."""
    try:
        return _both(s, ncolours)[1] is not None
    except SetError:
        return False


def is_valid(s, ncolours=4):
    try:
        analyse(s, ncolours)
        return True
    except SetError:
        return False


def set_value(s, ncolours=4):
    return analyse(s, ncolours)[1]


def canonical(s, ncolours=4):
    """A hashable form that is equal for the same set written differently.

    A set that reads as a group (whatever else it reads as) is its tiles in
    sorted order: the same group however written.  Anything else keeps its
    written order (in a run it fixes what the jokers stand for).  Used to
    tell which table sets a turn left untouched.
    """
    if reads_as_group(s, ncolours):
        return bytes(sorted(s))
    return bytes(s)
