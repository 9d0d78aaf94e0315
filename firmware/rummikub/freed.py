"""Freed jokers, for the variant `freed_joker_with_rack_tiles` (Pressman):
which table jokers a turn freed, and how many jokers sit in sets made of
rack tiles.  A joker is kept when it stands for the same tile (in a group:
the same number) in a set that still holds a numbered tile of its old set,
under the readings (of sets that read as group and run) that free fewest."""
from rummikub.tiles import JOKER, count_tiles, has
from rummikub.melds import readings, GROUP


def _take(pool, tiles):
    """Counts left after taking tiles from the count array pool, or None."""
    p = bytearray(pool)
    for t in tiles:
        if not p[t]:
            return None
        p[t] -= 1
    return p


def _joker_sets(sets, ncol):
    """For each set holding a joker: (its numbered tiles, one list of joker
    roles per reading).  A role is the tile a joker stands for in a run,
    only its number (plus 0x100) in a group: either missing colour frees it."""
    out = []
    for s in sets:
        if not has(s, JOKER):
            continue
        per = []
        for kind, _, stands in readings(s, ncol):
            roles = []
            for i in range(len(s)):
                if s[i] == JOKER:
                    roles.append(0x100 | (stands[i] & 15) if kind == GROUP else stands[i])
            per.append(roles)
        out.append((bytes([t for t in s if t != JOKER]), per))
    return out


def _shares(a, b):
    for t in a:
        if has(b, t):
            return True
    return False


def _jokers_of(sets, choice):
    """[(set index, role)] for one choice of reading per set."""
    out = []
    for i in range(len(sets)):
        for role in sets[i][1][choice[i]]:
            out.append((i, role))
    return out


def _kept(bj, aj, bsets, asets):
    """Most before-jokers matched to after-jokers of the same role in a set
    that still holds a numbered tile of the joker's old set."""
    match = [-1] * len(aj)

    def augment(i, seen):
        for k in range(len(aj)):
            if seen[k] or aj[k][1] != bj[i][1] \
                    or not _shares(bsets[bj[i][0]][0], asets[aj[k][0]][0]):
                continue
            seen[k] = True
            if match[k] < 0 or augment(match[k], seen):
                match[k] = i
                return True
        return False

    n = 0
    for i in range(len(bj)):
        if augment(i, [False] * len(aj)):
            n += 1
    return n


def _choices(sets):
    """Every choice of one reading per set (sets that read two ways are few:
    each needs two jokers)."""
    choice = [0] * len(sets)
    while True:
        yield choice
        i = 0
        while i < len(sets):
            choice[i] += 1
            if choice[i] < len(sets[i][1]):
                break
            choice[i] = 0
            i += 1
        if i == len(sets):
            return


def freed_jokers(before, after, ncol):
    """How many table jokers are freed: no longer standing for the same tile
    in a set that still holds one of their old set's numbered tiles, under
    the readings (of sets that read two ways) that free the fewest."""
    bsets = _joker_sets(before, ncol)
    if not bsets:
        return 0
    asets = _joker_sets(after, ncol)
    fewest = -1
    for bc in _choices(bsets):
        bj = _jokers_of(bsets, bc)
        for ac in _choices(asets):
            freed = len(bj) - _kept(bj, _jokers_of(asets, ac), bsets, asets)
            if fewest < 0 or freed < fewest:
                fewest = freed
    return fewest


def jokers_with_rack_tiles(after, played):
    """Most jokers sitting in sets whose numbered tiles (2 or more) all came
    from the rack, no rack tile counted twice."""
    cand = []
    for s in after:
        if has(s, JOKER):
            others = bytearray([t for t in s if t != JOKER])
            if len(others) >= 2:
                cand.append((others, len(s) - len(others)))
    whole = count_tiles((played,))
    best = 0
    for mask in range(1, 1 << len(cand)):
        pool = whole
        n = 0
        for k in range(len(cand)):
            if mask >> k & 1:
                pool = _take(pool, cand[k][0])
                if pool is None:
                    break
                n += cand[k][1]
        if pool is not None and n > best:
            best = n
    return best
