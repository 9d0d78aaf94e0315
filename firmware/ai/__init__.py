"""Move solver and computer players.

Public surface: `solver.solve(table, rack, melded, rules, budget_ms)` ->
`Move`, `solver.rack_sets`; `players.Player(level)` (LEVELS) with
`take_turn(game)`; `hint.hint(...)`, the hint button's move.  The rest is
the solver's inside: `dp` (a search as flat arrays), `kernel` (the walk),
`race` (two walks at once), `runstate`, `arrange`, `greedy`, `expert`;
`hostfast` is CPython only.
"""

# What stays loaded at each moment of the app (ui.app.unload):
#   "human": nothing.  While a person plays (or reads a round's result,
#   and the score log is written) the AI's code and tables give the
#   screens their RAM; the next AI turn, or the hint, loads what it uses.
KEEP = {"human": ()}
