"""Exact arrangement search, number by number (a DP state space walked
depth-first with branch and bound).

Why this shape: a table is a multiset of runs and groups.  Walking the
numbers 1..13 and, inside a number, the colours, the only thing the past
hands to the future is, per colour, how many runs are open and how long
they are (1, 2, or "3 or more", which may stop any time), the jokers used,
and for the current number how many tiles went to groups.  That state is
two small ints (after van Rijn, Takes & Vis, "The complexity of Rummikub
problems", which walks the numbers the same way).

The walk is a depth-first branch and bound, not a layer-by-layer sweep:
most positions have a move that reaches the target, and a depth-first
search with "place rack tiles first" ordering finds it without listing
every arrangement of the table.  Memory stays at one frame per step plus a
fixed memo of proven bounds ("from this state nothing reaches B more"),
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

This module sets the search up (Python, with ai.prepare's native set-up
and ai.memo's tables); ai.kernel walks it (viper).
"""
from array import array
from compat import const, ticks_ms, ticks_diff
from ai.runstate import tables, group_table, forget as _forget_tables
from ai import kernel as K
from ai import prepare
from ai.kernel import UNIT
from ai import memo

from compat import MICROPYTHON as _MP

# states the kernel expands between two looks at the clock (with a budget)
_SLICE = const(400)

# CPython walks the same source compiled without the viper casts (see
# ai.hostfast); the device never imports hostfast
if not _MP:
    from ai import hostfast
    K = hostfast.kernel(K)
    prepare = hostfast.kernel(prepare)

# ai.kernel's D/P layout (explained there) as this module's own private
# consts: folded into the code, no names in the module dicts while the AI
# runs (tests/ai/test_layout_copies.py checks each against the kernel's)
_D_KIND = const(0)
_D_COL = const(1)
_D_NUM = const(2)
_D_TAB = const(3)
_D_ORDO = const(4)
_D_ORDS = const(5)
_D_REST = const(6)
_D_GFB = const(7)
_D_BND = const(8)
_D_TRANS = const(9)
_D_GOK = const(10)
_D_GM = const(11)
_D_UPS = const(12)
_D_UPO = const(13)
_D_CLOSED = const(14)
_D_IDX = const(15)
_D_KA = const(16)
_D_KB = const(17)
_D_SCS = const(18)
_D_OTH = const(19)
_D_OK = const(20)
_D_CHOICE = const(21)
_D_HIT = const(22)
_D_MKA = const(23)
_D_MKB = const(24)
_D_MVAL = const(25)
_D_TOPS = const(26)
_D_FUTS = const(27)
_D_RTAB = const(28)
_D_RRAK = const(29)
_D_GCAP = const(30)
_D_NEAR = const(31)
_D_TROW = const(32)
_D_VAL = const(33)
_D_CELL = const(34)
_D_MFILT = const(35)
_D_UPSM = const(36)
_D_FB = const(37)
_D_SIZE = const(38)
_P_NCOL = const(0)
_P_J = const(1)
_P_NC = const(2)
_P_W = const(3)
_P_FREE = const(4)
_P_MELD = const(5)
_P_STEPS = const(6)
_P_LOWER = const(7)
_P_STEP = const(8)
_P_MOST = const(9)
_P_R = const(10)
_P_JT = const(11)
_P_MMASK = const(12)
_P_ROOM = const(13)
_P_BUDGET = const(14)
_P_BEST = const(16)
_P_EXPANDED = const(17)
_P_RESUME = const(18)
_P_MKEY = const(20)
_P_FMASK = const(21)
_P_ORDN = const(22)
_P_SIZE = const(23)


class Timeout(Exception):
    """The time budget ran out before the search finished."""


def drop_caches():
    """Forget the tables built for searches (here and in ai.runstate; the
    next search builds them again, a few ms): for a one-off search, the
    hint, whose caller's heap belongs to a screen until the next AI turn."""
    _UPS.clear()
    _STEPS.clear()
    _forget_tables()


_UPS = {}
_STEPS = {}
# the value of a number's tiles, walking 1..13 and walking 13..1
_VALS = (bytes(range(16)), bytes([0] + [14 - n for n in range(1, 14)] + [0, 0]))


def _flip(counts):
    """A per-code array with number n moved to 14 - n (for the reversed
    search; other codes stay)."""
    out = bytearray(len(counts))
    for code in range(len(counts)):
        n = code & 15
        out[code if n < 1 or n > 13 else code + 14 - 2 * n] = counts[code]
    return out


def _step_list(ncol):
    """The search's steps, as three bytes (kind, colour, number): the cells
    of number 1, its end (kind 1), the cells of 2, ...  Cached per ncol."""
    t = _STEPS.get(ncol)
    if t is None:
        kind = bytearray()
        col = bytearray()
        num = bytearray()
        for n in range(1, 14):
            for c in range(ncol + 1):
                kind.append(1 if c == ncol else 0)
                col.append(c if c < ncol else 0)
                num.append(n)
        t = _STEPS[ncol] = (bytes(kind), bytes(col), bytes(num))
    return t


def _flat_ups(slots, ups):
    """The dominance lists as one bytes + offsets (cached per slot count)."""
    t = _UPS.get(slots)
    if t is None:
        off = array("H", bytes(2 * (len(ups) + 1)))
        flat = bytearray()
        for f in range(len(ups)):
            off[f] = len(flat)
            flat.extend(ups[f])
        off[len(ups)] = len(flat)
        t = _UPS[slots] = (bytes(flat), off)
    return t


class Problem:
    """One search: per-cell table/rack counts, jokers, and options (all
    but tab and rak by keyword).

    tab, rak: bytearrays indexed by tile code (colour<<4 | number).
    jt: table jokers, jr: rack jokers.  meld: 0 to maximise, else the
    minimum value the placed sets must reach.  free: jokers score nothing
    and need not all be used (the caller appends the spare ones), which
    lets the search ignore every joker that does not make a set valid.
    memo_cap: memo slots (a power of two at least that big, 1024 to
    131072; fewer, down to 256, where the heap is short: ai.memo) for
    the states between numbers.  reverse: walk the numbers 13 down to 1
    (a partner, the forward search of the same position, shares its
    memo; see ai.race).
    """

    def __init__(self, tab, rak, *, jt, jr, ncol, copies, meld=0, deadline=None,
                 free=False, memo_cap=1500, shape=None, partner=None):
        self.reverse = partner is not None
        if self.reverse:
            tab = _flip(tab)
            rak = _flip(rak)
            if shape is not None:
                shape = _flip(shape)
        self.tab = tab
        self.rak = rak
        self.jt = jt
        self.ncol = ncol
        self.jokers = J = jt + jr
        self.slots = copies + (1 if J else 0)
        self.meld = meld
        self.deadline = deadline
        self.free = free
        # shape: how the table is laid out now (see table_shape); the search
        # tries that layout first, so the first dive rarely dead-ends
        self.shape = shape if shape is not None else bytearray(256)
        self.expanded = 0
        self.found = None         # best path so far, kept on Timeout
        self.found_score = -1
        kind, col, num = self._steps = _step_list(ncol)
        self.nsteps = S = len(kind)
        J1 = J + 1
        combos, trans, ups, closed = tables(self.slots, free)
        nc = len(combos)
        if partner is None:
            bits = 10
            while bits < 17 and (1 << bits) < memo_cap:
                bits += 1
            self._memo = memo.shared_memo(bits)
        else:
            self._memo = partner._memo
        D = [None] * _D_SIZE
        stab = bytearray(S)
        for d in range(S):
            if not kind[d]:
                stab[d] = tab[(col[d] << 4) | num[d]]
        D[_D_KIND] = kind
        D[_D_COL] = col
        D[_D_NUM] = num
        D[_D_TAB] = stab
        D[_D_RTAB] = tab
        D[_D_RRAK] = rak
        D[_D_TRANS] = trans
        D[_D_CLOSED] = closed
        D[_D_UPS], D[_D_UPO] = _flat_ups(self.slots, ups)
        D[_D_UPSM] = b"" if _MP else [sum(1 << g for g in u) for u in ups]
        D[_D_GOK] = group_table(ncol)
        D[_D_NEAR] = self._near()
        D[_D_GCAP] = self._group_caps()
        D[_D_VAL] = _VALS[self.reverse]
        D[_D_BND] = self._memo.bounds(ncol, 14 * J1 * nc, self.reverse)
        D[_D_REST] = self._remaining()
        D[_D_CELL] = self._cells(D[_D_NEAR], D[_D_GCAP])
        self._futures()
        D[_D_GFB] = self._gfb
        D[_D_GM] = self._gm
        D[_D_FUTS] = self.futs
        self._R = sum(rak)
        D[_D_TROW] = D[_D_TOPS] = b"\0\0"   # made when a search needs them
        self._tops = False
        # the search's frames, allocated once while the heap is still whole
        D[_D_IDX] = array("H", bytes(2 * (S + 1)))
        D[_D_KA] = array("I", bytes(4 * S))
        D[_D_KB] = array("I", bytes(4 * S))
        D[_D_SCS] = array("i", bytes(4 * S))
        D[_D_FB] = array("i", bytes(4 * S))
        D[_D_OTH] = array("i", bytes(4 * S * J1))
        D[_D_OK] = bytearray(S)
        D[_D_CHOICE] = bytearray(S)
        self.hit = D[_D_HIT] = bytearray(S)
        self.D = D
        P = array("i", bytes(4 * _P_SIZE))
        P[_P_NCOL] = ncol
        P[_P_J] = J
        P[_P_NC] = nc
        P[_P_W] = self.slots + 1
        P[_P_FREE] = 1 if free else 0
        P[_P_MELD] = meld
        P[_P_STEPS] = S
        P[_P_R] = self._R
        P[_P_JT] = jt
        P[_P_MKEY] = 0x4000 if self.reverse else 0
        self.P = P
        # choices in search order: at most 3 tile counts x 3 group counts x
        # J+1 jokers a cell; the device counts them first (a third of that)
        D[_D_ORDO] = array("H", bytes(2 * (S + 1)))
        if _MP:
            D[_D_ORDS] = b""
            D[_D_ORDS] = bytearray(prepare.orders(D, P, self.shape))
        else:
            D[_D_ORDS] = bytearray(9 * J1 * S)
        P[_P_ORDN] = 1
        prepare.orders(D, P, self.shape)
        if _MP:
            # native code makes every bound entry faster than a call makes
            # one on demand; CPython fills only what the search asks for
            for c in range(ncol):
                prepare.fill_all(D, P, c)
        if not _MP:
            hostfast.lists(D, _D_BND)
            self.hit = D[_D_HIT]
            self.P = P = hostfast.fast(P)
            hostfast.masks(self, D[_D_GM], K.group_mask)
        self._fresh = True

    def step(self, d):
        """Step d as (kind, colour, number)."""
        t = self._steps
        return t[0][d], t[1][d], t[2][d]

    def _futures(self):
        """For each cell step, what the later colours of its number can
        still give to groups (how many cells hold >= 1, 2, 3 tiles), and
        masks, filled on first use, of the group states those can still
        complete (kernel.group_mask).  Steps with the same future share masks;
        they are made here, so the search allocates nothing."""
        kinds, cols, nums = self._steps
        J1 = self.jokers + 1
        futs = []
        seen = {}
        gfb = array("H", bytes(2 * self.nsteps))
        ks = None
        for d in range(self.nsteps):
            kind, c, n = kinds[d], cols[d], nums[d]
            if kind:
                continue
            if not c:
                ks = self._counts_at(n)
            k1 = k2 = k3 = 0
            for oc in range(c + 1, self.ncol):
                k = ks[oc]
                if k >= 1:
                    k1 += 1
                if k >= 2:
                    k2 += 1
                if k >= 3:
                    k3 += 1
            fk = k1 | (k2 << 3) | (k3 << 6)
            i = seen.get(fk)
            if i is None:
                i = seen[fk] = len(futs)
                futs.append(fk)
            gfb[d] = i * J1 * 4
        self.futs = array("H", futs)
        self._gfb = gfb
        self._gm = array("H", bytes(2 * len(futs) * J1 * 4))

    def _near(self):
        """Cells where a joker may stand in a run: a numbered tile of that
        colour within reach of the jokers in play."""
        near = bytearray(256)
        if not self.jokers:
            return near
        reach = self.jokers if self.jokers < 2 else 2
        for c in range(self.ncol):
            here = [self.tab[(c << 4) | k] or self.rak[(c << 4) | k] for k in range(16)]
            here[0] = here[14] = here[15] = 0
            for n in range(1, 14):
                lo = n - reach if n > reach else 0
                if any(here[lo:n + reach + 1]):
                    near[(c << 4) | n] = 1
        return near

    def _counts_at(self, n):
        """Tiles in play (table and rack) of each colour at number n."""
        return [self.tab[(c << 4) | n] + self.rak[(c << 4) | n] for c in range(self.ncol)]

    def _group_caps(self):
        """gcap[(n*6 + c)*J1 + jl]: tiles of (c, n) that groups can take at
        all: a group needs 2 partners of other colours (jokers left count),
        and two copies need two groups, so 4 partners."""
        J1 = self.jokers + 1
        gcap = bytearray(16 * 6 * J1)
        for n in range(1, 14):
            ks = self._counts_at(n)
            everyone = sum(ks)
            colours = len(ks) - ks.count(0)
            for c in range(self.ncol):
                tiles = everyone - ks[c]
                cols = colours - (1 if ks[c] else 0)
                at = (n * 6 + c) * J1
                for jl in range(J1):
                    if cols + jl >= 2:
                        cap = (tiles + jl) >> 1
                        gcap[at + jl] = cap if cap < 2 else 2
        return gcap

    def _top_values(self):
        """tops[row[i]*(R+1) + m]: the value of the m best rack tiles in
        cells after step i (rows change only where rack tiles are, so
        steps share them).  Bounds value once the tile count is known."""
        kinds, cols, nums = self._steps
        R = self._R
        S = self.nsteps
        row = bytearray(S)
        tops = array("H", bytes(2 * (R + 1) * (R + 1)))
        vals = []
        val = _VALS[self.reverse]
        for i in range(S - 1, -1, -1):
            row[i] = len(vals)
            kind, c, n = kinds[i], cols[i], nums[i]
            if kind == 0:
                v = val[n]
                for _ in range(self.rak[(c << 4) | n]):
                    k = 0
                    while k < len(vals) and vals[k] >= v:
                        k += 1
                    vals.insert(k, v)
                    # the row for the tiles after the step before this one
                    acc = 0
                    at = len(vals) * (R + 1)
                    for m in range(R + 1):
                        if m and m <= len(vals):
                            acc += vals[m - 1]
                        tops[at + m] = acc
        return row, tops

    def _cells(self, near, gcap):
        """What fill() reads about cell (c, m), in one array (see
        kernel.D_CELL); the bound cap is what an entry after number m can
        be at most, half scores rounded up a number at a time: every later
        rack tile of the colour placed."""
        val = _VALS[self.reverse]
        J1 = self.jokers + 1
        cw = 5 + J1
        cell = array("H", bytes(2 * 16 * cw * self.ncol))
        for c in range(self.ncol):
            acc = 0
            for m in range(13, -1, -1):
                code = (c << 4) | m
                at = (c * 16 + m) * cw
                cell[at] = self.tab[code]
                cell[at + 1] = self.rak[code]
                cell[at + 2] = UNIT + val[m]
                cell[at + 3] = near[code]
                cell[at + 4] = acc
                for jl in range(J1):
                    cell[at + 5 + jl] = gcap[(m * 6 + c) * J1 + jl]
                if m:
                    acc += (self.rak[code] * (UNIT + val[m]) + 1) >> 1
        return cell

    def _remaining(self):
        """rest[i]: the most score rack tiles of cells after step i can add."""
        kinds, cols, nums = self._steps
        S = self.nsteps
        rest = array("i", bytes(4 * S))
        val = _VALS[self.reverse]
        acc = 0
        for i in range(S - 1, -1, -1):
            rest[i] = acc
            kind, c, n = kinds[i], cols[i], nums[i]
            if kind == 0:
                acc += self.rak[(c << 4) | n] * (UNIT + val[n])
        return rest

    def start(self, lower, improve=True, step=1, most=-1):
        """Set up a search for a score >= lower; advance() walks it.

        Scores count placed rack tiles (and, unless free, jokers, table
        ones included, whose UNITs are taken off again here).  With
        improve, the search goes on for a better hit: the next multiple of
        `step` (UNIT: one more tile; 1: any more value).  most >= 0: no
        move places more than `most` tiles (proven), which bounds the value
        a state can still add.  Memory: a few ints per step."""
        P = self.P
        if self._fresh:
            # the memo's facts hold for this problem's every search
            self._fresh = False
            if not self.reverse:
                self._memo.clear()
            P[_P_ROOM] = 1
            D = self.D
            D[_D_MKA] = self._memo.ka
            D[_D_MKB] = self._memo.kb
            D[_D_MVAL] = self._memo.val
            D[_D_MFILT] = self._memo.filt
            P[_P_FMASK] = memo.FILTER - 1 if memo.FILTER else 0
            P[_P_MMASK] = (1 << self._memo.bits) - 1
            if self.meld > 127:
                P[_P_ROOM] = 0     # the meld value outgrows its key bits
        self._off = 0 if self.free else self.jt * UNIT
        P[_P_LOWER] = lower + self._off
        P[_P_STEP] = step if improve else 0
        P[_P_MOST] = most + 1 if most >= 0 else 0
        if most >= 0 and not self._tops:
            self._tops = True
            row, tops = self._top_values()
            if not _MP:
                row = hostfast.fast(row)
                tops = hostfast.fast(tops)
            self.D[_D_TROW] = row
            self.D[_D_TOPS] = tops
        P[_P_BEST] = 0
        P[_P_RESUME] = 0
        self.found = None
        self.found_score = -1

    def advance(self, budget):
        """Walk at most `budget` more states: 0 the search is over, 1 it
        stopped at a hit (improve off), 2 it has more to do.  The best
        hit so far is in found / found_score."""
        P = self.P
        P[_P_BUDGET] = budget
        try:
            status = K.run(self.D, P)
        finally:
            self.expanded = P[_P_EXPANDED]
        if P[_P_BEST]:
            self.found = self.hit
            self.found_score = P[_P_BEST] - 1 - self._off
        return status

    def target(self):
        """The score (raw, as the kernel counts) a hit must reach now."""
        return self.P[_P_LOWER]

    def retarget(self, lower):
        """Raise the target of a started search (raw, see target())."""
        self.P[_P_LOWER] = lower

    def search(self, lower, improve=True, step=1, most=-1):
        """Best (score, path) with score >= lower, or (-1, None); see
        start() for the arguments."""
        self.start(lower, improve, step, most)
        budget = _SLICE if self.deadline is not None else 1 << 30
        while self.advance(budget) == 2:
            self.check_time()
        if self.found is None:
            return -1, None
        return self.found_score, self.hit

    def check_time(self):
        """Raise Timeout once the deadline has passed."""
        if self.deadline is not None and ticks_diff(ticks_ms(), self.deadline) > 0:
            raise Timeout()

    def drop_reverse(self):
        """Give back the reversed search's bound tables (it could not be
        built, or was dropped for heap); the shared memo stays."""
        if self._memo is not None:
            del self._memo.bnd[1:]
        if self.reverse:
            self.D = None

    def release(self):
        """Drop the memo (the bulk of the heap) once the search is over,
        and the reversed search's bound tables (never kept: the next
        search needs the heap)."""
        self.drop_reverse()
        self.D = None
        self._memo = None
        memo.drop_table()
