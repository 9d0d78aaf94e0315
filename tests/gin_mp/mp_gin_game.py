"""A whole Gin Rummy game to 100 (hard AI against medium) under a capped
MicroPython heap.  `make test-mem` runs it with -X heapsize=$(GIN_HEAP);
a MemoryError fails it."""
import gc
from gin.game import GinGame, HAND_OVER
from ai.gin.players import GinPlayer

gc.collect()
g = GinGame(seed=2026, names=["Ann", "Ben"])
ps = [GinPlayer("hard", seed=1), GinPlayer("medium", seed=2)]
actions = 0
while True:
    while g.phase != HAND_OVER:
        ps[g.current].act(g)
        actions += 1
        assert actions < 20000
    if g.is_over():
        break
    g.next_hand()
w, totals, bonus, margin = g.final()
assert max(g.scores) >= 100
print("gin game under heap cap: %d hands, %d actions, scores %s, %s wins by %d" % (
    g.hand_no, actions, g.scores, g.names[w], margin))
