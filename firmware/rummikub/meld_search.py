"""The best initial meld a set of tiles makes on its own (the variant
`initial_meld_table_use`: the meld is counted from the played tiles,
however the turn then reworks the table)."""
from rummikub.tiles import JOKER, MAX_NUMBER, has, remove_tile, sort_by_number

MELD_STEPS = 3000     # search steps best_meld takes before it settles


class _OutOfSteps(Exception):
    pass


def best_meld(tiles, ncolours, steps=MELD_STEPS):
    """(value, exact): the highest total value of valid sets made only of
    `tiles` (a sub-multiset of them, each tile used once, a joker worth
    what it stands for).

    A search over the lowest tile left, number first (the lowest numbered
    tile of a run, in a group, or in no set, in that order), remembered per
    remaining multiset; taking numbers in order keeps those few.  A joker
    is only used where no real tile is free (swapping one for the other
    never changes what is possible).  Exact within `steps` search steps
    (every real turn we have seen needs a few hundred); past them, the best
    value found so far and exact=False.  Memory: one memo entry per step."""
    nums = sort_by_number([t for t in tiles if t != JOKER])
    jokers = len(tiles) - len(nums)
    state = [0, steps]       # best value seen on a whole path, steps left
    try:
        return _pack(bytes(nums), jokers, ncolours, {}, 0, state), True
    except _OutOfSteps:
        return state[0], False


def _pack(nums, jokers, ncol, memo, acc, state):
    if not nums:
        if acc > state[0]:
            state[0] = acc
        return 0
    key = nums + bytes([jokers])
    got = memo.get(key)
    if got is not None:
        if acc + got > state[0]:
            state[0] = acc + got
        return got
    state[1] -= 1
    if state[1] < 0:
        raise _OutOfSteps()
    t = nums[0]
    rest = nums[1:]
    best = 0
    n = t & 15
    c = t >> 4
    # a run with t as its lowest numbered tile, up to the numbered tile top
    left = bytearray(rest)
    used = 0
    for top in range(n, MAX_NUMBER + 1):
        if top > n:
            u = (c << 4) | top
            if not remove_tile(left, u):
                used += 1              # a joker stands for it
                if used > jokers:
                    break
                continue               # a run's top numbered tile is real
        for extra in range(jokers - used, -1, -1):
            length = top - n + 1 + extra
            if length < 3:
                break
            up = MAX_NUMBER - top
            if up > extra:
                up = extra
            lo = n - (extra - up)
            if lo < 1:
                continue
            v = (lo + top + up) * length // 2
            v += _pack(bytes(left), jokers - used - extra, ncol, memo, acc + v, state)
            if v > best:
                best = v
    # a group with t as its lowest colour
    others = []
    for u in rest:
        if u & 15 == n and u >> 4 > c and not has(others, u):
            others.append(u)
    for mask in range((1 << len(others)) - 1, -1, -1):
        left = bytearray(rest)
        size = 1
        for k in range(len(others)):
            if mask >> k & 1:
                remove_tile(left, others[k])
                size += 1
        for j in range(jokers, -1, -1):
            if size + j < 3:
                break
            if size + j > ncol:
                continue
            v = n * (size + j)
            v += _pack(bytes(left), jokers - j, ncol, memo, acc + v, state)
            if v > best:
                best = v
    v = _pack(rest, jokers, ncol, memo, acc, state)          # t in no set
    if v > best:
        best = v
    memo[key] = best
    return best
