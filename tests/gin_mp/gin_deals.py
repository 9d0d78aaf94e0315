"""Seeded hands for the gin tests (the engine's own PRNG: same on both runtimes)."""
from common.rng import Rng
from gin.cards import deck


def hands(seed, sizes, bias=0):
    """Disjoint random hands of the given sizes.  bias > 0 draws from a
    smaller slice of the deck so melds are common."""
    rng = Rng(seed)
    d = rng.shuffle(deck())
    if bias:
        d = bytearray(sorted(d[:52 - bias]))
        rng.shuffle(d)
        # keep two suits and a band of ranks most of the time
        pool = [c for c in d if c // 13 < 2 or c % 13 < 6]
        rest = [c for c in d if c not in pool]
        d = bytearray(pool + rest)
    out = []
    k = 0
    for n in sizes:
        out.append(list(d[k:k + n]))
        k += n
    return out
