"""A melded position's search set up as solve() does it (only the rack
tiles that fit, jokers spare unless a set needs them), for the solver
tests on both runtimes that look at the search itself."""
from rummikub.tiles import parse_table, parse_tiles, count_tiles, JOKER
from ai.dp import Problem
from ai.runstate import table_shape
from ai.solver import placeable


def maker(table, rack, memo_cap=2000):
    """make(partner=None): the upward search (or, given the upward one,
    the downward one sharing its memo) of `table` (notation) and `rack`."""
    t = parse_table(table)
    tab = count_tiles(t)
    rak = count_tiles((parse_tiles(rack),))
    jt, jr = tab[JOKER], rak[JOKER]
    tab[JOKER] = rak[JOKER] = 0
    fit = count_tiles((placeable(tab, rak, jt + jr, 4),))
    shape = table_shape(t, 4)

    def make(partner=None):
        return Problem(tab, fit, jt=jt, jr=jr, ncol=4, copies=2, free=True,
                       memo_cap=memo_cap, shape=shape, partner=partner)
    return make
