"""What a search makes once, before the walk, as native code: the order
the walk tries each step's choices in (orders) and the per-colour bound
tables (fill_all).  ai.dp calls them while it sets a Problem up; the walk
itself, and the D/P layout these fill, are ai.kernel's.

Like the kernel, plain Python that host_tools compiles to viper where a
function's def line says `# viper`.  The kernel's D/P layout is copied
here as private consts (folded in); its other constants are globals of
another module here, objects to viper code: each function reads the
ones it needs once, as int(K.NAME), before its loops.  Called once per
search (orders twice on the device: count, then write), so that costs
nothing the bench can see; the loops themselves are what they were in
the kernel.
"""
from compat import const
from ai import kernel as K
from ai.kernel import ptr8, ptr16, ptr32  # noqa: F401 (casts in viper code)
from ai.runstate import DEAD

# ai.kernel's D/P layout (explained there) as this module's own private
# consts: folded into the code, no names in the module dicts while the AI
# runs (tests/ai/test_layout_copies.py checks each against the kernel's)
_D_KIND = const(0)
_D_COL = const(1)
_D_NUM = const(2)
_D_ORDO = const(4)
_D_ORDS = const(5)
_D_BND = const(8)
_D_TRANS = const(9)
_D_CLOSED = const(14)
_D_RTAB = const(28)
_D_RRAK = const(29)
_D_GCAP = const(30)
_D_NEAR = const(31)
_D_VAL = const(33)
_P_J = const(1)
_P_NC = const(2)
_P_W = const(3)
_P_FREE = const(4)
_P_STEPS = const(6)
_P_ORDN = const(22)


def fill_all(D, P, c: int):  # viper
    """The whole bound table of colour c, number 13 down to 0: what fill()
    would make on demand.  The device's way: native code makes all ~3000
    entries faster than calls make the few hundred a search needs (bench
    median on the unix port 0.71 ms with it, 0.86 ms with fill() alone).
    The loop body is fill()'s, kept apart on purpose: one entry function
    shared by both cost the device ~0.4 ms a solve in calls and CPython
    ~0.6 ms in per-call set-up (measured)."""
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
