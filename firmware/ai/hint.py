"""The hint button: the solver's move for the current player, as the list
of sets that would change (the UI highlights them; the table itself is
untouched until the player plays).

On MicroPython the hint first looks at the free heap: with less than
SEARCH_ROOM bytes free (after a collection) beside the screen, the
search's code and tables do not fit (most searches would give up for want
of heap and fall back anyway: docs/figures.md, "The AI on the device's
heap"), so the hint gives the cheap move (greedy
new sets and lay-offs, ai.move.cheap) without loading the search at all.
Loaded already (a second hint in the same turn), the search is tried.
"""
import sys
from compat import ticks_ms
from ai.move import search_fits


def hint(game, budget_ms=None):
    """(changed sets, Move) for the player whose turn it is.  No move ->
    ([], move with count 0): the UI should suggest drawing."""
    melded = bool(game.melded[game.current])
    if "ai.solver" not in sys.modules and not search_fits():
        from ai.move import cheap
        move = cheap(game.table, game.rack, melded, game.rules, ticks_ms())
        return [bytearray(s) for s in move.changed], move
    from ai.solver import solve
    from ai.dp import drop_caches
    try:
        move = solve(game.table, game.rack, melded, game.rules, budget_ms)
    finally:
        drop_caches()    # the search's tables: the rest of the person's turn can use the room
    return [bytearray(s) for s in move.changed], move
