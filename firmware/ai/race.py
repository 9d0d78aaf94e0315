"""One position searched two ways at once: numbers 1 up to 13 and 13 down
to 1, in turns, sharing the memo and the best score; the first to finish
decides.

Why: how long a proof takes depends on where the position is tight.  A
dead end that the upward walk meets only at number 11 is met first by the
downward one, and the other way round; which is quicker cannot be told in
advance.  Most positions finish within HEAD states going up, before the
second search is even built; for the rest, taking turns costs at most
about twice the quicker way, where one slow way alone costs up to ten
times it (bench: p95 and max states of the tile phase roughly halved).
"""
import gc
from compat import const

HEAD = const(300)       # states the upward search walks alone
TURN = const(100)       # states a search walks in its turn


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
                gc.collect()

    def _search(self, lower, step, most):
        a = self.first
        a.start(lower, True, step, most)
        self.best = None
        live = (a,)
        done = a.advance(HEAD) != 2
        self._note(a)
        if not done:
            self._check()
            if self.second is None and self._make is not None:
                try:
                    self.second = self._make(a)
                except MemoryError:
                    self._make = None       # no room: the first goes on alone
                    a.drop_reverse()
                    gc.collect()
            b = self.second
            if b is not None:
                b.start(lower, True, step, most)
                live = (a, b)
            while not done:
                for p in live:
                    if b is not None:
                        _share(live)
                    done = p.advance(TURN) != 2
                    self._note(p)
                    if done:
                        break
                self._check()
        return self.best

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


def _share(live):
    """Both searches aim at the higher of their two targets: a hit by one
    raises what the other must beat."""
    a, b = live
    la = a.target()
    lb = b.target()
    if la < lb:
        a.retarget(lb)
    elif lb < la:
        b.retarget(la)
