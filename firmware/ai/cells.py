"""What the search's bound reads about a position, table by table: per
cell step what later colours can still give to groups (futures), where a
joker may stand in a run (near), how many tiles groups can take
(group_caps), per cell the counts and caps fill() reads (cells), and how
much rack value can still come (remaining, top_values).  Pure functions
of the tile counts (per-code bytearrays, colour<<4 | number); ai.prepare
puts their results into the kernel's arrays.
"""
from array import array
from ai.kernel import UNIT

# the value of a number's tiles, walking 1..13 and walking 13..1
VALS = (bytes(range(16)), bytes([0] + [14 - n for n in range(1, 14)] + [0, 0]))


def futures(kinds, cols, nums, tab, rak, ncol, J1):
    """For each cell step, what the later colours of its number can
    still give to groups (how many cells hold >= 1, 2, 3 tiles): the
    distinct futures, and per step its base index into the group masks,
    filled on first use (kernel.group_mask), of the group states those
    can still complete.  Steps with the same future share masks; they are
    made here, so the search allocates nothing."""
    futs = []
    seen = {}
    gfb = array("H", bytes(2 * len(kinds)))
    ks = None
    for d in range(len(kinds)):
        kind, c, n = kinds[d], cols[d], nums[d]
        if kind:
            continue
        if not c:
            ks = _counts_at(tab, rak, ncol, n)
        k1 = k2 = k3 = 0
        for oc in range(c + 1, ncol):
            k = ks[oc]
            if k >= 1:
                k1 += 1
            if k >= 2:
                k2 += 1
            if k >= 3:
                k3 += 1
        fk = k1 | (k2 << 3) | (k3 << 6)
        i = seen.get(fk)
        if i is None:
            i = seen[fk] = len(futs)
            futs.append(fk)
        gfb[d] = i * J1 * 4
    return array("H", futs), gfb


def near(tab, rak, ncol, J):
    """Cells where a joker may stand in a run: a numbered tile of that
    colour within reach of the J jokers in play."""
    near = bytearray(256)
    if not J:
        return near
    reach = J if J < 2 else 2
    for c in range(ncol):
        here = [tab[(c << 4) | k] or rak[(c << 4) | k] for k in range(16)]
        here[0] = here[14] = here[15] = 0
        for n in range(1, 14):
            lo = n - reach if n > reach else 0
            if any(here[lo:n + reach + 1]):
                near[(c << 4) | n] = 1
    return near


def _counts_at(tab, rak, ncol, n):
    """Tiles in play (table and rack) of each colour at number n."""
    return [tab[(c << 4) | n] + rak[(c << 4) | n] for c in range(ncol)]


def group_caps(tab, rak, ncol, J1):
    """gcap[(n*6 + c)*J1 + jl]: tiles of (c, n) that groups can take at
    all: a group needs 2 partners of other colours (jokers left count),
    and two copies need two groups, so 4 partners."""
    gcap = bytearray(16 * 6 * J1)
    for n in range(1, 14):
        ks = _counts_at(tab, rak, ncol, n)
        everyone = sum(ks)
        colours = len(ks) - ks.count(0)
        for c in range(ncol):
            tiles = everyone - ks[c]
            cols = colours - (1 if ks[c] else 0)
            at = (n * 6 + c) * J1
            for jl in range(J1):
                if cols + jl >= 2:
                    cap = (tiles + jl) >> 1
                    gcap[at + jl] = cap if cap < 2 else 2
    return gcap


def top_values(stepl, rak, val):
    """tops[row[i]*(R+1) + m]: the value of the m best rack tiles in
    cells after step i (rows change only where rack tiles are, so
    steps share them).  Bounds value once the tile count is known."""
    kinds, cols, nums = stepl
    R = sum(rak)
    S = len(kinds)
    row = bytearray(S)
    tops = array("H", bytes(2 * (R + 1) * (R + 1)))
    vals = []
    for i in range(S - 1, -1, -1):
        row[i] = len(vals)
        kind, c, n = kinds[i], cols[i], nums[i]
        if kind == 0:
            v = val[n]
            for _ in range(rak[(c << 4) | n]):
                k = 0
                while k < len(vals) and vals[k] >= v:
                    k += 1
                vals.insert(k, v)
                # the row for the tiles after the step before this one
                acc = 0
                at = len(vals) * (R + 1)
                for m in range(R + 1):
                    if m and m <= len(vals):
                        acc += vals[m - 1]
                    tops[at + m] = acc
    return row, tops


def cell_table(tab, rak, ncol, J1, near, gcap, val):
    """What fill() reads about cell (c, m), in one array (see
    kernel.D_CELL); the bound cap is what an entry after number m can
    be at most, half scores rounded up a number at a time: every later
    rack tile of the colour placed."""
    cw = 5 + J1
    cell = array("H", bytes(2 * 16 * cw * ncol))
    for c in range(ncol):
        acc = 0
        for m in range(13, -1, -1):
            code = (c << 4) | m
            at = (c * 16 + m) * cw
            cell[at] = tab[code]
            cell[at + 1] = rak[code]
            cell[at + 2] = UNIT + val[m]
            cell[at + 3] = near[code]
            cell[at + 4] = acc
            for jl in range(J1):
                cell[at + 5 + jl] = gcap[(m * 6 + c) * J1 + jl]
            if m:
                acc += (rak[code] * (UNIT + val[m]) + 1) >> 1
    return cell


def remaining(kinds, cols, nums, rak, val):
    """rest[i]: the most score rack tiles of cells after step i can add."""
    S = len(kinds)
    rest = array("i", bytes(4 * S))
    acc = 0
    for i in range(S - 1, -1, -1):
        rest[i] = acc
        if kinds[i] == 0:
            acc += rak[(cols[i] << 4) | nums[i]] * (UNIT + val[nums[i]])
    return rest
