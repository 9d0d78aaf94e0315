"""Cheap, always-legal moves: new sets from the rack and lay-offs.

Why: the easy and medium players play like this on purpose, and the solver
falls back on it when its time budget runs out before the exact search.
"""
from rummikub.tiles import JOKER, remove_tile
from rummikub.melds import is_valid, set_value


def rack_runs_groups(rack, ncol, jokers=True):
    """Disjoint sets from the rack alone: longest runs first, then groups,
    then (if allowed) a joker to close a pair.  Greedy, not optimal."""
    left = sorted([t for t in rack if t != JOKER])
    nj = len(rack) - len(left) if jokers else 0
    sets = []
    # runs: one pass per colour over distinct numbers
    for c in range(ncol):
        nums = sorted(set([t & 15 for t in left if t >> 4 == c]))
        i = 0
        while i < len(nums):
            j = i
            while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
                j += 1
            if j - i + 1 >= 3:
                run = bytearray([(c << 4) | n for n in nums[i:j + 1]])
                sets.append(run)
                for t in run:
                    remove_tile(left, t)
            i = j + 1
    for n in range(1, 14):
        g = bytearray()
        for t in left:
            if t & 15 == n and not _has_colour(g, t >> 4):
                g.append(t)
        if len(g) >= 3:
            sets.append(g)
            for t in g:
                remove_tile(left, t)
    while nj:
        best = _joker_pair(left)
        if best is None:
            break
        s = best + bytearray([JOKER]) if best[1] - best[0] != 2 else \
            bytearray([best[0], JOKER, best[1]])
        if not is_valid(s, ncol):
            s = bytearray([JOKER]) + best
            if not is_valid(s, ncol):
                break
        sets.append(s)
        for t in best:
            remove_tile(left, t)
        nj -= 1
    return sets


def _has_colour(g, c):
    for t in g:
        if t >> 4 == c:
            return True
    return False


def _joker_pair(left):
    """The highest pair that a joker turns into a set (run or group)."""
    best = None
    for i in range(len(left)):
        for j in range(i + 1, len(left)):
            a, b = left[i], left[j]
            ok = (a >> 4 == b >> 4 and 1 <= (b & 15) - (a & 15) <= 2) or \
                 (a & 15 == b & 15 and a >> 4 != b >> 4)
            if ok and (best is None or (a & 15) + (b & 15) > (best[0] & 15) + (best[1] & 15)):
                best = bytearray([a, b])
    return best


def lay_off(table, rack, ncol, jokers=True):
    """Add rack tiles one by one to the ends of runs and into groups.
    Returns (new table, tiles placed); the input lists are not changed."""
    table = [bytearray(s) for s in table]
    left = bytearray(rack)
    placed = bytearray()
    changed = True
    while changed:
        changed = False
        for t in sorted(left, reverse=True):
            if t == JOKER and not jokers:
                continue
            for k in range(len(table)):
                s = table[k]
                for cand in (s + bytearray([t]), bytearray([t]) + s):
                    if is_valid(cand, ncol):
                        table[k] = cand
                        remove_tile(left, t)
                        placed.append(t)
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
    return table, placed


def meld_value(sets, ncol):
    v = 0
    for s in sets:
        v += set_value(s, ncol)
    return v
