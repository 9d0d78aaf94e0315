"""Setting a search up, once, before the walk: the kernel's arrays (D, P)
made from a position (arrays, memo_in, aim, tops) and, as native code,
the order the walk tries each step's choices in (orders) and the
per-colour bound tables (fill_all).  ai.dp's Problem calls these; the
walk itself, and the D/P layout filled here, are ai.kernel's.

Like the kernel, plain Python that host_tools compiles to viper where a
function's def line says `# viper`.  The kernel's D/P layout is copied
here as private consts (folded in); its other constants are globals of
another module here, objects to viper code: each function reads the
ones it needs once, as int(K.NAME), before its loops.  Called once per
search (orders twice on the device: count, then write), so that costs
nothing the bench can see; the loops themselves are what they were in
the kernel.
"""
from array import array
from compat import const, MICROPYTHON
from ai import kernel as K
from ai import cells, memo
from ai.kernel import ptr8, ptr16, ptr32  # noqa: F401 (casts in viper code)
from ai.runstate import DEAD, tables, group_table

if not MICROPYTHON:
    from ai import hostfast

# ai.kernel's D/P layout (explained there) as this module's own private
# consts: folded into the code, no names in the module dicts while the AI
# runs (tests/ai/test_layout_copies.py checks each against the kernel's)
_D_KIND = const(0)
_D_COL = const(1)
_D_NUM = const(2)
_D_TAB = const(3)
_D_ORDO = const(4)
_D_ORDS = const(5)
_D_REST = const(6)
_D_GFB = const(7)
_D_BND = const(8)
_D_TRANS = const(9)
_D_GOK = const(10)
_D_GM = const(11)
_D_UPS = const(12)
_D_UPO = const(13)
_D_CLOSED = const(14)
_D_IDX = const(15)
_D_KA = const(16)
_D_KB = const(17)
_D_SCS = const(18)
_D_OTH = const(19)
_D_OK = const(20)
_D_CHOICE = const(21)
_D_HIT = const(22)
_D_MKA = const(23)
_D_MKB = const(24)
_D_MVAL = const(25)
_D_TOPS = const(26)
_D_FUTS = const(27)
_D_RTAB = const(28)
_D_RRAK = const(29)
_D_GCAP = const(30)
_D_NEAR = const(31)
_D_TROW = const(32)
_D_VAL = const(33)
_D_CELL = const(34)
_D_MFILT = const(35)
_D_UPSM = const(36)
_D_FB = const(37)
_D_SIZE = const(38)
_P_NCOL = const(0)
_P_J = const(1)
_P_NC = const(2)
_P_W = const(3)
_P_FREE = const(4)
_P_MELD = const(5)
_P_STEPS = const(6)
_P_LOWER = const(7)
_P_STEP = const(8)
_P_MOST = const(9)
_P_R = const(10)
_P_JT = const(11)
_P_MMASK = const(12)
_P_ROOM = const(13)
_P_BEST = const(16)
_P_RESUME = const(18)
_P_MKEY = const(20)
_P_FMASK = const(21)
_P_ORDN = const(22)
_P_SIZE = const(23)


_UPS = {}
_STEPS = {}


def forget():
    """Drop the step and dominance lists kept per search shape (the next
    search makes them again, a few ms)."""
    _UPS.clear()
    _STEPS.clear()


def flip(counts):
    """A per-code array with number n moved to 14 - n (for the reversed
    search; other codes stay)."""
    out = bytearray(len(counts))
    for code in range(len(counts)):
        n = code & 15
        out[code if n < 1 or n > 13 else code + 14 - 2 * n] = counts[code]
    return out


def steps(ncol):
    """The search's steps, as three bytes (kind, colour, number): the cells
    of number 1, its end (kind 1), the cells of 2, ...  Kept per ncol."""
    t = _STEPS.get(ncol)
    if t is None:
        kind = bytearray()
        col = bytearray()
        num = bytearray()
        for n in range(1, 14):
            for c in range(ncol + 1):
                kind.append(1 if c == ncol else 0)
                col.append(c if c < ncol else 0)
                num.append(n)
        t = _STEPS[ncol] = (bytes(kind), bytes(col), bytes(num))
    return t


def _flat_ups(slots, ups):
    """The dominance lists as one bytes + offsets (kept per slot count)."""
    t = _UPS.get(slots)
    if t is None:
        off = array("H", bytes(2 * (len(ups) + 1)))
        flat = bytearray()
        for f in range(len(ups)):
            off[f] = len(flat)
            flat.extend(ups[f])
        off[len(ups)] = len(flat)
        t = _UPS[slots] = (bytes(flat), off)
    return t


def arrays(pb, mem):
    """The kernel's D and P for search pb (an ai.dp.Problem: its position,
    already flipped if reversed, jokers and options), with the bound
    tables in memo mem.  On CPython as lists (ai.hostfast); on the device
    the bound tables are filled here, before the walk."""
    tab = pb.tab
    rak = pb.rak
    ncol = pb.ncol
    J = pb.jokers
    J1 = J + 1
    kind, col, num = steps(ncol)
    S = len(kind)
    combos, trans, ups, closed = tables(pb.slots, pb.free)
    nc = len(combos)
    D = [None] * _D_SIZE
    stab = bytearray(S)
    for d in range(S):
        if not kind[d]:
            stab[d] = tab[(col[d] << 4) | num[d]]
    D[_D_KIND] = kind
    D[_D_COL] = col
    D[_D_NUM] = num
    D[_D_TAB] = stab
    D[_D_RTAB] = tab
    D[_D_RRAK] = rak
    D[_D_TRANS] = trans
    D[_D_CLOSED] = closed
    D[_D_UPS], D[_D_UPO] = _flat_ups(pb.slots, ups)
    D[_D_UPSM] = b"" if MICROPYTHON else [sum(1 << g for g in u) for u in ups]
    D[_D_GOK] = group_table(ncol)
    near = D[_D_NEAR] = cells.near(tab, rak, ncol, J)
    gcap = D[_D_GCAP] = cells.group_caps(tab, rak, ncol, J1)
    val = D[_D_VAL] = cells.VALS[pb.reverse]
    D[_D_BND] = mem.bounds(ncol, 14 * J1 * nc, pb.reverse)
    D[_D_REST] = cells.remaining(kind, col, num, rak, val)
    D[_D_CELL] = cells.cell_table(tab, rak, ncol, J1, near, gcap, val)
    futs, D[_D_GFB] = cells.futures(kind, col, num, tab, rak, ncol, J1)
    D[_D_FUTS] = futs
    D[_D_GM] = array("H", bytes(2 * len(futs) * J1 * 4))
    D[_D_TROW] = D[_D_TOPS] = b"\0\0"   # made when a search needs them (tops)
    # the search's frames, allocated once while the heap is still whole
    D[_D_IDX] = array("H", bytes(2 * (S + 1)))
    D[_D_KA] = array("I", bytes(4 * S))
    D[_D_KB] = array("I", bytes(4 * S))
    D[_D_SCS] = array("i", bytes(4 * S))
    D[_D_FB] = array("i", bytes(4 * S))
    D[_D_OTH] = array("i", bytes(4 * S * J1))
    D[_D_OK] = bytearray(S)
    D[_D_CHOICE] = bytearray(S)
    D[_D_HIT] = bytearray(S)
    P = array("i", bytes(4 * _P_SIZE))
    P[_P_NCOL] = ncol
    P[_P_J] = J
    P[_P_NC] = nc
    P[_P_W] = pb.slots + 1
    P[_P_FREE] = 1 if pb.free else 0
    P[_P_MELD] = pb.meld
    P[_P_STEPS] = S
    P[_P_R] = sum(rak)
    P[_P_JT] = pb.jt
    P[_P_MKEY] = 0x4000 if pb.reverse else 0
    # choices in search order: at most 3 tile counts x 3 group counts x
    # J+1 jokers a cell; the device counts them first (a third of that)
    D[_D_ORDO] = array("H", bytes(2 * (S + 1)))
    if MICROPYTHON:
        D[_D_ORDS] = b""
        D[_D_ORDS] = bytearray(orders(D, P, pb.shape))
    else:
        D[_D_ORDS] = bytearray(9 * J1 * S)
    P[_P_ORDN] = 1
    orders(D, P, pb.shape)
    if MICROPYTHON:
        # native code makes every bound entry faster than a call makes
        # one on demand; CPython fills only what the search asks for
        for c in range(ncol):
            fill_all(D, P, c)
        return D, P
    hostfast.lists(D, _D_BND)
    P = hostfast.fast(P)
    hostfast.masks(D, P, ncol, J1, D[_D_FUTS], D[_D_GM],
                   hostfast.kernel(K).group_mask)
    return D, P


def memo_in(D, P, mem, meld):
    """Give the kernel memo mem (its facts hold for every search of one
    position); a meld value over 127 outgrows its key bits: no memo."""
    P[_P_ROOM] = 0 if meld > 127 else 1
    D[_D_MKA] = mem.ka
    D[_D_MKB] = mem.kb
    D[_D_MVAL] = mem.val
    D[_D_MFILT] = mem.filt
    P[_P_FMASK] = memo.FILTER - 1 if memo.FILTER else 0
    P[_P_MMASK] = (1 << mem.bits) - 1


def aim(P, lower, step, most):
    """Point a new search at scores >= lower (raw); after a hit, the next
    multiple of step (0: stop); most >= 0: no move places more tiles."""
    P[_P_LOWER] = lower
    P[_P_STEP] = step
    P[_P_MOST] = most + 1 if most >= 0 else 0
    P[_P_BEST] = 0
    P[_P_RESUME] = 0


def tops(D, rak, ncol, reverse):
    """D's value tables for searches with a tile cap (see cells.top_values)."""
    row, top = cells.top_values(steps(ncol), rak, cells.VALS[reverse])
    if not MICROPYTHON:
        row = hostfast.fast(row)
        top = hostfast.fast(top)
    D[_D_TROW] = row
    D[_D_TOPS] = top


def fill_all(D, P, c: int):  # viper
    """The whole bound table of colour c, number 13 down to 0: what fill()
    would make on demand.  The device's way: native code makes all ~3000
    entries faster than calls make the few hundred a search needs.  The
    loop body is fill()'s, kept apart on purpose: one entry function shared
    by both costs a call per entry (both: docs/figures.md, "Move solver")."""
    pp = ptr32(P)
    tile = int(K.UNIT)      # other modules' constants: objects here, read once
    none = int(K.NONE)
    dead = int(DEAD)
    nc = pp[int(_P_NC)]
    j1 = pp[int(_P_J)] + 1
    w = pp[int(_P_W)]
    bnd = ptr16(D[_D_BND][c])
    trans = ptr8(D[_D_TRANS])
    closed = ptr8(D[_D_CLOSED])
    tab = ptr8(D[_D_RTAB])
    rak = ptr8(D[_D_RRAK])
    gca = ptr8(D[_D_GCAP])
    near = ptr8(D[_D_NEAR])
    val = ptr8(D[_D_VAL])
    at = 13 * j1 * nc
    jl = 0
    while jl < j1:
        f = 0
        while f < nc:
            b = none
            if closed[f]:
                b = 0
            bnd[at] = b
            at += 1
            f += 1
        jl += 1
    n = 12
    while n >= 0:
        m = n + 1
        code = (c << 4) | m
        t = int(tab[code])
        r = int(rak[code])
        unit = tile + int(val[m])
        jl = 0
        while jl < j1:
            gcap = int(gca[(m * 6 + c) * j1 + jl])
            top = t + r
            lo = 0
            if t > gcap:
                lo = t - gcap
            xmax = 0
            if near[code]:
                xmax = jl
            f = 0
            while f < nc:
                best = -1
                mr = lo
                while mr <= top:
                    gain = top
                    if mr + gcap < top:
                        gain = mr + gcap
                    gain = (gain - t) * unit
                    x = 0
                    while x <= xmax and mr + x < w:
                        nf = int(trans[(f * w + mr) * w + x])
                        if nf != dead:
                            sub = int(bnd[(m * j1 + jl - x) * nc + nf])
                            if sub != none:
                                sub = 2 * sub + gain
                                if sub > best:
                                    best = sub
                        x += 1
                    mr += 1
                b = none
                if best >= 0:
                    b = (best + 1) >> 1
                bnd[(n * j1 + jl) * nc + f] = b
                f += 1
            jl += 1
        n -= 1


def orders(D, P, shape) -> int:  # viper
    """Fill ORDO/ORDS: per step the choices in the order the search tries
    them.  A cell: more rack tiles first, then closest to how the table is
    laid out now (shape: group tiles in bits 0-1, run jokers above), then
    fewer jokers, fewer group tiles.  An end: fewer group jokers first.
    With P[P_ORDN] 0 it only counts them (how big ORDS must be)."""
    # the same typed-pointer prologue as fill_all's, on purpose: viper casts
    # are locals of the function that uses them, a helper cannot hand them back
    pp = ptr32(P)
    kind = ptr8(D[_D_KIND])
    col = ptr8(D[_D_COL])
    num = ptr8(D[_D_NUM])
    tab = ptr8(D[_D_RTAB])
    rak = ptr8(D[_D_RRAK])
    near = ptr8(D[_D_NEAR])
    sh = ptr8(shape)
    ordo = ptr16(D[_D_ORDO])
    ords = ptr8(D[_D_ORDS])
    J = pp[int(_P_J)]
    w = pp[int(_P_W)]
    S = pp[int(_P_STEPS)]
    free = pp[int(_P_FREE)]
    put = pp[int(_P_ORDN)]
    k = 0
    d = 0
    while d < S:
        if put:
            ordo[d] = k
        if kind[d]:
            x = 0
            while x <= J:
                if put:
                    ords[k] = x
                k += 1
                x += 1
        else:
            code = (col[d] << 4) | num[d]
            t = int(tab[code])
            gs = sh[code] & 3
            xs = sh[code] >> 2
            xmax = 0
            if near[code]:
                xmax = J
            top = t + int(rak[code])
            u = top
            while u >= t:
                if free and u < top:
                    # a joker in a run where a rack tile of the cell stays
                    # unplayed: the tile could take its place (one more
                    # tile placed, the joker spare), so never better
                    xmax = 0
                # the farthest any (g, x) of this u lies from the layout
                far = gs
                if u - gs > far:
                    far = u - gs
                if xs > xmax - xs:
                    far += xs
                else:
                    far += xmax - xs
                dist = 0
                while dist <= far:
                    x = 0
                    while x <= xmax:
                        e = xs - x
                        if x > xs:
                            e = x - xs
                        q = dist - e
                        if q >= 0:
                            g = gs - q
                            if g >= 0 and g <= u and u - g + x < w:
                                if put:
                                    ords[k] = u | (g << 2) | (x << 4)
                                k += 1
                            g = gs + q
                            if q and g <= u and u - g + x < w:
                                if put:
                                    ords[k] = u | (g << 2) | (x << 4)
                                k += 1
                        x += 1
                    dist += 1
                u -= 1
        d += 1
    if put:
        ordo[S] = k
    return k
