"""Adapter to the PyPI `rummikub-solver` (an ILP solver), our test oracle.

CPython only, never on the device.  Its blind spot: it never puts a joker
at the end of a run of 4 or 5 tiles or into a group of 4.
"""
import host_tools  # noqa: F401
from rummikub.tiles import JOKER


class Oracle:
    def __init__(self, ncol=4, copies=2, jokers=2, initial=30):
        from rummikub_solver import RuleSet
        self.rs = RuleSet(numbers=13, repeats=copies, colours=ncol, jokers=jokers,
                          min_initial_value=max(1, initial))
        self.ncol = ncol

    def _idx(self, t):
        if t == JOKER:
            return self.ncol * 13 + 1
        return (t >> 4) * 13 + (t & 15)

    def solve(self, table, rack, melded=True):
        """Number of rack tiles the oracle places (0 if none)."""
        st = self.rs.new_game()
        tab = [self._idx(t) for s in table for t in s]
        if tab:
            st.add_table(*tab)
        st.add_rack(*[self._idx(t) for t in rack])
        st.initial = not melded
        sol = self.rs.solve(st)
        return 0 if sol is None else len(sol.tiles)
