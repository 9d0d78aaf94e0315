"""Turn the DP's choices into sets, then keep the player's table readable.

The DP only knows counts; here the counts become bytearrays in RULES.md
notation (runs low to high, a joker where it stands).  Afterwards every
original table set that survives whole inside a longer run is cut back out,
so the move changes as few of the sets the players already know as it can.
"""
from rummikub.tiles import JOKER
from rummikub.melds import canonical, is_valid, analyse, GROUP


def build(problem, path):
    """Sets (list of bytearray) for the search path (one packed choice per
    step: u | g<<2 | x<<4 for a cell, the group jokers for an end step)."""
    ncol = problem.ncol
    active = [[] for _ in range(ncol)]     # per colour: open runs (bytearray)
    done = []
    pool = []                              # numbered tiles for this number's groups
    groups = []                            # where the groups are in done
    for i in range(problem.nsteps):
        kind, c, n = problem.step(i)
        ch = path[i]
        if kind == 0:
            u = ch & 3
            g = (ch >> 2) & 3
            x = ch >> 4
            code = (c << 4) | n
            for _ in range(g):
                pool.append(code)
            _extend_runs(active[c], done, u - g, x, code)
        else:
            k = len(done)
            _groups(pool, ch, ncol, done)
            groups.extend(range(k, len(done)))
            pool = []
            if n == 13:
                for c in range(ncol):
                    done.extend(active[c])
                    active[c] = []
    if problem.reverse:
        # the search walked 13..1: numbers back, runs read low to high
        for i in range(len(done)):
            s = done[i]
            k = len(s)
            done[i] = bytearray(t if t == JOKER else t + 14 - 2 * (t & 15)
                                for t in (s if i in groups else
                                          [s[k - 1 - e] for e in range(k)]))
    return done


def _has_real(run):
    for t in run:
        if t != JOKER:
            return True
    return False


def _extend_runs(runs, done, reals, jokers, code):
    m = reals + jokers
    if not m:
        # the colour's runs all stop here (the common case)
        done.extend(runs)
        del runs[:]
        return
    must = [r for r in runs if len(r) < 3]
    long = [r for r in runs if len(r) >= 3]
    e = min(len(long), m - len(must))
    keep = must + long[:e]
    for r in long[e:]:
        done.append(r)
    for _ in range(m - len(must) - e):
        keep.append(bytearray())
    # numbered tiles first to runs that have none yet, so no run is all jokers
    if jokers:
        keep.sort(key=lambda r: 1 if _has_real(r) else 0)
    for r in keep:
        if reals:
            r.append(code)
            reals -= 1
        else:
            r.append(JOKER)
    runs[:] = keep


def _groups(pool, jokers, ncol, done):
    total = len(pool) + jokers
    if not total:
        return
    per = {}
    top = 0
    for t in pool:
        per[t] = per.get(t, 0) + 1
        if per[t] > top:
            top = per[t]
    k = max(top, (total + ncol - 1) // ncol, 1)
    pool = sorted(pool)
    groups = [bytearray() for _ in range(k)]
    for i in range(len(pool)):
        groups[i % k].append(pool[i])
    for _ in range(jokers):
        small = groups[0]
        for g in groups:
            if len(g) < len(small):
                small = g
        small.append(JOKER)
    done.extend(groups)


def carve(sets, before, ncol):
    """(kept, changed): original sets found whole in `sets` (as they were,
    in their original order) and the sets that are new or changed."""
    work = [bytearray(s) for s in sets]
    canon = [canonical(w, ncol) for w in work]     # each set analysed once
    kept_idx = []
    for i in range(len(before)):
        b = bytes(before[i])
        cb = canonical(b, ncol)
        if cb in canon:
            k = canon.index(cb)
            work.pop(k)
            canon.pop(k)
            kept_idx.append(i)
            continue
        # a run of the table inside a longer new run: cut it out
        lb = len(b)
        hit = -1
        for k in range(len(work)):
            w = work[k]
            if len(w) <= lb:
                continue
            pos = bytes(w).find(b)
            while pos >= 0:
                left = w[:pos]
                right = w[pos + lb:]
                if _piece_ok(left, ncol) and _piece_ok(right, ncol):
                    work.pop(k)
                    canon.pop(k)
                    for piece in (left, right):
                        if piece:
                            work.append(bytearray(piece))
                            canon.append(canonical(piece, ncol))
                    kept_idx.append(i)
                    hit = k
                    break
                pos = bytes(w).find(b, pos + 1)
            if hit >= 0:
                break
    kept = [bytearray(before[i]) for i in sorted(kept_idx)]
    return kept, work


def _piece_ok(p, ncol):
    return not p or is_valid(p, ncol)


def add_jokers(kept, changed, n, ncol):
    """Put n spare jokers where they stand highest, changed sets first (an
    unchanged set is moved to `changed` when it takes one).  False if there
    is no room left for all of them."""
    while n > 0:
        best = None
        for lst in (changed, kept):
            for i in range(len(lst)):
                spot = _joker_spot(lst[i], ncol)
                if spot is not None and (best is None or spot[0] > best[0]):
                    best = (spot[0], spot[1], lst, i)
            if best is not None:
                break
        if best is None:
            return False
        _, front, lst, i = best
        s = lst[i]
        s2 = bytearray([JOKER]) + s if front else s + bytearray([JOKER])
        if lst is kept:
            kept.pop(i)
            changed.append(s2)
        else:
            lst[i] = s2
        n -= 1
    return True


def _joker_spot(s, ncol):
    """(reading, at_front) of the best place to add a joker to s, or None."""
    kind, _, stands = analyse(s, ncol)
    if kind == GROUP:
        if len(s) < ncol:
            return (stands[0] & 15, False)
        return None
    lo = stands[0] & 15
    hi = stands[-1] & 15
    if hi < 13:
        return (hi + 1, False)
    if lo > 1:
        return (lo - 1, True)
    return None
