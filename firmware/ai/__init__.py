"""Move solver and computer players.

Public surface:
  solver.solve(table, rack, melded, rules, budget_ms) -> solver.Move
            the legal table placing the most rack tiles, then the most
            value (.table .changed .placed .count .value .optimal);
            solver.goes_out(table, rack, rules) whether a melded rack can
            all go down; solver.rack_sets, new sets from a rack alone
  players.Player(level, seed=..., budget_ms=...) with .choose(game) (the
            table to leave, or None to draw) and .take_turn(game), for
            every level in players.LEVELS: easy, medium, hard, expert and
            greedy (the yardstick: the solver's move every turn)
  hint.hint(game, budget_ms) the hint button's move (changed sets only)
  place.Ways(table, picked, forced, melded, rules, budget_ms) with .next():
            assisted placement, the ways to put picked tiles on the table,
            fewest table sets changed first
Internal: `dp` (a search: set up, run, its result), `prepare` (its
arrays, made once: the kernel's D/P, choice order, bound tables), `cells`
(what the bound reads about a position, per cell), `memo` (the memo and bound tables a
search keeps), `kernel` (the walk, with its contract at the top), `race`
(two walks at once), `runstate`, `arrange` (a path back into sets),
`greedy` (cheap moves), `expert` (the expert's endgame look-ahead);
`hostfast` is CPython only.
"""

# What stays loaded at each moment of the app (ui.unload):
#   "human": nothing.  While a person plays (or reads a round's result,
#   and the score log is written) the AI's code and tables give the
#   screens their RAM; the next AI turn, or the hint, loads what it uses.
KEEP = {"human": ()}
