"""Brute force for the gin tests (both runtimes): the slow obvious way.

best_deadwood: every subset of the hand that can be cut into valid melds
(tried by taking the lowest card and every 3-5 card meld found by testing
all combinations), keep the one leaving the fewest points.  defender_deadwood: every
subset laid off one card at a time, in every order and onto every meld it
fits, onto the growing knocker melds, the rest split the best way.
"""
from gin.cards import value
from gin.melds import is_meld


def _subsets(items):
    n = len(items)
    for m in range(1 << n):
        yield [items[i] for i in range(n) if (m >> i) & 1]


def _combos(items, k, start=0):
    if k == 0:
        yield []
        return
    for i in range(start, len(items)):
        for rest in _combos(items, k - 1, i + 1):
            yield [items[i]] + rest


def all_melds(hand):
    """Every 3-5 card subset of hand that is a meld (a run of 6+ is two
    shorter runs, so these are enough to cut any meldable subset)."""
    out = []
    for k in (3, 4, 5):
        for sub in _combos(sorted(hand), k):
            if is_meld(sub):
                out.append(sub)
    return out


def partitionable(cards, melds):
    """Can cards (sorted) be cut into melds from the list, each card once?"""
    if not cards:
        return True
    first = cards[0]
    for m in melds:
        if m[0] == first and all([c in cards for c in m]):
            if partitionable([c for c in cards if c not in m], melds):
                return True
    return False


def best_deadwood(hand):
    hand = sorted(hand)
    tot = sum([value(c) for c in hand])
    melds = all_melds(hand)
    subs = [(sum([value(c) for c in sub]), sub) for sub in _subsets(hand)
            if len(sub) != 1 and len(sub) != 2]
    subs.sort(key=lambda x: -x[0])
    for v, sub in subs:        # most points first: the first cut is the best
        if partitionable(sub, melds):
            return tot - v
    return tot


def can_lay_all(cards, melds):
    """Lay cards off one at a time onto melds (which grow): can all of
    them go, in some order and onto some meld each?  Every order and
    every meld is tried (a card that fits a set and a run may have to go
    to the run so the next card can follow it)."""
    return _lay(tuple(sorted(cards)), tuple(tuple(sorted(m)) for m in melds), {})


def _lay(left, melds, seen):
    if not left:
        return True
    key = (left, melds)
    if key in seen:
        return seen[key]
    ok = False
    for c in left:
        rest = tuple(x for x in left if x != c)
        for i in range(len(melds)):
            m = melds[i]
            if is_meld(list(m) + [c]):
                grown = melds[:i] + (tuple(sorted(m + (c,))),) + melds[i + 1:]
                if _lay(rest, grown, seen):
                    ok = True
                    break
        if ok:
            break
    seen[key] = ok
    return ok


def defender_deadwood(hand, knocker_melds):
    best = None
    for sub in _subsets(sorted(hand)):
        if can_lay_all(sub, knocker_melds):
            v = best_deadwood([c for c in hand if c not in sub])
            if best is None or v < best:
                best = v
    return best
