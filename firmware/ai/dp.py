"""Exact arrangement search: dynamic programming number by number.

Why this shape: a table is a multiset of runs and groups.  Walking the
numbers 1..13 and, inside a number, the colours, the only thing the past
hands to the future is, per colour, how many runs are open and how long
they are (1, 2, or "3 or more", which may stop any time), the jokers used,
and for the current number how many tiles went to groups.  That state is a
small int (after van Rijn, Takes & Vis, "The complexity of Rummikub
problems", which walks the numbers the same way).

The walk is a depth-first branch and bound, not a layer-by-layer sweep:
most positions have a move that reaches the target, and a depth-first
search with "place rack tiles first" ordering finds it without listing
every arrangement of the table.  Memory stays at one frame per step plus a
capped memo of proven bounds ("from this state nothing reaches B more"),
which stays true whatever target is searched next.

A cell (colour c, number n) holds t table tiles (all must be used) and r
rack tiles (optional).  Used tiles go to groups of this number or to runs
of this colour; jokers may stand in runs (as this cell) or in groups.
Continuing a run of 3+ dominates stopping it and starting a new one, so for
m run tiles the new run-length counts are fixed: the DP only chooses how
many tiles to use, how many go to groups and how many jokers join.

Score = placed tiles * 2048 + placed value (jokers as the tile they stand
for), so one int compare gives "most tiles, then most value".
"""
from compat import ticks_ms, ticks_diff

UNIT = 2048          # score weight of one placed tile (value fits below it)
DEAD = 255

# state key layout (low to high): colour fields, then jokers used, then the
# current number's group tiles (sum, max per colour), then the meld value.
_FB = 5              # bits per colour field (run-length combo index < 32)


class Timeout(Exception):
    """The time budget ran out before the search finished."""


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
    impossible); inv[nf][mr*w + x]: the combos f leading to nf;
    closed[f]: no run of length 1 or 2 is open.

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
    inv = [[[] for _ in range(w * w)] for _ in combos]
    closed = bytearray(len(combos))
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
                inv[nf][mr * w + x].append(i)
    return combos, trans, inv, closed


_TABLE_CACHE = {}


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
    from rummikub.melds import analyse, GROUP
    shape = bytearray(256)
    for s in table:
        try:
            kind, _, stands = analyse(s, ncol)
        except ValueError:
            continue
        for i in range(len(s)):
            st = stands[i]
            if s[i] == 0x70:
                at = (0x80 | (st & 15)) if kind == GROUP else st
                shape[at] += 4
            elif kind == GROUP:
                shape[st] += 1
    return shape


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


class Problem:
    """One search: per-cell table/rack counts, jokers, and options.

    tab, rak: bytearrays indexed by tile code (colour<<4 | number).
    jt: table jokers, jr: rack jokers.  meld: 0 to maximise, else the
    minimum value the placed sets must reach.  free: jokers score nothing
    and need not all be used (the caller appends the spare ones), which
    lets the search ignore every joker that does not make a set valid.
    """

    def __init__(self, tab, rak, jt, jr, ncol, copies, meld=0, deadline=None,
                 free=False, memo_cap=1500, shape=None):
        self.tab = tab
        self.rak = rak
        self.jt = jt
        self.ncol = ncol
        self.jokers = jt + jr
        self.slots = copies + (1 if self.jokers else 0)
        self.meld = meld
        self.deadline = deadline
        self.free = free
        self.memo_cap = memo_cap
        # shape: how the table is laid out now (see table_shape); the search
        # tries that layout first, so the first dive rarely dead-ends
        self.shape = shape if shape is not None else bytearray(256)
        self.vbits = 0
        while (1 << self.vbits) <= meld:
            self.vbits += 1
        self.jsh = _FB * ncol
        self.sgsh = self.jsh + 3
        self.mgsh = self.sgsh + 4
        self.vsh = self.mgsh + 2
        self.expanded = 0
        self.found = None         # best (score, path) so far, kept on Timeout
        self.memo_size = 0
        self.steps = []
        for n in range(1, 14):
            for c in range(ncol):
                self.steps.append((0, c, n))
            self.steps.append((1, 0, n))
        self.memo = [{} for _ in range(len(self.steps) + 1)]
        self._joker_near = self._near()
        self._rest = self._remaining()
        self._tables = tables(self.slots, free)
        self._bound = self._colour_bounds()

    def _near(self):
        """Cells where a joker may stand in a run: a numbered tile of that
        colour within reach of the jokers in play."""
        near = bytearray(256)
        if not self.jokers:
            return near
        reach = self.jokers if self.jokers < 2 else 2
        for c in range(self.ncol):
            for n in range(1, 14):
                for d in range(-reach, reach + 1):
                    k = n + d
                    if 1 <= k <= 13:
                        code = (c << 4) | k
                        if self.tab[code] or self.rak[code]:
                            near[(c << 4) | n] = 1
                            break
        return near

    def _colour_bounds(self):
        """bound[((c*14 + n)*J1 + jl)*nc + f]: the most score colour c can
        still add after number n from run combo f with jl jokers, each
        colour on its own and groups taken as always possible where the
        number has tiles of 2 other colours (jokers help).  -1: the colour's
        remaining table tiles cannot all be placed.  Summed over colours it
        bounds what any state can still reach."""
        combos, trans, inv, closed = self._tables
        nc = len(combos)
        w = self.slots + 1
        J1 = self.jokers + 1
        ncol = self.ncol
        size = ncol * 14 * J1 * nc
        bound = [-1] * size
        for c in range(ncol):
            # after 13: only closed combos are fine
            for jl in range(J1):
                for f in range(nc):
                    if closed[f]:
                        bound[((c * 14 + 13) * J1 + jl) * nc + f] = 0
            for n in range(13, 0, -1):
                code = (c << 4) | n
                t = self.tab[code]
                r = self.rak[code]
                others = 0
                for oc in range(ncol):
                    if oc != c and (self.tab[(oc << 4) | n] or self.rak[(oc << 4) | n]):
                        others += 1
                unit = UNIT + n
                for jl in range(J1):
                    grp = others + jl >= 2
                    xmax = jl if self._joker_near[code] else 0
                    for f in range(nc):
                        best = -1
                        for u in range(t, t + r + 1):
                            for g in range(u + 1 if grp else 1):
                                mr = u - g
                                if mr >= w:
                                    continue
                                for x in range(xmax + 1):
                                    if mr + x >= w:
                                        break
                                    nf = trans[(f * w + mr) * w + x]
                                    if nf == DEAD:
                                        continue
                                    b = bound[((c * 14 + n) * J1 + jl - x) * nc + nf]
                                    if b < 0:
                                        continue
                                    b += (u - t) * unit
                                    if b > best:
                                        best = b
                        bound[((c * 14 + n - 1) * J1 + jl) * nc + f] = best
        return bound

    def h(self, i, key):
        """Upper bound on the score still reachable from `key` after step
        i, or -1 if some colour can no longer place its table tiles."""
        kind, c0, n = self.steps[i]
        combos = self._tables[0]
        nc = len(combos)
        J1 = self.jokers + 1
        jl = self.jokers - ((key >> self.jsh) & 7)
        bound = self._bound
        tot = 0
        for c in range(self.ncol):
            done = n if (kind == 1 or c <= c0) else n - 1
            b = bound[((c * 14 + done) * J1 + jl) * nc + ((key >> (_FB * c)) & 31)]
            if b < 0:
                return -1
            tot += b
        if not self.free:
            tot += jl * (UNIT + 13)   # jokers score too
        return tot

    def _remaining(self):
        """rest[i]: the most score rack tiles of cells after step i can add."""
        rest = [0] * (len(self.steps) + 1)
        acc = 0
        for i in range(len(self.steps) - 1, -1, -1):
            rest[i] = acc
            kind, c, n = self.steps[i]
            if kind == 0:
                acc += self.rak[(c << 4) | n] * (UNIT + n)
        return rest

    def expand(self, i, key, sc):
        """Successors of `key` (score sc) through step i, best first:
        a list of (order, key, score, choice)."""
        kind, c, n = self.steps[i]
        combos, trans, inv, closed = self._tables
        jsh, sgsh, mgsh, vsh = self.jsh, self.sgsh, self.mgsh, self.vsh
        meld = self.meld
        J = self.jokers
        unit = UNIT + n
        junit = 0 if self.free else unit
        j = (key >> jsh) & 7
        sg = (key >> sgsh) & 15
        mg = (key >> mgsh) & 3
        v = key >> vsh
        out = []
        if kind == 0:
            code = (c << 4) | n
            t = self.tab[code]
            r = self.rak[code]
            w = self.slots + 1
            sh = _FB * c
            f = (key >> sh) & 31
            base = key & ~((31 << sh) | (7 << jsh) | (15 << sgsh) | (3 << mgsh) |
                           (((1 << self.vbits) - 1) << vsh))
            jl = (J - j) if self._joker_near[code] else 0
            row = f * w
            gshape = self.shape[code] & 3
            xshape = self.shape[code] >> 2
            for u in range(t, t + r + 1):
                s1 = sc + (u - t) * unit
                for g in range(u + 1):
                    mr = u - g
                    if mr >= w:
                        continue
                    nsg = sg + g
                    nmg = mg if mg > g else g
                    row2 = (row + mr) * w
                    for x in range(jl + 1):
                        if mr + x >= w:
                            break
                        nf = trans[row2 + x]
                        if nf == DEAD:
                            continue
                        s2 = s1 + x * junit
                        k2 = (base | (nf << sh) | ((j + x) << jsh) |
                              (nsg << sgsh) | (nmg << mgsh))
                        if meld:
                            nv = v + (u + x) * n
                            k2 |= (nv if nv < meld else meld) << vsh
                        # order: score, then closest to the table's layout
                        d = g - gshape
                        if d < 0:
                            d = -d
                        d += x - xshape if x > xshape else xshape - x
                        out.append((((15 - d) << 24) | (s2 << 2) | (3 - x), k2, s2,
                                    u | (g << 2) | (x << 4)))
        else:
            last = n == 13
            if last and not self._all_closed(key, closed):
                return out
            base = key & ~((15 << sgsh) | (3 << mgsh) | (7 << jsh) |
                           (((1 << self.vbits) - 1) << vsh))
            xs = self.shape[0x80 | n] >> 2
            for xg in range(J - j + 1):
                if not group_ok(sg, mg, xg, self.ncol):
                    continue
                nj = j + xg
                s2 = sc + xg * junit
                k2 = base | (nj << jsh)
                if meld:
                    nv = v + xg * n
                    nv = nv if nv < meld else meld
                    if last and nv < meld:
                        continue
                    k2 |= nv << vsh
                if last and not self.free and nj < self.jt:
                    continue
                d = xg - xs if xg > xs else xs - xg
                out.append((((15 - d) << 24) | s2, k2, s2, xg))
                if self.free:
                    break          # more group jokers than needed: spares
        if len(out) > 1:
            out.sort(reverse=True)
        return out

    def _all_closed(self, key, closed):
        for c in range(self.ncol):
            if not closed[(key >> (_FB * c)) & 31]:
                return False
        return True

    def search(self, lower, improve=True, step=1):
        """Best (score, choices) with score >= lower, or (-1, None).

        Scores count placed rack tiles (and, unless free, jokers, table
        ones included, whose UNITs are taken off again here).  With
        improve, the search goes on for more value once it has a hit."""
        free = self.free
        off = 0 if free else self.jt * UNIT
        lower += off
        steps = len(self.steps)
        rest = self._rest
        memo = self.memo
        jsh = self.jsh
        J = self.jokers
        ju = 0 if self.free else UNIT + 13
        succ = [None] * steps
        idx = [0] * steps
        keys = [0] * steps
        scs = [0] * steps
        choice = bytearray(steps)
        best = -1
        path = None
        depth = 0
        succ[0] = self.expand(0, 0, 0)
        tick = 0
        self.found = None
        while depth >= 0:
            lst = succ[depth]
            k = idx[depth]
            if k < len(lst):
                idx[depth] = k + 1
                _, k2, s2, ch = lst[k]
                if s2 + rest[depth] + (J - ((k2 >> jsh) & 7)) * ju < lower:
                    continue
                hb = self.h(depth, k2)
                if hb < 0 or s2 + hb < lower:
                    continue
                m = memo[depth + 1]
                b = m.get(k2)
                if b is not None and lower - s2 >= b:
                    continue
                if free:
                    # fewer jokers used is never worse: their failures count
                    jj = (k2 >> jsh) & 7
                    if jj:
                        kb = k2 & ~(7 << jsh)
                        pruned = False
                        for q in range(jj):
                            b = m.get(kb | (q << jsh))
                            if b is not None and lower - s2 >= b:
                                pruned = True
                                break
                        if pruned:
                            continue
                choice[depth] = ch
                if depth + 1 == steps:
                    best = s2
                    path = bytearray(choice)
                    self.found = (best - off, path)
                    if not improve:
                        break
                    lower = (s2 // step + 1) * step
                    continue
                depth += 1
                keys[depth] = k2
                scs[depth] = s2
                idx[depth] = 0
                succ[depth] = self.expand(depth, k2, s2)
                self.expanded += 1
                tick += 1
                if tick >= 64:
                    tick = 0
                    self._check_time()
            else:
                if depth and self.memo_size < self.memo_cap:
                    m = memo[depth]
                    try:
                        if keys[depth] not in m:
                            self.memo_size += 1
                        m[keys[depth]] = lower - scs[depth]
                    except MemoryError:
                        self._shrink_memo()
                succ[depth] = None
                depth -= 1
        if path is None:
            return -1, None
        return best - off, path

    def _shrink_memo(self):
        """Out of heap: forget the memo (it only saves time) and keep it
        smaller from now on."""
        for m in self.memo:
            m.clear()
        self.memo_cap = self.memo_size // 2
        self.memo_size = 0

    def _check_time(self):
        if self.deadline is not None and ticks_diff(ticks_ms(), self.deadline) > 0:
            raise Timeout()

    def choices(self, path):
        """Decode a path into (u, g, x) per cell step and (xg,) per end step."""
        out = []
        for i in range(len(self.steps)):
            ch = path[i]
            if self.steps[i][0] == 0:
                out.append((ch & 3, (ch >> 2) & 3, ch >> 4))
            else:
                out.append((ch,))
        return out
