"""The hint button: the solver's move for the current player, as the list
of sets that would change (the UI highlights them; the table itself is
untouched until the player plays)."""
from ai.solver import solve
from ai.dp import drop_caches


def hint(game, budget_ms=None):
    """(changed sets, Move) for the player whose turn it is.  No move ->
    ([], move with count 0): the UI should suggest drawing."""
    try:
        move = solve(game.table, game.rack, bool(game.melded[game.current]),
                     game.rules, budget_ms)
    finally:
        drop_caches()    # ~5 KB (64-bit) the rest of the person's turn can use
    return [bytearray(s) for s in move.changed], move
