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

This module holds a search (Problem) and runs it: ai.prepare makes its
arrays from ai.cells' tables and ai.memo's; ai.kernel walks them (viper).
"""
from compat import const, ticks_ms, ticks_diff
from ai import runstate
from ai.runstate import tables
from ai import kernel as K
from ai import prepare
from ai.kernel import UNIT
from ai import memo

from compat import MICROPYTHON

# states the kernel expands between two looks at the clock (with a budget)
_SLICE = const(400)

# the entries of ai.kernel's D/P layout this module reads (ai.prepare
# writes the rest), as private consts (tests/ai/test_layout_copies.py)
_D_HIT = const(22)
_P_LOWER = const(7)
_P_BUDGET = const(14)
_P_BEST = const(16)
_P_EXPANDED = const(17)

# CPython walks the same source compiled without the viper casts (see
# ai.hostfast); the device never imports hostfast
if not MICROPYTHON:
    from ai import hostfast
    K = hostfast.kernel(K)
    prepare = hostfast.kernel(prepare)


class Timeout(Exception):
    """The time budget ran out before the search finished."""


def drop_caches():
    """Forget the tables built for searches (ai.prepare's and ai.runstate's;
    the next search builds them again, a few ms): for a one-off search, the
    hint, whose caller's heap belongs to a screen until the next AI turn."""
    prepare.forget()
    runstate.forget()


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
            tab = prepare.flip(tab)
            rak = prepare.flip(rak)
            if shape is not None:
                shape = prepare.flip(shape)
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
        self._steps = prepare.steps(ncol)
        self.nsteps = len(self._steps[0])
        # the transition tables (kept between searches) before the memo:
        # the memo is sized from the heap left, so the tables take theirs
        # first (made after it, they could find that heap gone)
        tables(self.slots, free)
        if partner is None:
            bits = 10
            while bits < 17 and (1 << bits) < memo_cap:
                bits += 1
            self._memo = memo.shared_memo(bits)
        else:
            self._memo = partner._memo
        self.D, self.P = prepare.arrays(self, self._memo)
        self.hit = self.D[_D_HIT]
        self._tops = False
        self._fresh = True

    def step(self, d):
        """Step d as (kind, colour, number)."""
        t = self._steps
        return t[0][d], t[1][d], t[2][d]

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
            prepare.memo_in(self.D, P, self._memo, self.meld)
        self._off = 0 if self.free else self.jt * UNIT
        prepare.aim(P, lower + self._off, step if improve else 0, most)
        if most >= 0 and not self._tops:
            self._tops = True
            prepare.tops(self.D, self.rak, self.ncol, self.reverse)
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
