"""Seeded random solver positions (tests and `make bench` share them).

A position is a table of valid sets dealt from one tile set plus a rack
from what is left, like a mid-game moment.  `oracle_safe` keeps table
jokers where rummikub-solver can model them (in sets of 3 or inside runs),
so the ILP peer and our solver face the same puzzle.
"""
import random

import host_tools  # noqa: F401  (firmware/ on sys.path)
from rummikub.tiles import JOKER, fmt_table, fmt_tiles


def _take_run(rng, deck, ncol, want):
    for _ in range(30):
        c = rng.randrange(ncol)
        ln = rng.randint(3, min(want, 13)) if want >= 3 else 3
        start = rng.randint(1, 14 - ln)
        codes = [(c << 4) | n for n in range(start, start + ln)]
        if all(deck[t] for t in codes):
            for t in codes:
                deck[t] -= 1
            return codes
    return None


def _take_group(rng, deck, ncol):
    for _ in range(30):
        n = rng.randint(1, 13)
        cols = [c for c in range(ncol) if deck[(c << 4) | n]]
        if len(cols) < 3:
            continue
        rng.shuffle(cols)
        k = rng.randint(3, len(cols))
        codes = sorted([(c << 4) | n for c in cols[:k]])
        for t in codes:
            deck[t] -= 1
        return codes
    return None


def _grow(rng, table, deck, target):
    """Lengthen runs at either end (tiles still in the deck) until the
    table holds `target` tiles or no run can grow."""
    used = sum(len(s) for s in table)
    runs = [s for s in table if len(s) >= 2 and s[0] >> 4 == s[1] >> 4]
    while used < target and runs:
        s = runs[rng.randrange(len(runs))]
        lo = (s[0] & 15) - 1
        hi = (s[-1] & 15) + 1
        c = s[0] >> 4
        ends = [e for e in (lo, hi) if 1 <= e <= 13 and deck[(c << 4) | e]]
        if not ends:
            runs.remove(s)
            continue
        e = ends[rng.randrange(len(ends))]
        deck[(c << 4) | e] -= 1
        if e == lo:
            s.insert(0, (c << 4) | e)
        else:
            s.append((c << 4) | e)
        used += 1


def _add_joker(rng, s, oracle_safe):
    """Replace one tile of set s by a joker (the tile goes back to the deck)."""
    real = [t for t in s if t != JOKER]
    is_run = len(set(t >> 4 for t in real)) == 1 and len(set(real)) == len(real) > 1
    if oracle_safe and len(s) > 3:
        if not is_run:
            return None
        i = rng.randint(1, len(s) - 2)
    else:
        i = rng.randrange(len(s))
    if s[i] == JOKER or sum(1 for t in s if t != JOKER) < 2:
        return None
    old = s[i]
    s[i] = JOKER
    return old


def random_position(rng, ncol=4, copies=2, jokers=2, oracle_safe=True,
                    sets=(3, 15), tiles=(10, 90), rack=(6, 20), joker_p=0.5):
    """(table as list of lists, rack as list) from random.Random rng."""
    deck = [0] * 0x71
    for c in range(ncol):
        for n in range(1, 14):
            deck[(c << 4) | n] = copies
    nsets = rng.randint(*sets)
    target = rng.randint(max(tiles[0], 3 * nsets), max(tiles[0], min(tiles[1], 7 * nsets)))
    table = []
    used = 0
    tries = 0
    while len(table) < nsets and tries < 200:
        tries += 1
        left_sets = nsets - len(table)
        want = max(3, (target - used) // left_sets)
        s = _take_run(rng, deck, ncol, want + rng.randint(0, 2)) if rng.random() < 0.6 \
            else _take_group(rng, deck, ncol)
        if s is None:
            continue
        table.append(s)
        used += len(s)
    _grow(rng, table, deck, target)
    jleft = jokers
    for _ in range(jokers):
        if table and rng.random() < joker_p:
            s = table[rng.randrange(len(table))]
            old = _add_joker(rng, s, oracle_safe)
            if old is not None:
                deck[old] += 1
                jleft -= 1
    pool = []
    for t in range(0x71):
        pool.extend([t] * deck[t])
    pool.extend([JOKER] * jleft)
    rng.shuffle(pool)
    nrack = rng.randint(*rack)
    hand = pool[:nrack]
    if jleft and JOKER not in hand and rng.random() < joker_p:
        hand[-1] = JOKER
    return table, hand


def corpus(seed, count, **kw):
    """`count` positions as dicts in the solve command's input format."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        table, hand = random_position(rng, **kw)
        out.append({"table": fmt_table([bytearray(s) for s in table]),
                    "rack": fmt_tiles(bytearray(hand)), "melded": True,
                    "rules": {}, "budget_ms": None})
    return out
