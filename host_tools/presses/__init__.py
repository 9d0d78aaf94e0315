"""Counting button presses: how many a move costs on the play screen.

`python -m host_tools presses` (also `make presses`) builds a corpus of
target moves from seeded self-play (corpus.py), finds for each the
fewest presses the planner knows (planner.py) and confirms them on the
real app through the emulator backend; command.py prints the figures and
writes build/presses.json.

- `corpus`   Target, KINDS, corpus(per_kind, seed)
- `planner`  plan(target) -> [Plan], run_keys(target, keys), solve_target(target)
- `command`  main(argv), summary(results)
"""
