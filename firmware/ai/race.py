"""One position searched two ways at once: numbers 1 up to 13 and 13 down
to 1, in turns, sharing the memo and the best score; the first to finish
decides.

Why: how long a proof takes depends on where the position is tight.  A
dead end that the upward walk meets only at number 11 is met first by the
downward one, and the other way round; which is quicker cannot be told in
advance.  Most positions finish within HEAD states going up, before the
second search is even built; for the rest, taking turns costs at most
about twice the quicker way, where one slow way alone costs up to ten
times it (bench corpus, both phases: p95 states 5,631 -> 2,393 when
it came in).  The winner of the tile phase leads the value phase.
Answers are exact either way; which of two equally good moves comes back
can depend on which search finished (and on the device, on whether the
heap had room for the second one).
"""
import gc
from compat import const

HEAD = const(500)       # states the upward search walks alone
TURN = const(100)       # states a search walks in its turn
LEAD = const(3)         # turns the last race's winner gets to each of the other's
_ROOM = const(16000)     # free heap below which the second search is not tried


class Race:
    """first: the upward search (dp.Problem); make(first) builds the
    downward one when it is needed (kept for the next search); check()
    raises when time is up."""

    def __init__(self, first, make, check):
        self.first = first
        self.second = None
        self._make = make
        self._check = check
        self.best = None            # the search holding the best hit
        self.lead = first           # the one that starts, and walks more
        self.edge = 1               # its turns to each one of the other

    def search(self, lower, step, most=-1):
        """Best hit with score >= lower, raising the target by `step`
        after each (see dp.Problem.start): the search that found it, or
        None.  The hit's path is that search's .found."""
        while True:
            try:
                return self._search(lower, step, most)
            except MemoryError:
                if self.second is None:
                    raise
                # no heap for two: the first alone, from the top (its
                # memo facts stay)
                self.second.drop_reverse()
                self.second = self._make = None
                self.lead = self.first
                self.edge = 1
                gc.collect()

    def _search(self, lower, step, most):
        a = self.lead
        a.start(lower, True, step, most)
        self.best = None
        done = a.advance(HEAD) != 2
        self._note(a)
        if done:
            return self.best
        self._check()
        b = self.first
        if a is b:
            b = self._second()
        if b is not None:
            b.start(lower, True, step, most)
        while True:
            if b is not None:
                _share(a, b)
            if a.advance(TURN * self.edge) != 2:
                self._won(a)
                break
            self._note(a)
            if b is not None:
                _share(a, b)
                if b.advance(TURN) != 2:
                    self._won(b)
                    break
                self._note(b)
            self._check()
        return self.best

    def _second(self):
        """The downward search, built the first time it is needed (None if
        the heap has no room for it: not even tried below ROOM free bytes,
        a failed try only scatters the heap)."""
        if self.second is None and self._make is not None:
            free = getattr(gc, "mem_free", None)     # MicroPython only
            if free is not None and free() < _ROOM:
                self._make = None
                return None
            try:
                self.second = self._make(self.first)
            except MemoryError:
                self._make = None       # no room: the first goes on alone
                self.first.drop_reverse()
                gc.collect()
        return self.second

    def _won(self, p):
        """p finished first: it leads the next search (the value phase
        after the tile phase), with LEAD turns to each of the other's."""
        self._note(p)
        self.lead = p
        self.edge = LEAD

    def _note(self, p):
        if p.found is not None and (self.best is None
                                    or p.found_score > self.best.found_score):
            self.best = p

    @property
    def expanded(self):
        n = self.first.expanded
        if self.second is not None:
            n += self.second.expanded
        return n


def _share(a, b):
    """Both searches aim at the higher of their two targets: a hit by one
    raises what the other must beat."""
    la = a.target()
    lb = b.target()
    if la < lb:
        a.retarget(lb)
    elif lb < la:
        b.retarget(la)
