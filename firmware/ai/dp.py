"""Exact arrangement search: dynamic programming number by number.

Why this shape: a table is a multiset of runs and groups.  Walking the
numbers 1..13 and, inside a number, the colours, the only thing the past
hands to the future is, per colour, how many runs are open and how long
they are (1, 2, or "3 or more", which may stop any time), the jokers used,
and for the current number how many tiles went to groups.  That state is a
small int, so a layer is a dict int -> score, and the search is exact
(after van Rijn, Takes & Vis, "The complexity of Rummikub problems").

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


def _tables(slots):
    """trans[f*(slots+1)+m]: the combo after m run tiles of a colour join
    runs in combo f (DEAD if impossible); inv[nf][m]: combos leading to nf;
    closed[f]: no run of length 1 or 2 is open."""
    combos = _combos(slots)
    index = {}
    for i in range(len(combos)):
        index[combos[i]] = i
    w = slots + 1
    trans = bytearray([DEAD]) * (len(combos) * w)
    inv = [[[] for _ in range(w)] for _ in combos]
    closed = bytearray(len(combos))
    for i in range(len(combos)):
        a, b, c = combos[i]
        closed[i] = 1 if a == 0 and b == 0 else 0
        for m in range(w):
            if m < a + b:
                continue
            e = min(c, m - a - b)          # continue as many 3+ runs as possible
            s = m - a - b - e              # the rest start new runs
            nf = index[(s, a, b + e)]
            trans[i * w + m] = nf
            inv[nf][m].append(i)
    return combos, trans, inv, closed


_TABLE_CACHE = {}


def tables(slots):
    t = _TABLE_CACHE.get(slots)
    if t is None:
        t = _tables(slots)
        _TABLE_CACHE[slots] = t
    return t


def _dominate(layer, jsh, J):
    """Drop states that used more jokers for no more score (free mode)."""
    mask = 7 << jsh
    drop = []
    for key in layer:
        j = (key >> jsh) & 7
        if not j:
            continue
        sc = layer[key]
        base = key & ~mask
        for k in range(j):
            o = layer.get(base | (k << jsh), -1)
            if o >= sc:
                drop.append(key)
                break
    for key in drop:
        del layer[key]


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
    jt: table jokers (all must stay), jr: rack jokers (optional).
    meld: 0 for "maximise", else the minimum value of the placed sets (the
    score then only counts states whose value reached it).
    """

    def __init__(self, tab, rak, jt, jr, ncol, copies, meld=0, lower=0,
                 deadline=None, free=False):
        self.tab = tab
        self.rak = rak
        self.jt = jt
        self.jr = jr
        self.ncol = ncol
        self.jokers = jt + jr
        self.slots = copies + (1 if self.jokers else 0)
        self.meld = meld
        self.lower = lower
        self.deadline = deadline
        self.vbits = 0
        while (1 << self.vbits) <= meld:
            self.vbits += 1
        self.jsh = _FB * ncol
        self.sgsh = self.jsh + 3
        self.mgsh = self.sgsh + 4
        self.vsh = self.mgsh + 2
        # free: jokers score nothing and need not all be used; the caller
        # appends the unused ones where there is room (see solver.py)
        self.free = free
        self.layers = []
        self.steps = []
        self.expanded = 0
        self._joker_near = self._near()
        self._rest = self._remaining()

    def _near(self):
        """Cells where a joker may stand in a run: some numbered tile of that
        colour within reach of the jokers in play."""
        near = bytearray(256)
        if not self.jokers:
            return near
        reach = self.jokers
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

    def _remaining(self):
        """rest[i]: most score the rack tiles of cells after step i can add."""
        ncol = self.ncol
        per = ncol + 1
        rest = [0] * (13 * per + 1)
        acc = 0
        i = 13 * per
        for n in range(13, 0, -1):
            i -= 1                         # end-of-number step
            rest[i] = acc
            for c in range(ncol - 1, -1, -1):
                i -= 1
                rest[i] = acc
                acc += self.rak[(c << 4) | n] * (UNIT + n)
        return rest

    def _check_time(self):
        if self.deadline is not None and ticks_diff(ticks_ms(), self.deadline) > 0:
            raise Timeout()

    def run(self, keep=True):
        """Fill the layers; returns (best final key, score) or (None, -1)."""
        combos, trans, inv, closed = tables(self.slots)
        ncol = self.ncol
        w = self.slots + 1
        jsh, sgsh, mgsh, vsh = self.jsh, self.sgsh, self.mgsh, self.vsh
        meld = self.meld
        J = self.jokers
        free = self.free
        ju = 0 if free else UNIT + 13
        lower = self.lower
        rest = self._rest
        cur = {0: 0}
        if keep:
            self.layers.append(cur)
        step = 0
        for n in range(1, 14):
            unit = UNIT + n
            junit = 0 if free else unit
            for c in range(ncol):
                code = (c << 4) | n
                t = self.tab[code]
                r = self.rak[code]
                jok = J if self._joker_near[code] else 0
                sh = _FB * c
                clear = ~((31 << sh) | (7 << jsh) | (15 << sgsh) | (3 << mgsh) |
                          (((1 << self.vbits) - 1) << vsh))
                rem = rest[step]
                nxt = {}
                get = nxt.get
                self.expanded += len(cur)
                self._check_time()
                for key in cur:
                    sc = cur[key]
                    f = (key >> sh) & 31
                    j = (key >> jsh) & 7
                    sg = (key >> sgsh) & 15
                    mg = (key >> mgsh) & 3
                    v = key >> vsh
                    base = key & clear
                    jl = (jok - j) if jok > j else 0
                    row = f * w
                    for u in range(t, t + r + 1):
                        s1 = sc + (u - t) * unit
                        for g in range(u + 1):
                            mr = u - g
                            if mr > self.slots:
                                continue
                            nsg = sg + g
                            nmg = mg if mg > g else g
                            for x in range(jl + 1):
                                m = mr + x
                                if m >= w:
                                    break
                                nf = trans[row + m]
                                if nf == DEAD:
                                    continue
                                s2 = s1 + x * junit
                                if s2 + rem + (J - j - x) * ju < lower:
                                    continue
                                k2 = (base | (nf << sh) | ((j + x) << jsh) |
                                      (nsg << sgsh) | (nmg << mgsh))
                                if meld:
                                    nv = v + (u + x) * n
                                    k2 |= (nv if nv < meld else meld) << vsh
                                o = get(k2, -1)
                                if s2 > o:
                                    nxt[k2] = s2
                cur = nxt
                step += 1
                if keep:
                    self.layers.append(cur)
                self.steps.append((0, c, n))
            # end of number n: jokers join the groups, which must be valid
            nxt = {}
            get = nxt.get
            rem = rest[step]
            self.expanded += len(cur)
            fclear = ~((15 << sgsh) | (3 << mgsh) | (7 << jsh) |
                       (((1 << self.vbits) - 1) << vsh))
            for key in cur:
                sc = cur[key]
                j = (key >> jsh) & 7
                sg = (key >> sgsh) & 15
                mg = (key >> mgsh) & 3
                v = key >> vsh
                base = key & fclear
                if n == 13 and not self._all_closed(key, closed):
                    continue
                for xg in range(J - j + 1):
                    if not group_ok(sg, mg, xg, ncol):
                        continue
                    s2 = sc + xg * junit
                    if s2 + rem + (J - j - xg) * ju < lower:
                        continue
                    k2 = base | ((j + xg) << jsh)
                    if meld:
                        nv = v + xg * n
                        k2 |= (nv if nv < meld else meld) << vsh
                    o = get(k2, -1)
                    if s2 > o:
                        nxt[k2] = s2
                    if free:
                        break          # more group jokers than needed: append later
            if free and J:
                _dominate(nxt, jsh, J)
            cur = nxt
            step += 1
            if keep:
                self.layers.append(cur)
            self.steps.append((1, 0, n))
        best = None
        bs = -1
        for key in cur:
            j = (key >> jsh) & 7
            if j < self.jt and not free:
                continue
            if meld and (key >> vsh) < meld:
                continue
            sc = cur[key] - (0 if free else self.jt * UNIT)
            if sc > bs:
                bs = sc
                best = key
        return best, bs

    def _all_closed(self, key, closed):
        for c in range(self.ncol):
            if not closed[(key >> (_FB * c)) & 31]:
                return False
        return True

    # -- the way back: which choice made each step ---------------------------
    def path(self, key):
        """Choices from the first step to `key` in the last layer: a list of
        (u, g, x) per cell step and (xg,) per end step."""
        combos, trans, inv, closed = tables(self.slots)
        jsh, sgsh, mgsh, vsh = self.jsh, self.sgsh, self.mgsh, self.vsh
        meld = self.meld
        out = []
        sc = self.layers[-1][key]
        for i in range(len(self.steps) - 1, -1, -1):
            kind, c, n = self.steps[i]
            prev = self.layers[i]
            unit = 0 if self.free else UNIT + n
            found = None
            j = (key >> jsh) & 7
            sg = (key >> sgsh) & 15
            mg = (key >> mgsh) & 3
            v = key >> vsh
            if kind == 0:
                code = (c << 4) | n
                t = self.tab[code]
                r = self.rak[code]
                sh = _FB * c
                nf = (key >> sh) & 31
                base = key & ~((31 << sh) | (7 << jsh) | (15 << sgsh) | (3 << mgsh) |
                               (((1 << self.vbits) - 1) << vsh))
                for u in range(t, t + r + 1):
                    for g in range(u + 1):
                        if g > sg or g > mg:
                            continue
                        for x in range(j + 1):
                            m = u - g + x
                            if m > self.slots:
                                continue
                            ds = (u - t) * (UNIT + n) + x * unit
                            for f in inv[nf][m]:
                                for pm in (range(mg + 1) if g == mg else (mg,)):
                                    for pv in self._prev_v(v, (u + x) * n):
                                        p = (base | (f << sh) | ((j - x) << jsh) |
                                             ((sg - g) << sgsh) | (pm << mgsh) |
                                             (pv << vsh))
                                        if prev.get(p, -2) == sc - ds:
                                            found = (p, (u, g, x))
                                            break
                                    if found:
                                        break
                                if found:
                                    break
                            if found:
                                break
                        if found:
                            break
                    if found:
                        break
            else:
                base = key & ~((7 << jsh) | (((1 << self.vbits) - 1) << vsh))
                for xg in range(j + 1):
                    ds = xg * unit
                    for psg in range(16):
                        for pmg in range(4):
                            if not group_ok(psg, pmg, xg, self.ncol):
                                continue
                            for pv in self._prev_v(v, xg * n):
                                p = (base | ((j - xg) << jsh) | (psg << sgsh) |
                                     (pmg << mgsh) | (pv << vsh))
                                if prev.get(p, -2) == sc - ds:
                                    found = (p, (xg, psg, pmg))
                                    break
                            if found:
                                break
                        if found:
                            break
                    if found:
                        break
            if found is None:
                raise RuntimeError("solver: no way back at step %d" % i)
            key, choice = found
            sc = prev[key]
            out.append(choice)
        out.reverse()
        return out

    def _prev_v(self, v, dv):
        if not self.meld:
            return (0,)
        if v < self.meld:
            return (v - dv,) if v >= dv else ()
        lo = self.meld - dv
        return range(lo if lo > 0 else 0, self.meld + 1)
