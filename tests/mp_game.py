"""A complete seeded 4-player match under a capped MicroPython heap.

`make test-mem` runs this with -X heapsize=$(GAME_HEAP); a MemoryError fails it.
"""
import gc
from rummikub.game import Game
from rummikub.rules import Rules
from simple_player import play_match

gc.collect()
g = Game(Rules(), 4, seed=2026, rounds=2)
turns = play_match(g)
assert g.tile_count() == 106
print("game under heap cap: %d turns, scores %s, winner P%d" % (
    turns, g.round_rows, g.match_winner() + 1))
