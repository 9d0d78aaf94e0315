"""Run-length state of one colour, and other fixed tables of the search.

A colour's open runs are counted by length: (len 1, len 2, len 3+), at
most `slots` runs (the copies of a tile, one more when jokers are in play).
These small tables say how that state moves when tiles join, which states
dominate which, and which group tile counts can be split into valid groups.
They depend only on the tile set, so they are built once and cached.
"""
from compat import const
from rummikub.tiles import JOKER
from rummikub.melds import analyse, GROUP

DEAD = const(255)      # "no such transition" in the transition table


def _combos(slots):
    """All (len1, len2, len3plus) run counts with at most `slots` runs."""
    out = []
    for a in range(slots + 1):
        for b in range(slots + 1 - a):
            for c in range(slots + 1 - a - b):
                out.append((a, b, c))
    return out


def _tables(slots, canon):
    """trans[(f*w + mr)*w + x]: the combo after mr numbered tiles and x
    jokers of a colour join the runs of combo f (w = slots+1; DEAD if
    impossible); closed[f]: no run of length 1 or 2 is open.

    Jokers go first to runs that must go on anyway and to new runs.  With
    canon (spare jokers are added afterwards), a joker that lengthens a run
    of 3+ would be a spare unless the run goes on, so that run must
    continue (it counts as length 2 again)."""
    combos = _combos(slots)
    index = {}
    for i in range(len(combos)):
        index[combos[i]] = i
    w = slots + 1
    trans = bytearray(len(combos) * w * w)
    for i in range(len(trans)):
        trans[i] = DEAD
    closed = bytearray(len(combos))
    # ups[f]: combos whose runs can do all that f's can (a run of 3+
    # covers any slot, length 2 covers length 1), f itself left out
    ups = [bytes([g for g in range(len(combos)) if g != f and
                  _covers(combos[g], combos[f], slots)]) for f in range(len(combos))]
    for i in range(len(combos)):
        a, b, c = combos[i]
        closed[i] = 1 if a == 0 and b == 0 else 0
        for mr in range(w):
            for x in range(w - mr):
                m = mr + x
                if m < a + b:
                    continue
                e = min(c, m - a - b)      # continue as many 3+ runs as possible
                s = m - a - b - e          # the rest start new runs
                xe = x - (a + b + s)       # jokers left for the 3+ runs
                if xe < 0 or not canon:
                    xe = 0
                nf = index[(s, a + xe, b + e - xe)]
                trans[(i * w + mr) * w + x] = nf
    return combos, trans, ups, closed


def _covers(a, b, slots):
    """Does run-count combo a dominate b?  Match b's open runs (lengths 1,
    2, 3+; the rest of the slots empty) to a's: a 3+ run covers anything,
    a length-2 run covers 1 or 2, 1 covers 1, empty covers empty."""
    a1, a2, a3 = a
    b1, b2, b3 = b
    a0 = slots - a1 - a2 - a3
    b0 = slots - b1 - b2 - b3
    if a3 < b3:
        return False
    spare3 = a3 - b3
    # b's 2s: a's 2s first, then spare 3s
    use = b2 if b2 < a2 else a2
    need = b2 - use
    spare2 = a2 - use
    if need > spare3:
        return False
    spare3 -= need
    # b's 1s: a's 1s, spare 2s, spare 3s
    left = b1 - (b1 if b1 < a1 else a1)
    spare1 = a1 - (b1 - left)
    take = left if left < spare2 else spare2
    left -= take
    spare2 -= take
    if left > spare3:
        return False
    spare3 -= left
    # b's empty slots: a's empty ones or spare 3s (a 3+ run may stop)
    return spare1 == 0 and spare2 == 0 and a0 + spare3 >= b0


_TABLE_CACHE = {}


def forget():
    """Drop the cached tables (see dp.drop_caches)."""
    _TABLE_CACHE.clear()


def tables(slots, canon=True):
    k = slots * 2 + (1 if canon else 0)
    t = _TABLE_CACHE.get(k)
    if t is None:
        t = _tables(slots, canon)
        _TABLE_CACHE[k] = t
    return t


def table_shape(table, ncol):
    """Per cell code: table tiles of that cell sitting in groups (bits 0-1)
    and jokers standing for it in runs (bits 2-4); at index n (1..13, a
    code no tile has): jokers in groups of number n (bits 2-4) at 0x80|n."""
    shape = bytearray(256)
    for s in table:
        try:
            kind, _, stands = analyse(s, ncol)
        except ValueError:
            continue
        for i in range(len(s)):
            st = stands[i]
            if s[i] == JOKER:
                at = (0x80 | (st & 15)) if kind == GROUP else st
                shape[at] += 4
            elif kind == GROUP:
                shape[st] += 1
    return shape


def group_table(ncol):
    """gok[(sg*4 + mg)*8 + xg] = group_ok(...), built once per colour count."""
    t = _TABLE_CACHE.get(-ncol)
    if t is None:
        t = bytearray(16 * 4 * 8)
        for sg in range(16):
            for mg in range(4):
                for xg in range(8):
                    if group_ok(sg, mg, xg, ncol):
                        t[(sg * 4 + mg) * 8 + xg] = 1
        _TABLE_CACHE[-ncol] = t
    return t


def group_ok(sg, mg, xg, ncol):
    """Can sg numbered tiles (at most mg of one colour) plus xg jokers form
    groups of one number?  Each group: 3..ncol tiles, distinct colours, at
    least one numbered tile."""
    if sg == 0:
        return xg == 0
    g = mg if mg > 0 else 1
    while g <= sg:
        tot = sg + xg
        if 3 * g <= tot <= ncol * g:
            return True
        g += 1
    return False
