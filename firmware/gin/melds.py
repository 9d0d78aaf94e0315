"""Melds, deadwood and lay-offs, always counted the best way.

A meld is a set (3 or 4 cards of one rank) or a run (3+ consecutive ranks
of one suit, aces low).  `best_split(cards)` finds the melds that leave the
fewest deadwood points; `layoff_split` does the same for a defender who may
also lay cards off onto the knocker's melds.

Contract (hot: the AI calls `deadwood` a few dozen times a turn):
  inputs   cards: a sequence of distinct card codes, at most 11 (a hand
           after drawing); knocker melds: lists of codes, each a meld
  result   deadwood points (int) and, where asked, the melds (lists of
           codes, runs ascending), lay-offs [(card, knocker meld index)]
           and the deadwood cards (ascending); the same input always gives
           the same split
  bounds   the search recurses once per card (depth <= 11) and tries only
           melds whose lowest card is the next undecided one
"""
from gin.cards import value


# deadwood points of each card code (ace 1, faces 10)
_V = bytes([min(c % 13 + 1, 10) for c in range(52)])


def _candidates(cards):
    """Every meld that can be made from cards (sorted ascending), as
    (index mask, points).  Runs are stretches of consecutive codes in one
    suit; sets come from a mask per rank."""
    n = len(cards)
    out = []
    i = 0
    while i < n:
        j = i
        s = cards[i] // 13
        while j + 1 < n and cards[j + 1] == cards[j] + 1 and cards[j + 1] // 13 == s:
            j += 1
        if j - i >= 2:
            for a in range(i, j - 1):
                m = 0
                v = 0
                for b in range(a, j + 1):
                    m |= 1 << b
                    v += _V[cards[b]]
                    if b - a >= 2:
                        out.append((m, v))
        i = j + 1
    ranks = [0] * 13
    for i in range(n):
        ranks[cards[i] % 13] |= 1 << i
    for r in range(13):
        full = ranks[r]
        k = 0
        x = full
        while x:
            k += x & 1
            x >>= 1
        if k < 3:
            continue
        v = _V[r]
        if k == 4:
            out.append((full, 4 * v))
            x = full
            while x:
                low = x & -x
                out.append((full & ~low, 3 * v))
                x &= x - 1
        else:
            out.append((full, 3 * v))
    return out


def _by_low(n, cands):
    by = [[] for _ in range(n)]
    for c in cands:
        m = c[0]
        i = 0
        while not (m >> i) & 1:
            i += 1
        by[i].append(c)
    return by


class _Search:
    """Disjoint covers of the cards by candidates, most points covered."""

    def __init__(self, n, cands, keep_all=False):
        self.n = n
        self.by = _by_low(n, cands)
        self.keep_all = keep_all

    def run(self):
        self.best = -1
        self.found = []
        self.chosen = []
        self._go(0, 0, 0)
        return self.best

    def _go(self, i, used, got):
        n = self.n
        while i < n and (used >> i) & 1:
            i += 1
        if i == n:
            if got > self.best:
                self.best = got
                self.found = [list(self.chosen)]
            elif got == self.best and self.keep_all:
                self.found.append(list(self.chosen))
            return
        for c in self.by[i]:
            if not c[0] & used:
                self.chosen.append(c)
                self._go(i + 1, used | c[0], got + c[1])
                self.chosen.pop()
        self._go(i + 1, used | (1 << i), got)


def _cards_of(cards, mask):
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(cards[i])
        mask >>= 1
        i += 1
    return out


def _meld_cards(cards, mask):
    """Codes of a meld, runs ascending, sets by suit."""
    return sorted(_cards_of(cards, mask))


def _total(cards):
    s = 0
    for c in cards:
        s += _V[c]
    return s


def deadwood(cards):
    """Fewest deadwood points cards can be left with."""
    cards = sorted(cards)
    s = _Search(len(cards), _candidates(cards))
    return _total(cards) - s.run()


def best_split(cards):
    """(deadwood points, melds, deadwood cards) with the fewest points."""
    cards = sorted(cards)
    s = _Search(len(cards), _candidates(cards))
    got = s.run()
    return _split_result(cards, got, s.found[0])


def all_best_splits(cards):
    """Every split with the fewest deadwood points, as best_split gives them."""
    cards = sorted(cards)
    s = _Search(len(cards), _candidates(cards), keep_all=True)
    got = s.run()
    return [_split_result(cards, got, f) for f in s.found]


def _split_result(cards, got, chosen):
    used = 0
    melds = []
    for c in chosen:
        used |= c[0]
        melds.append(_meld_cards(cards, c[0]))
    dead = [cards[i] for i in range(len(cards)) if not (used >> i) & 1]
    return _total(cards) - got, melds, dead


def is_meld(cards):
    """True when cards (3+) are one set or one run."""
    cards = sorted(cards)
    if len(cards) < 3:
        return False
    if len(cards) <= 4 and all([c % 13 == cards[0] % 13 for c in cards]):
        return True
    s = cards[0] // 13
    for k in range(1, len(cards)):
        if cards[k] // 13 != s or cards[k] != cards[k - 1] + 1:
            return False
    return True


def _layoff_groups(cards, knocker_melds):
    """Cards that can go onto each knocker meld, as (mask, points, meld index):
    the missing fourth card of a set of three; for a run, every unbroken
    stretch of the defender's cards leading away from either end."""
    pos = {}
    for i in range(len(cards)):
        pos[cards[i]] = i
    out = []
    for k in range(len(knocker_melds)):
        m = sorted(knocker_melds[k])     # a list: `in` works on both runtimes
        if m[0] % 13 == m[-1] % 13:          # a set
            if len(m) == 3:
                for s in range(4):
                    c = s * 13 + m[0] % 13
                    if c not in m and c in pos:
                        out.append((1 << pos[c], value(c), k))
            continue
        base = m[0] // 13 * 13
        for step, start in ((-1, m[0] - base - 1), (1, m[-1] - base + 1)):
            mask = 0
            v = 0
            r = start
            while 0 <= r < 13 and base + r in pos:
                mask |= 1 << pos[base + r]
                v += value(base + r)
                out.append((mask, v, k))
                r += step
    return out


def layoff_split(cards, knocker_melds, allow_layoff=True):
    """The defender's best: own melds plus lay-offs onto the knocker's melds.

    Returns (deadwood points, melds, layoffs, deadwood cards); layoffs is
    [(card, index into knocker_melds)], ascending by card.
    """
    cards = sorted(cards)
    cands = _candidates(cards)
    if allow_layoff:
        cands = cands + _layoff_groups(cards, knocker_melds)
    s = _Search(len(cards), cands)
    got = s.run()
    used = 0
    melds = []
    lay = []
    for c in s.found[0]:
        used |= c[0]
        if len(c) == 3:
            for x in _cards_of(cards, c[0]):
                lay.append((x, c[2]))
        else:
            melds.append(_meld_cards(cards, c[0]))
    dead = [cards[i] for i in range(len(cards)) if not (used >> i) & 1]
    lay.sort()
    return _total(cards) - got, melds, lay, dead
