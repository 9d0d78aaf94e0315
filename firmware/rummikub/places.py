"""Where sets stand: a new table laid out so every set keeps the place of
the old set it continues, and how many table tiles a change moves.

    order = arrange(old, new)     # indices into new, in the order to show
    kept = staying(old, new)      # tiles of old that stay with their set
    marks = tags(old, new)        # per new set, each tile: 0 stayed, 1 put down, 2 moved

A new set continues the old set it shares the most tiles with (equal sets
first; each old set is continued by one new set at most).  A new set that
continues none stands right after the old set it shares the most tiles
with, or at the end when it shares none (a set made from rack tiles only).
"""
from compat import const


def _overlap(a, b):
    """Tiles a and b share (as multisets of codes)."""
    left = list(b)
    n = 0
    for t in a:
        if t in left:
            left.remove(t)
            n += 1
    return n


def _pairs(old, new):
    """(for each new set, the old set it continues or -1; tiles kept)."""
    of = [-1] * len(new)
    used = [0] * len(old)
    kept = 0
    for j in range(len(new)):
        key = sorted(new[j])
        for i in range(len(old)):
            if not used[i] and len(old[i]) == len(key) and sorted(old[i]) == key:
                of[j] = i
                used[i] = 1
                kept += len(key)
                break
    cand = []
    for j in range(len(new)):
        if of[j] < 0:
            for i in range(len(old)):
                if not used[i]:
                    n = _overlap(old[i], new[j])
                    if n:
                        cand.append((-n, i, j))
    cand.sort()
    for n, i, j in cand:
        if of[j] < 0 and not used[i]:
            of[j] = i
            used[i] = 1
            kept -= n
    return of, kept


def staying(old, new):
    """How many tiles of the old sets stay in the set that continues theirs
    (the rest were moved to another set)."""
    return _pairs(old, new)[1]


def arrange(old, new):
    """Indices of `new` in the order to lay them out (see the module)."""
    of = _pairs(old, new)[0]
    key = []
    for j in range(len(new)):
        if of[j] >= 0:
            key.append((of[j], 0, j))
            continue
        best = 0
        at = len(old)
        for i in range(len(old)):
            n = _overlap(old[i], new[j])
            if n > best:
                best = n
                at = i
        key.append((at, 1, j))
    key.sort()
    return [k[2] for k in key]


_PUT = const(1)         # not on the old table: it came from a rack
_MOVED = const(2)       # on the old table, in another set


def tags(old, new):
    """For each set of `new`, a bytearray with one tag a tile: 0 (it
    stays with its set, see _pairs), 1 (put down: more of that tile than
    the old table had, it came from a rack) or 2 (moved from another old
    set)."""
    of = _pairs(old, new)[0]
    left = []                   # old tiles that did not stay with their set
    out = []
    for j in range(len(new)):
        t = bytearray(len(new[j]))
        keep = list(old[of[j]]) if of[j] >= 0 else []
        for k in range(len(new[j])):
            if new[j][k] in keep:
                keep.remove(new[j][k])
            else:
                t[k] = _PUT
        left.extend(keep)
        out.append(t)
    for i in range(len(old)):
        if i not in of:
            left.extend(old[i])
    for j in range(len(new)):
        for k in range(len(new[j])):
            if out[j][k] == _PUT and new[j][k] in left:
                left.remove(new[j][k])
                out[j][k] = _MOVED
    return out
