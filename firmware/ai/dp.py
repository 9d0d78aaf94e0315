"""Exact arrangement search, number by number (a DP state space walked
depth-first with branch and bound).

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
which stays true whatever target is searched next.  The bound that prunes
is per colour: each colour alone, runs exact, groups allowed where enough
partners exist; summed over colours it never underestimates.

A cell (colour c, number n) holds t table tiles (all must be used) and r
rack tiles (optional).  Used tiles go to groups of this number or to runs
of this colour; jokers may stand in runs (as this cell) or in groups.
Continuing a run of 3+ dominates stopping it and starting a new one, so for
m run tiles the new run-length counts are fixed: a step only chooses how
many tiles to use, how many go to groups and how many jokers join.

Score = placed tiles * 2048 + placed value (jokers as the tile they stand
for), so one int compare gives "most tiles, then most value".
"""
from array import array
import gc
from compat import ticks_ms, ticks_diff
from ai.runstate import DEAD, tables, group_table

try:
    from gc import mem_free          # MicroPython: watch the heap
except ImportError:
    mem_free = None
LOW_HEAP = 16000                     # bytes kept free for the search itself

UNIT = 2048          # score weight of one placed tile (value fits below it)
NONE = 0xFFFF        # "cannot be done" in the bound tables
UNKNOWN = 0xFFFE     # not computed yet

# state key layout (low to high): colour fields, then jokers used, then the
# current number's group tiles (sum, max per colour), then the meld value.
_FB = 5              # bits per colour field (run-length combo index < 32)


class Timeout(Exception):
    """The time budget ran out before the search finished."""


class Packed:
    """A fixed open-addressing table of (state, bound) in arrays, 6 bytes
    an entry where a dict entry costs ~30 on the 64-bit port: the device
    remembers several times more.  Bounds are kept halved, rounded up, so
    a lookup never claims more than was proven.  Banks of 1024 entries:
    the device heap has no room for one big block."""

    def __init__(self, bits):
        n = 1 << bits
        self.mask = n - 1
        self.keys = [array("I", bytes(4096)) for _ in range(n >> 10)]  # key+1
        self.vals = [array("h", bytes(2048)) for _ in range(n >> 10)]
        self.room = n - (n >> 2)
        self._zero = None

    def clear(self):
        """Empty it for the next search (one block copy per bank)."""
        if self._zero is None:
            self._zero = array("I", bytes(4096))
        for b in self.keys:
            b[:] = self._zero
        self.room = self.mask + 1 - ((self.mask + 1) >> 2)

    def get(self, key):
        k = key + 1
        keys = self.keys
        mask = self.mask
        i = (k ^ (k >> 9) ^ (k >> 17)) & mask
        while True:
            kk = keys[i >> 10][i & 1023]
            if kk == k:
                return self.vals[i >> 10][i & 1023] * 2
            if kk == 0:
                return None
            i = (i + 1) & mask

    def put(self, key, bound):
        """Store; True if the key is new, False if updated or no room."""
        v = (bound + 1) >> 1
        if v > 32767:
            return False                      # cannot store it safely
        if v < -32768:
            v = -32768                        # larger than proven: safe
        k = key + 1
        keys = self.keys
        mask = self.mask
        i = (k ^ (k >> 9) ^ (k >> 17)) & mask
        while True:
            kb = keys[i >> 10]
            kk = kb[i & 1023]
            if kk == k:
                vb = self.vals[i >> 10]
                if v < vb[i & 1023]:
                    vb[i & 1023] = v
                return False
            if kk == 0:
                if self.room <= 0:
                    return False
                kb[i & 1023] = k
                self.vals[i >> 10][i & 1023] = v
                self.room -= 1
                return True
            i = (i + 1) & mask


_SHARED = []


# A process that does nothing but solve (the bench runner) may keep the
# device memo table between searches, so a fragmented heap never has to
# find a new 12 KB for it.  The app leaves this off: between AI turns the
# heap belongs to the UI.
KEEP_TABLE = False


def drop_table():
    """Give the memo table back (unless KEEP_TABLE): after every solve."""
    if not KEEP_TABLE:
        del _SHARED[:]


def _shared_table(bits):
    """The device's memo table: made for a search (or, with KEEP_TABLE,
    once) and cleared for reuse within it."""
    for t in _SHARED:
        t.clear()                  # keep it: a new block may not fit later
        return t
    while True:
        try:
            t = Packed(bits)
            break
        except MemoryError:
            gc.collect()
            if bits <= 10:
                return None        # no room: the search uses small dicts
            bits -= 1
    _SHARED.append(t)
    return t


class _View:
    """One step's slice of a Packed table: keys tagged with the number."""

    def __init__(self, table, tag):
        self.table = table
        self.tag = tag

    def get(self, key):
        return self.table.get(key | self.tag)

    def put(self, key, bound):
        return self.table.put(key | self.tag, bound)


class Problem:
    """One search: per-cell table/rack counts, jokers, and options.

    tab, rak: bytearrays indexed by tile code (colour<<4 | number).
    jt: table jokers, jr: rack jokers.  meld: 0 to maximise, else the
    minimum value the placed sets must reach.  free: jokers score nothing
    and need not all be used (the caller appends the spare ones), which
    lets the search ignore every joker that does not make a set valid.
    """

    def __init__(self, tab, rak, jt, jr, ncol, copies, meld=0, deadline=None,
                 free=False, memo_cap=1500, shape=None, dominance=True):
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
        # dominance lookups: a stronger state's proven bound prunes this
        # one too (on the device's small memo as well: about half the nodes)
        self.dominance = dominance
        # sparse: remember only states between numbers, so a small memo
        # covers whole numbers' worth of search (the device)
        self.sparse = memo_cap < 10000
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
        self.found = None         # best path so far, kept on Timeout
        self.found_score = -1
        self.memo_size = 0
        self.steps = []
        for n in range(1, 14):
            for c in range(ncol):
                self.steps.append((0, c, n))
            self.steps.append((1, 0, n))
        self.memo = [None] * (len(self.steps) + 1)   # dicts made on first use
        self.packed = None
        if self.sparse and self.sgsh + 4 <= 30 and not meld:
            # the device: one compact table for the states between numbers
            # (their group fields are 0, so the number goes there as a tag)
            self.packed = _shared_table(11 if memo_cap >= 1000 else 10)
        if self.packed is not None:
            self.memo_cap = 1 << 30           # the table's room is the limit
            for d in range(1, len(self.steps) + 1):
                kind, c, n = self.steps[d - 1]
                if kind == 1:
                    self.memo[d] = _View(self.packed, n << self.sgsh)

        self._joker_near = self._near()
        self._rest = self._remaining()
        self._tables = tables(self.slots, free)
        self._nc = len(self._tables[0])
        self._bound = self._colour_bounds()
        self._orders = self._make_orders()
        self._tops = self._top_values()
        # the search's frames, allocated once while the heap is still whole
        steps = len(self.steps)
        J1 = self.jokers + 1
        if self.vsh + self.vbits <= 30:
            # 4-byte arrays: half a list's heap on the 64-bit port
            keys = array("i", bytes(4 * steps))
            scs = array("i", bytes(4 * steps))
        else:
            keys = [0] * steps              # XP keys outgrow 31 bits
            scs = [0] * steps
        self._frames = (bytearray(steps), keys, scs,
                        array("i", bytes(4 * steps * J1)), bytearray(steps),
                        bytearray(steps), bytearray(steps))
        self._gok = group_table(ncol)
        self._futures()

    def _futures(self):
        """For each cell step, what the later colours of its number can
        still give to groups (how many cells hold >= 1, 2, 3 tiles), and
        masks, filled on first use, of the group states those can still
        complete (_group_mask).  Steps with the same future share masks;
        they are made here, so the search allocates nothing."""
        J1 = self.jokers + 1
        futs = []
        gfb = [0] * len(self.steps)
        for d in range(len(self.steps)):
            kind, c, n = self.steps[d]
            if kind:
                continue
            k1 = k2 = k3 = 0
            for oc in range(c + 1, self.ncol):
                code = (oc << 4) | n
                k = self.tab[code] + self.rak[code]
                if k >= 1:
                    k1 += 1
                if k >= 2:
                    k2 += 1
                if k >= 3:
                    k3 += 1
            fk = k1 | (k2 << 3) | (k3 << 6)
            i = 0
            while i < len(futs) and futs[i] != fk:
                i += 1
            if i == len(futs):
                futs.append(fk)
            gfb[d] = i * J1 * 4
        self._futs = futs
        self._gfb = gfb
        self._gm = array("H", bytes(2 * len(futs) * J1 * 4))

    def _group_mask(self, at):
        """Bit sg set: sg group tiles so far (at most mg of one colour),
        plus what the later colours give and up to `left` jokers, can
        still make valid groups (group_ok).  at = (future*J1 + left)*4 +
        mg; bit 0 marks the mask as made.  It prunes only what the
        number's end step would refuse anyway."""
        mg = at & 3
        J1 = self.jokers + 1
        left = (at >> 2) % J1
        fk = self._futs[(at >> 2) // J1]
        k1 = fk & 7
        k2 = (fk >> 3) & 7
        k3 = fk >> 6
        gok = self._gok
        mask = 1
        for sg in range(1, 16):
            a = 0
            while a <= k1 + k2 + k3 and sg + a <= 15:
                m = 0 if a == 0 else (1 if a <= k1 else (2 if a <= k1 + k2 else 3))
                if m < mg:
                    m = mg
                gi = ((sg + a) * 4 + m) * 8
                x = 0
                while x <= left and not gok[gi + x]:
                    x += 1
                if x <= left:
                    mask |= 1 << sg
                    break
                a += 1
        self._gm[at] = mask
        return mask

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
        """Per colour c, bound[c][(n*J1 + jl)*nc + f]: (half, rounded up) the
        most score colour c can still add after number n from run combo f
        with jl jokers, the colour on its own and groups taken as possible
        wherever the number has tiles of 2 other colours (jokers help).
        NONE: the colour's remaining table tiles cannot all be placed.
        Summed over colours it bounds what any state can still reach.
        Entries are filled on first use (see _fill); small arrays, one per
        colour, because the device heap is fragmented."""
        nc = len(self._tables[0])
        J1 = self.jokers + 1
        out = []
        for c in range(self.ncol):
            bound = array("H", bytes(2 * 14 * J1 * nc))
            for i in range(len(bound)):
                bound[i] = UNKNOWN
            out.append(bound)
        # gcap[n*6 + c]: tiles of (c, n) that groups can take at all: a
        # group needs 2 partners of other colours (jokers left count), and
        # two copies need two groups, so 4 partners
        J1 = self.jokers + 1
        self._gcap = bytearray(16 * 6 * J1)
        for n in range(1, 14):
            for c in range(self.ncol):
                cols = 0
                tiles = 0
                for oc in range(self.ncol):
                    if oc != c:
                        k = self.tab[(oc << 4) | n] + self.rak[(oc << 4) | n]
                        tiles += k
                        if k:
                            cols += 1
                for jl in range(J1):
                    if cols + jl < 2:
                        cap = 0
                    else:
                        cap = (tiles + jl) // 2
                        cap = cap if cap < 2 else 2
                    self._gcap[(n * 6 + c) * J1 + jl] = cap
        return out

    def _fill(self, c, n, jl, f):
        """bound[c] entry for (n, jl, f), computing what it needs (the
        recursion goes up one number a level: at most 13 deep)."""
        combos, trans, inv, closed = self._tables
        nc = self._nc
        J1 = self.jokers + 1
        bound = self._bound[c]
        at = (n * J1 + jl) * nc + f
        b = bound[at]
        if b != UNKNOWN:
            return b
        if n == 13:
            b = 0 if closed[f] else NONE
            bound[at] = b
            return b
        m = n + 1
        code = (c << 4) | m
        t = self.tab[code]
        r = self.rak[code]
        w = self.slots + 1
        unit = UNIT + m
        gcap = self._gcap[(m * 6 + c) * J1 + jl]
        xmax = jl if self._joker_near[code] else 0
        best = -1
        for u in range(t, t + r + 1):
            for g in range((u if u < gcap else gcap) + 1):
                mr = u - g
                if mr >= w:
                    continue
                for x in range(xmax + 1):
                    if mr + x >= w:
                        break
                    nf = trans[(f * w + mr) * w + x]
                    if nf == DEAD:
                        continue
                    sub = bound[((m * J1) + jl - x) * nc + nf]
                    if sub == UNKNOWN:
                        sub = self._fill(c, m, jl - x, nf)
                    if sub == NONE:
                        continue
                    sub = 2 * sub + (u - t) * unit
                    if sub > best:
                        best = sub
        b = NONE if best < 0 else (best + 1) >> 1
        bound[at] = b
        return b

    def _top_values(self):
        """tops[i][m]: the value of the m best rack tiles in cells after
        step i.  Bounds value once the tile count is known.  Small arrays
        (the device heap is fragmented)."""
        R = 0
        for code in range(len(self.rak)):
            R += self.rak[code]
        self._R = R
        tops = [None] * len(self.steps)
        vals = []
        for i in range(len(self.steps) - 1, -1, -1):
            row = array("H", bytes(2 * (R + 1)))
            acc = 0
            for m in range(1, R + 1):
                if m <= len(vals):
                    acc += vals[m - 1]
                row[m] = acc
            tops[i] = row
            kind, c, n = self.steps[i]
            if kind == 0:
                for _ in range(self.rak[(c << 4) | n]):
                    k = 0
                    while k < len(vals) and vals[k] >= n:
                        k += 1
                    vals.insert(k, n)
        return tops

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

    def _all_closed(self, key, closed):
        for c in range(self.ncol):
            if not closed[(key >> (_FB * c)) & 31]:
                return False
        return True

    def _make_orders(self):
        """Per step, the choices in the order the search tries them: more
        rack tiles first, then closest to how the table is laid out now.
        A cell choice packs u | g<<2 | x<<4, an end choice is xg."""
        J = self.jokers
        w = self.slots + 1
        out = []
        for (kind, c, n) in self.steps:
            lst = []
            if kind == 0:
                code = (c << 4) | n
                t = self.tab[code]
                r = self.rak[code]
                gs = self.shape[code] & 3
                xs = self.shape[code] >> 2
                xmax = J if self._joker_near[code] else 0
                for u in range(t + r, t - 1, -1):
                    opts = []
                    for g in range(u + 1):
                        for x in range(xmax + 1):
                            if u - g + x < w:
                                d = (g - gs if g > gs else gs - g) + (x - xs if x > xs else xs - x)
                                opts.append((d, x, g))
                    opts.sort()
                    for d, x, g in opts:
                        lst.append(u | (g << 2) | (x << 4))
            else:
                for xg in range(J + 1):
                    lst.append(xg)
            out.append(bytes(lst))
        return out

    def _enter(self, i, key, oth, o0):
        """Frame set-up for `key` at step i: the other colours' bounds per
        jokers left into oth[o0:o0+J+1] (-1 where impossible); False if no
        choice can work (an end step at 13 with short runs open)."""
        kind, c0, n = self.steps[i]
        if kind == 1 and n == 13 and not self._all_closed(key, self._tables[3]):
            return False
        nc = self._nc
        J1 = self.jokers + 1
        bounds = self._bound
        for jl in range(J1):
            oth[o0 + jl] = 0
        for c in range(self.ncol):
            if kind == 0 and c == c0:
                continue
            done = n if (kind == 1 or c < c0) else n - 1
            bc = bounds[c]
            f = (key >> (_FB * c)) & 31
            at = done * J1 * nc + f
            jl = 0
            while jl < J1:
                o = oth[o0 + jl]
                if o >= 0:
                    b = bc[at]
                    if b == UNKNOWN:
                        b = self._fill(c, done, jl, f)
                    oth[o0 + jl] = -1 if b == NONE else o + b
                jl += 1
                at += nc
        return True

    def search(self, lower, improve=True, step=1, most=-1):
        """Best (score, path) with score >= lower, or (-1, None).

        Scores count placed rack tiles (and, unless free, jokers, table
        ones included, whose UNITs are taken off again here).  With
        improve, the search goes on for a better hit: the next multiple of
        `step` (UNIT: one more tile; 1: any more value).  most >= 0: no
        move places more than `most` tiles (proven), which bounds the value
        a state can still add.  Memory: a few ints per step."""
        free = self.free
        off = 0 if free else self.jt * UNIT
        lower += off
        steps = len(self.steps)
        memo = self.memo
        jsh, sgsh, mgsh, vsh = self.jsh, self.sgsh, self.mgsh, self.vsh
        vmask = ((1 << self.vbits) - 1) << vsh
        meld = self.meld
        J = self.jokers
        J1 = J + 1
        nc = self._nc
        w = self.slots + 1
        ju = 0 if free else UNIT + 13
        trans = self._tables[1]
        gok = self._gok
        orders = self._orders
        rests = self._rest
        idx, keys, scs, oth, ok, choice, hit = self._frames
        stepl = self.steps
        packed = self.packed
        bounds = self._bound
        tab = self.tab
        fill = self._fill
        enter = self._enter
        dominance = self.dominance
        expanded = self.expanded
        gfb = self._gfb
        gm = self._gm
        tops = None
        if most >= 0:
            tops = self._tops
            R = self._R
        best = -1
        path = None
        self.found = None
        self.found_score = -1
        depth = 0
        for i in range(steps):
            idx[i] = 0
        ok[0] = 1 if self._enter(0, 0, oth, 0) else 0
        tick = 0
        while depth >= 0:
            lst = orders[depth]
            ci = idx[depth]
            if not ok[depth] or ci >= len(lst):
                # exhausted: nothing below reaches `lower` from here
                if depth and self.memo_size < self.memo_cap and (
                        not self.sparse or stepl[depth - 1][0] == 1):
                    m = memo[depth]
                    try:
                        if packed is not None:
                            if m is not None and m.put(keys[depth], lower - scs[depth]):
                                self.memo_size += 1
                        else:
                            if m is None:
                                m = memo[depth] = {}
                            if keys[depth] not in m:
                                self.memo_size += 1
                            m[keys[depth]] = lower - scs[depth]
                    except MemoryError:
                        self._shrink_memo()
                depth -= 1
                continue
            idx[depth] = ci + 1
            ch = lst[ci]
            key = keys[depth]
            sc = scs[depth]
            kind, c, n = stepl[depth]
            j = (key >> jsh) & 7
            if kind == 0:
                u = ch & 3
                g = (ch >> 2) & 3
                x = ch >> 4
                if j + x > J:
                    continue
                sh = _FB * c
                f = (key >> sh) & 31
                nf = trans[(f * w + u - g) * w + x]
                if nf == DEAD:
                    continue
                left = J - j - x
                o = oth[depth * J1 + left]
                if o < 0:
                    continue
                b = bounds[c][(n * J1 + left) * nc + nf]
                if b == UNKNOWN:
                    b = fill(c, n, left, nf)
                if b == NONE:
                    continue
                unit = UNIT + n
                s2 = sc + (u - tab[(c << 4) | n]) * unit + (0 if free else x * unit)
                hb = 2 * (o + b) + left * ju
                rb = rests[depth] + left * ju
                if s2 + (hb if hb < rb else rb) < lower:
                    continue
                if tops is not None:
                    more = most - (s2 >> 11)
                    if more < 0 or ((most << 11) + (s2 & 2047) +
                                    tops[depth][more if more < R else R]) < lower:
                        continue
                sg = ((key >> sgsh) & 15) + g
                mg = (key >> mgsh) & 3
                if sg:
                    # can this number's groups still come out valid?
                    at = gfb[depth] + (left << 2) + (mg if mg > g else g)
                    gv = gm[at]
                    if not gv:
                        gv = self._group_mask(at)
                    if not (gv >> sg) & 1:
                        continue
                k2 = ((key & ~((31 << sh) | (7 << jsh) | (15 << sgsh) | (3 << mgsh) | vmask)) |
                      (nf << sh) | ((j + x) << jsh) | (sg << sgsh) |
                      ((mg if mg > g else g) << mgsh))
                if meld:
                    nv = (key >> vsh) + (u + x) * n
                    k2 |= (nv if nv < meld else meld) << vsh
            else:
                xg = ch
                if j + xg > J:
                    continue
                sg = (key >> sgsh) & 15
                mg = (key >> mgsh) & 3
                gi = (sg * 4 + mg) * 8
                if not gok[gi + xg]:
                    continue
                if free and xg and gok[gi + xg - 1]:
                    continue            # fewer group jokers do: spares
                left = J - j - xg
                o = oth[depth * J1 + left]
                if o < 0:
                    continue
                s2 = sc + (0 if free else xg * (UNIT + n))
                hb = 2 * o + left * ju
                rb = rests[depth] + left * ju
                if s2 + (hb if hb < rb else rb) < lower:
                    continue
                k2 = (key & ~((15 << sgsh) | (3 << mgsh) | (7 << jsh) | vmask)) | ((j + xg) << jsh)
                if meld:
                    nv = (key >> vsh) + xg * n
                    nv = nv if nv < meld else meld
                    if n == 13 and nv < meld:
                        continue
                    k2 |= nv << vsh
                if n == 13 and not free and j + xg < self.jt:
                    continue
            # a state proven short of lower before (fewer jokers: also)
            m = memo[depth + 1]
            if m is not None:
                bm = m.get(k2)
                if bm is not None and lower - s2 >= bm:
                    continue
                jj = (k2 >> jsh) & 7
                if free and jj:
                    # fewer jokers used is never worse: their failures count
                    kb = k2 & ~(7 << jsh)
                    q = 0
                    while q < jj:
                        bm = m.get(kb | (q << jsh))
                        if bm is not None and lower - s2 >= bm:
                            break
                        q += 1
                    if q < jj:
                        continue
                if dominance and self._dominated(m, k2, lower - s2):
                    continue
            choice[depth] = ch
            if depth + 1 == steps:
                best = s2
                hit[:] = choice                 # no allocation: heap may be full
                path = hit
                self.found = hit
                self.found_score = best - off
                if not improve:
                    break
                lower = (s2 // step + 1) * step
                continue
            depth += 1
            keys[depth] = k2
            scs[depth] = s2
            idx[depth] = 0
            ok[depth] = 1 if enter(depth, k2, oth, depth * J1) else 0
            expanded += 1
            tick += 1
            if tick >= 16:
                tick = 0
                self.expanded = expanded
                self._check_time()
                if packed is None and mem_free is not None and mem_free() < LOW_HEAP:
                    gc.collect()
                    if mem_free() < LOW_HEAP:
                        # keep what the memo knows, just stop it growing
                        self.memo_cap = self.memo_size
        self.expanded = expanded
        if path is None:
            return -1, None
        return best - off, path

    def _dominated(self, m, key, need):
        """Has a state that differs only in one colour's runs, and there is
        at least as strong, been proven unable to gain `need`?"""
        ups = self._tables[2]
        for c in range(self.ncol):
            sh = _FB * c
            f = (key >> sh) & 31
            base = key & ~(31 << sh)
            for g in ups[f]:
                b = m.get(base | (g << sh))
                if b is not None and need >= b:
                    return True
        return False

    def _shrink_memo(self):
        """Out of heap: forget the memo (it only saves time) and keep it
        smaller from now on."""
        if self.packed is not None:
            return                  # preallocated: nothing to give back
        for i in range(len(self.memo)):
            self.memo[i] = None
        self.memo_cap = self.memo_size // 2
        self.memo_size = 0
        if mem_free is not None:
            gc.collect()

    def _check_time(self):
        if self.deadline is not None and ticks_diff(ticks_ms(), self.deadline) > 0:
            raise Timeout()

    def release(self):
        """Drop the memo (the bulk of the heap) once the search is over."""
        self.memo = None
        self.packed = None
        drop_table()
        if mem_free is not None:
            gc.collect()
