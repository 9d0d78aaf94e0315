"""The search's inner loop, the walk, as MicroPython viper code over flat
arrays.  What a search makes once before it (the choice order, the device's
bound tables) is ai.prepare's; the memo and bound tables are ai.memo's; ai.dp
holds a search and runs it.  This module is the loop and what it calls while walking.

Contract of run(D, P), the hot loop
  In       D, a list of buffers, and P, an int array, laid out by the D_* and
           P_* indices below and filled by ai.prepare.  The search is for
           an arrangement of the whole table plus any rack tiles whose score
           (placed tiles * UNIT + their value, table jokers included unless
           _P_FREE) is >= _P_LOWER.  _P_STEP 0: stop at the first hit; else
           after each hit raise _P_LOWER to the next multiple of _P_STEP above
           it and go on.  _P_MOST (+1, 0 unknown) caps the tiles any move
           places (the value phase's tighter bound).  _P_RESUME 0 starts at
           the root, 1 carries on from the frames the last call left.
           _P_BUDGET: new states this call may expand.
  Out      returns the status: 0 the tree is exhausted (no arrangement reaches
           _P_LOWER, which now stands one step above the best hit, if any),
           1 stopped at a hit (_P_STEP 0), 2 budget spent (call again: _P_RESUME
           is 1).  _P_BEST - 1 is the best hit's score (-1: none) and
           _D_HIT[0:_P_STEPS] its choices, one per step, for ai.arrange.build.
           _P_EXPANDED counts states; _P_LOWER, _P_ROOM and the frames' depth
           are kept for the next call.
  Writes   only the frames (_D_IDX, _D_KA, _D_KB, _D_SCS, _D_FB, _D_OK, _D_CHOICE:
           one entry a step; _D_OTH: one a step and jokers left), _D_HIT, the
           memo (_D_MKA, _D_MKB, _D_MVAL; _D_MFILT on CPython), bound entries
           still UNKNOWN (D_BND, through fill), group masks still 0 (_D_GM,
           through group_mask) and P's out fields.
  Bounds   run does not recurse: depth is an index into the frames, at most
           _P_STEPS = 13 * (colours + 1) (65 with four colours).  fill
           recurses one number a level, at most 13 deep; group_mask not at
           all.  Work: at most _P_BUDGET new states a call.
  Promises every table tile is used and every set closes valid (a path only
           completes when the last number's runs are all closed and each
           number's groups fit its colours and jokers); a hit's score is
           exactly what its path places.  A memo entry (state between
           numbers -> v) proves that nothing below that state gains v or
           more: it is written only after all the state's choices were
           tried against a target, so it stays true for every later target
           of the same Problem, and a state that a stored one dominates
           (longer open runs, same rest) is pruned by it.  The per-colour
           bounds in D_BND never underestimate, so pruning on them never
           loses the best hit.
  Never    allocates (the device heap may have a few KB left when it runs:
           ints stay native, every buffer is dp's), raises, reads the clock,
           calls back into set-up code, indexes past the sizes dp gave the
           buffers (viper does not check), or reads anything but D and P:
           the order of the walk depends only on them, so CPython, the unix
           port and the device walk the same tree.
  One function, on purpose: a call from viper code boxes its arguments and
  the callee loads its buffers from D again (a list subscript each), so a
  piece of run made a function pays that on every state that takes it
  (even the least-run piece: docs/figures.md, "Move solver").
  fill and group_mask are functions because the walk calls them only
  where an entry is not made yet.

Why viper: the branch and bound visits a few hundred to a few hundred
thousand states, each a handful of integer table look-ups, which bytecode
interprets one opcode at a time; viper turns it into machine code.  Functions marked `# viper` on their def line
get the @micropython.viper decorator when host_tools builds .mpy files for
a native arch (the ESP32 bundle, the unix port's tests and bench); the
source itself is plain Python, so it compiles for any MicroPython and runs
on CPython, where ptr8/ptr16/ptr32 are identity: given the same set-up
every runtime walks the same tree.  (On CPython ai.dp uses this source
compiled without the casts, hands it lists instead of arrays, which its
interpreter indexes faster, and a filter that spares memo look-ups that
cannot hit: same values, same tree; see ai.hostfast.)

Memo facts are fail-soft: a state between numbers whose choices are all
exhausted is kept with the most any of them was found able to gain, not
just "short of the target", so a later search with a lower target (the
value phase after the tile phase) can still use it.

The loop is resumable: it stops after P[_P_BUDGET] new states so the
caller can check the clock, and carries on where it left off.

State of a search step: word A holds, per colour (5 bits each), the
run-length combo of its open runs; word B the jokers used (bits 0-2), the
current number's group tiles (sum: bits 3-6, most of one colour: 7-8) and,
for an initial meld, the value so far (bits 9-15).
"""
# (no `micropython` name: the compiler reads @micropython.viper itself)
from compat import const


# Casts in viper code; plain functions everywhere else.  The viper compiler
# takes ptr8(...) as a cast whatever the module defines.
def ptr8(x):
    return x


ptr16 = ptr32 = ptr8

UNIT = const(2048)       # score of one placed tile; value fits below it
NONE = const(0xFFFF)     # bound table: the colour's table tiles cannot all go
UNKNOWN = const(0xFFFE)  # bound table: not computed yet
_DEAD = const(255)       # transition table: impossible (runstate.DEAD)
_BIAS = const(0x20000000)  # the other colours' sums stay positive (ptr32 loads)
_PENALTY = const(0x100000)  # more than any sum of bounds: below _BIAS = impossible

# D: the arrays
_D_KIND = const(0)        # per step: 0 a cell (colour, number), 1 the number's end
_D_COL = const(1)
_D_NUM = const(2)
_D_TAB = const(3)         # table tiles in the step's cell
_D_ORDO = const(4)        # H: choices of step d are ORDS[ORDO[d]:ORDO[d+1]]
_D_ORDS = const(5)        # cell choice u | g<<2 | x<<4; end choice: group jokers
_D_REST = const(6)        # i: most score the rack tiles after step d can add
_D_GFB = const(7)         # H: step's base index into GM
D_BND = const(8)         # per colour, an H array of bounds: see fill()
_D_TRANS = const(9)
_D_GOK = const(10)
_D_GM = const(11)         # H: group masks, 0 = not made yet (see group_mask)
_D_UPS = const(12)        # combos that dominate combo f: UPS[UPO[f]:UPO[f+1]]
_D_UPO = const(13)
_D_CLOSED = const(14)
_D_IDX = const(15)        # H: frames, one per step
_D_KA = const(16)         # I
_D_KB = const(17)         # I
_D_SCS = const(18)        # i
_D_OTH = const(19)        # i: other colours' bound per jokers left, + _BIAS,
                         # less _PENALTY per colour that cannot place its tiles
_D_OK = const(20)
_D_CHOICE = const(21)
_D_HIT = const(22)        # the best path found
# the memo, of states between numbers, in banks of 1024 slots (the device
# heap has no room for one big block): I keys (word A + 1, 0 = empty slot),
# H keys (jokers used | meld value << 3 | the number just done << 10),
# H values (the gain proven out of reach)
_D_MKA = const(23)
_D_MKB = const(24)
_D_MVAL = const(25)
_D_TOPS = const(26)       # H: value of the m best rack tiles after step d,
                         # in row _D_TROW[d] (made for the value phase)
_D_FUTS = const(27)       # H: per future, cells of later colours with >= 1, 2, 3 tiles
_D_RTAB = const(28)       # per tile code: table tiles, rack tiles
_D_RRAK = const(29)
_D_GCAP = const(30)       # tiles of a cell groups can take at all
_D_NEAR = const(31)       # cells where a joker may stand in a run
_D_TROW = const(32)
_D_VAL = const(33)        # per number: the value of its tiles (the numbers
                         # run 13 down to 1 in a reversed search)
_D_CELL = const(34)       # H: per cell (c*16 + m)*(5 + J1): table tiles, rack
                         # tiles, a tile's score, a joker may stand in a
                         # run here, the most a bound entry of colour c after
                         # number m can be (all its later rack tiles), then
                         # GCAP per jokers left: fill()'s inputs in one place
_D_MFILT = const(35)      # CPython only: per hash of (a fact's state less one
                         # colour's runs, the colour), the run combos that
                         # colour had in such facts (bits, OR-ed): a state's
                         # dominators in that colour are looked up only
                         # where a stored fact may be
_D_UPSM = const(36)       # CPython only: per combo f, the combos that dominate
                         # it as bits (UPS as a mask)
_D_FB = const(37)         # i: per frame, 1 + the most its choices tried so far
                         # can gain (fail-soft: tighter than "short of
                         # lower"; + 1 keeps it >= 0 for ptr32 loads)
D_SIZE = const(38)

# P: parameters and counters
_P_NCOL = const(0)
P_J = const(1)           # jokers in play
P_NC = const(2)          # run-length combos
_P_W = const(3)           # slots + 1
_P_FREE = const(4)        # jokers score nothing, spares are added later
_P_MELD = const(5)        # initial meld: the value the sets must reach (0: none)
_P_STEPS = const(6)
_P_LOWER = const(7)       # only scores >= this count as a hit
_P_STEP = const(8)        # after a hit, lower = next multiple of this (0: stop)
_P_MOST = const(9)        # most tiles any move places, + 1 (0: unknown)
_P_R = const(10)          # rack tiles
_P_JT = const(11)         # table jokers
_P_MMASK = const(12)      # memo slots - 1
_P_ROOM = const(13)       # 0: keep no memo (else it learns all along)
_P_BUDGET = const(14)     # new states this call may expand
_P_DEPTH = const(15)     # resume here
_P_BEST = const(16)       # best hit's score + 1 (0: none yet)
_P_EXPANDED = const(17)
_P_RESUME = const(18)     # 0: a new search, 1: carry on
_P_STATUS = const(19)    # out: 0 exhausted, 1 stopped at a hit, 2 budget spent
_P_MKEY = const(20)       # memo key bit of this search's direction
_P_FMASK = const(21)      # filter entries - 1 (0: no filter, see _D_MFILT)
_P_ORDN = const(22)       # prepare.orders(): 0 only count the choices, 1 write them
_P_SIZE = const(23)
# Names only this module uses start with _: a const() so named is not kept
# as a module global.  ai.prepare and ai.dp keep their own private copies
# of the D/P entries they use (tests/ai/test_layout_copies.py checks they agree):
# public, each would be a name in this module's dict, on the device heap
# while the AI runs; tests/ai_mp/test_solver_mp.py holds the dict to 17
# names (one dict size).  For the same reason P holds no J + 1 and the
# decorator's name is not imported.


def fill(D, P, c: int, at: int) -> int:  # viper
    """Bound table entry `at` of colour c: (half, rounded up) the most
    score the colour can still add after number n from run combo f with
    jl jokers left, at = (n*J1 + jl)*NC + f; the colour on its own, groups
    taken wherever GCAP allows.  Recursion goes up one number a level."""
    pp = ptr32(P)
    nc = pp[P_NC]
    j1 = pp[P_J] + 1
    w = pp[_P_W]
    bnd = ptr16(D[D_BND][c])
    b = bnd[at]
    if b != UNKNOWN:
        return b
    f = at % nc
    q = at // nc
    jl = q % j1
    n = q // j1
    if n == 13:
        b = NONE
        if ptr8(D[_D_CLOSED])[f]:
            b = 0
        bnd[at] = b
        return b
    trans = ptr8(D[_D_TRANS])
    m = n + 1
    cell = ptr16(D[_D_CELL])
    ce = (c * 16 + m) * (5 + j1)
    t = cell[ce]
    r = cell[ce + 1]
    unit = cell[ce + 2]
    gcap = cell[ce + 5 + jl]
    xmax = 0
    if cell[ce + 3]:
        xmax = jl
    # mr tiles go on in runs; for each mr the most tiles go (the rest to
    # groups, at most gcap): more tiles never cost anything.  Most run
    # tiles first, and no further once nothing left can beat the best: a
    # successor adds at most the colour's every later rack tile (CAP), so
    # entries no path needs stay unmade
    best = -1
    top = t + r
    low = 0
    if t > gcap:
        low = t - gcap
    cap = 2 * cell[ce + 4]
    mr = top
    while mr >= low:
        gain = top
        if mr + gcap < top:
            gain = mr + gcap
        gain = (gain - t) * unit
        if best >= cap + gain:
            break
        x = 0
        while x <= xmax and mr + x < w and best < cap + gain:
            nf = trans[(f * w + mr) * w + x]
            if nf != _DEAD:
                sat = (m * j1 + jl - x) * nc + nf
                sub = bnd[sat]
                if sub == UNKNOWN:
                    sub = int(fill(D, P, c, sat))
                if sub != NONE:
                    sub = 2 * sub + gain
                    if sub > best:
                        best = sub
            x += 1
        mr -= 1
    b = NONE
    if best >= 0:
        b = (best + 1) >> 1
    bnd[at] = b
    return b


def group_mask(D, P, at: int) -> int:  # viper
    """GM[at]: bit sg set if sg group tiles so far (at most mg of one
    colour), plus what the later colours give and up to `left` jokers, can
    still make valid groups.  at = (future*J1 + left)*4 + mg; bit 0 marks
    the mask as made.  It prunes only what the number's end step would
    refuse anyway."""
    j1 = ptr32(P)[P_J] + 1
    gok = ptr8(D[_D_GOK])
    mg = at & 3
    left = (at >> 2) % j1
    fk = int(ptr16(D[_D_FUTS])[(at >> 2) // j1])
    k1 = fk & 7
    k2 = (fk >> 3) & 7
    k3 = fk >> 6
    mask = 1
    sg = 1
    while sg < 16:
        a = 0
        while a <= k1 + k2 + k3 and sg + a <= 15:
            m = 3
            if a == 0:
                m = 0
            elif a <= k1:
                m = 1
            elif a <= k1 + k2:
                m = 2
            if m < mg:
                m = mg
            gi = ((sg + a) * 4 + m) * 8
            x = 0
            while x <= left and not gok[gi + x]:
                x += 1
            if x <= left:
                mask |= 1 << sg
                break
            a += 1
        sg += 1
    ptr16(D[_D_GM])[at] = mask
    return mask


def run(D, P) -> int:  # viper
    """Walk the tree depth first from P's state; returns the status.
    The contract (in, out, what it writes, bounds, promises, what it must
    never do) is at the top of this module."""
    pp = ptr32(P)
    kind_ = ptr8(D[_D_KIND])
    col_ = ptr8(D[_D_COL])
    num_ = ptr8(D[_D_NUM])
    stab = ptr8(D[_D_TAB])
    ordo = ptr16(D[_D_ORDO])
    ords = ptr8(D[_D_ORDS])
    rest = ptr32(D[_D_REST])
    gfb = ptr16(D[_D_GFB])
    bl = D[D_BND]
    trans = ptr8(D[_D_TRANS])
    gok = ptr8(D[_D_GOK])
    gm = ptr16(D[_D_GM])
    ups = ptr8(D[_D_UPS])
    upo = ptr16(D[_D_UPO])
    closed = ptr8(D[_D_CLOSED])
    idx = ptr16(D[_D_IDX])
    ka = ptr32(D[_D_KA])
    kb = ptr32(D[_D_KB])
    scs = ptr32(D[_D_SCS])
    fbs = ptr32(D[_D_FB])
    oth = ptr32(D[_D_OTH])
    ok = ptr8(D[_D_OK])
    choice = ptr8(D[_D_CHOICE])
    hit = ptr8(D[_D_HIT])
    mka = D[_D_MKA]
    mkb = D[_D_MKB]
    mval = D[_D_MVAL]
    tops = ptr16(D[_D_TOPS])
    trow = ptr8(D[_D_TROW])
    val = ptr8(D[_D_VAL])

    ncol = pp[_P_NCOL]
    J = pp[P_J]
    j1 = J + 1
    nc = pp[P_NC]
    w = pp[_P_W]
    free = pp[_P_FREE]
    meld = pp[_P_MELD]
    steps = pp[_P_STEPS]
    lower = pp[_P_LOWER]
    step = pp[_P_STEP]
    most = pp[_P_MOST] - 1
    R = pp[_P_R]
    jt = pp[_P_JT]
    mmask = pp[_P_MMASK]
    room = pp[_P_ROOM]
    mkey = pp[_P_MKEY]
    fmask = pp[_P_FMASK]
    filt = ptr8(D[_D_MFILT])
    upsm = ptr32(D[_D_UPSM])
    budget = pp[_P_BUDGET]
    best = pp[_P_BEST] - 1
    expanded = pp[_P_EXPANDED]
    ju = 0
    if not free:
        ju = UNIT + 13
    status = 0
    if pp[_P_RESUME]:
        depth = pp[_P_DEPTH]
    else:
        depth = 0
        ka[0] = 0
        kb[0] = 0
        scs[0] = 0
        idx[0] = 0
        fbs[0] = 0
    fresh = 1
    while depth >= 0:
        kind = kind_[depth]
        n = num_[depth]
        c0 = col_[depth]
        A = ka[depth]
        B = kb[depth]
        bc0 = ptr16(bl[c0])
        if fresh:
            # a new frame: the other colours' bounds per jokers left
            fresh = 0
            good = 1
            if kind == 1 and n == 13:
                c = 0
                while c < ncol:
                    if not closed[(A >> (5 * c)) & 31]:
                        good = 0
                    c += 1
            base = depth * j1
            jn = J - (B & 7) + 1           # jokers left: 0 .. jn - 1
            if depth and good:
                # from the parent's sums: one colour moved on a number, one
                # more colour is now the step's own
                ca = -1                     # colour added, at number n
                cr = -1                     # colour taken out, at n - 1
                br = bc0
                ba = bc0
                ar = 0
                aa = 0
                if kind_[depth - 1]:
                    cr = 0
                    if c0:
                        br = ptr16(bl[0])
                    ar = (n - 1) * j1 * nc + (A & 31)
                else:
                    ca = col_[depth - 1]
                    ba = ptr16(bl[ca])
                    aa = n * j1 * nc + ((A >> (5 * ca)) & 31)
                    if not kind:
                        cr = c0
                        ar = (n - 1) * j1 * nc + ((A >> (5 * c0)) & 31)
                jl = 0
                while jl < jn:
                    o = oth[base - j1 + jl]
                    if cr >= 0:
                        b = br[ar]
                        if b == NONE:
                            o += _PENALTY
                        else:
                            o -= b
                        ar += nc
                    if ca >= 0:
                        b = ba[aa]
                        if b == UNKNOWN:
                            b = int(fill(D, P, ca, aa))
                        if b == NONE:
                            o -= _PENALTY
                        else:
                            o += b
                        aa += nc
                    oth[base + jl] = o
                    jl += 1
            else:
                jl = 0
                while jl < jn:
                    oth[base + jl] = _BIAS
                    jl += 1
                c = 0
                while good and c < ncol:
                    if kind == 1 or c != c0:
                        done = n
                        if kind == 0 and c > c0:
                            done = n - 1
                        at = (done * j1) * nc + ((A >> (5 * c)) & 31)
                        bc = ptr16(bl[c])
                        jl = 0
                        while jl < jn:
                            b = bc[at]
                            if b == UNKNOWN:
                                b = int(fill(D, P, c, at))
                            if b == NONE:
                                oth[base + jl] -= _PENALTY
                            else:
                                oth[base + jl] += b
                            at += nc
                            jl += 1
                    c += 1
            ok[depth] = good
        # try this frame's remaining choices; stop at the first child to
        # walk into (frame values are read once, not once a choice)
        sc = scs[depth]
        fb = fbs[depth] - 1         # the most any choice tried so far may gain
        j = B & 7
        v0 = B >> 9
        base = depth * j1
        lo = ordo[depth]
        ci = lo + idx[depth]
        hi = ordo[depth + 1]
        if not ok[depth]:
            ci = hi
        rd = rest[depth]
        sg0 = (B >> 3) & 15
        mg0 = (B >> 7) & 3
        vn = val[n]
        unit = UNIT + vn
        xu = unit                   # what a joker scores (nothing if free)
        if free:
            xu = 0
        sh = 0
        fw = 0
        nb = 0
        t0 = 0
        if not kind:
            sh = 5 * c0
            fw = ((A >> sh) & 31) * w
            nb = n * j1
            t0 = stab[depth]
        walk = 0
        while ci < hi:
            ch = ords[ci]
            ci += 1
            v = v0
            if kind == 0:
                u = ch & 3
                g = (ch >> 2) & 3
                x = ch >> 4
                if j + x > J:
                    continue
                nf = trans[(fw + u - g) * w + x]
                if nf == _DEAD:
                    continue
                left = J - j - x
                o = oth[base + left] - _BIAS
                if o < 0:
                    continue
                at = (nb + left) * nc + nf
                b = bc0[at]
                if b == UNKNOWN:
                    b = int(fill(D, P, c0, at))
                if b == NONE:
                    continue
                s2 = sc + (u - t0) * unit + x * xu
                o += b                  # the step's own colour joins the others
            else:
                xg = ch
                if j + xg > J:
                    continue
                gi = (sg0 * 4 + mg0) * 8
                if not gok[gi + xg]:
                    continue
                if free and xg and gok[gi + xg - 1]:
                    continue            # fewer group jokers do: spares
                left = J - j - xg
                o = oth[base + left] - _BIAS
                if o < 0:
                    continue
                s2 = sc + xg * xu
            # the bound, one test for both kinds of step: below here the
            # walk adds at most twice the colours' half bounds, or what the
            # rack tiles after this step can add if less, each plus the
            # jokers left at a tile's top score
            hb = 2 * o + left * ju
            rb = rd + left * ju
            if hb > rb:
                hb = rb
            if s2 + hb < lower:
                if s2 + hb - sc > fb:
                    fb = s2 + hb - sc
                continue
            if kind == 0:
                if most >= 0:
                    more = most - (s2 >> 11)
                    if more < 0:
                        continue
                    if more > R:
                        more = R
                    hb = (most << 11) + (s2 & 2047) + tops[trow[depth] * (R + 1) + more]
                    if hb < lower:
                        if hb - sc > fb:
                            fb = hb - sc
                        continue
                sg = sg0 + g
                mg = mg0
                if g > mg:
                    mg = g
                if sg:
                    # can this number's groups still come out valid?
                    at = gfb[depth] + (left << 2) + mg
                    gv = gm[at]
                    if not gv:
                        gv = int(group_mask(D, P, at))
                    if not (gv >> sg) & 1:
                        continue
                A2 = (A & ~(31 << sh)) | (nf << sh)
                if meld:
                    v += (u + x) * vn
                    if v > meld:
                        v = meld
                B2 = (j + x) | (sg << 3) | (mg << 7) | (v << 9)
            else:
                if meld:
                    v += xg * vn
                    if v > meld:
                        v = meld
                    if n == 13 and v < meld:
                        continue
                if n == 13 and not free and j + xg < jt:
                    continue
                A2 = A
                B2 = (j + xg) | (v << 9)
                # a state proven short before (or a stronger one) prunes this one
                need = lower - s2
                qb0 = (B2 & 7) | ((B2 >> 9) << 3) | (n << 10) | mkey
                jj = B2 & 7
                vi = 0          # 0: the state; 1..jj: fewer jokers; then dominance
                dc = 0          # dominance: colour, and position in its UPS list
                dq = -1
                dm = 0
                f = 0
                pv = 0
                pruned = 0
                while not pruned:
                    qa = A2
                    qb = qb0
                    if vi == 0:
                        vi = 1
                    elif free and vi <= jj:
                        qb = (qb0 & ~7) | (vi - 1)
                        vi += 1
                    else:
                        vi = 99
                        if dq < 0:
                            if dc >= ncol:
                                break
                            f = (A2 >> (5 * dc)) & 31
                            if fmask:
                                # the combos colour dc has in stored facts
                                # that agree with this state in the other
                                # colours (a superset): only those are asked
                                hf = (A2 & ~(31 << (5 * dc))) * 40503 + qb0 * 9973 + dc * 7919
                                dm = filt[(hf ^ (hf >> 15)) & fmask] & upsm[f]
                                dq = 0
                            else:
                                dq = upo[f]
                        if fmask:
                            if not dm:
                                dc += 1
                                dq = -1
                                continue
                            while not dm & 1:
                                dm >>= 1
                                dq += 1
                            dm >>= 1
                            gd = dq
                        else:
                            if dq >= upo[f + 1]:
                                dc += 1
                                dq = -1
                                continue
                            gd = int(ups[dq])
                        dq += 1
                        qa = (A2 & ~(31 << (5 * dc))) | (gd << (5 * dc))
                    qa += 1
                    h = qa * 40503 + qb * 9973
                    h = (h ^ (h >> 15)) & mmask
                    e = 0
                    while e < 4:
                        kk = ptr32(mka[h >> 10])[h & 1023]
                        if kk == 0:
                            break
                        if kk == qa and ptr16(mkb[h >> 10])[h & 1023] == qb:
                            pv = int(ptr16(mval[h >> 10])[h & 1023])
                            if need >= pv:
                                pruned = 1
                            break
                        h = (h + 1) & mmask
                        e += 1
                if pruned:
                    if pv and s2 - sc + pv - 1 > fb:
                        fb = s2 - sc + pv - 1
                    continue
            choice[depth] = ch
            if depth + 1 == steps:
                if s2 - sc > fb:
                    fb = s2 - sc
                best = s2
                i = 0
                while i < steps:
                    hit[i] = choice[i]
                    i += 1
                if not step:
                    status = 1
                    break
                lower = (s2 // step + 1) * step
                continue
            walk = 1
            break
        if status:
            idx[depth] = ci - lo
            fbs[depth] = fb + 1
            break
        if not walk:
            # exhausted: nothing below gains more than fb (< lower - sc)
            # from this state: the fact kept is that bound, which later
            # searches with lower targets (the value phase) can use too
            if depth and room > 0 and kind_[depth - 1] == 1:
                v = fb + 1          # <= lower - sc: every part of fb fell short
                if v <= 65535:
                    qa = A + 1
                    qb = (B & 7) | ((B >> 9) << 3) | (num_[depth - 1] << 10) | mkey
                    h = qa * 40503 + qb * 9973
                    h = (h ^ (h >> 15)) & mmask
                    # a key lives in the 4 slots from its hash; a full
                    # run of 4 gives one up (a fact forgotten costs time)
                    e = 0
                    while e < 4:
                        bk = ptr32(mka[h >> 10])
                        kk = bk[h & 1023]
                        if kk == 0:
                            break
                        if kk == qa and ptr16(mkb[h >> 10])[h & 1023] == qb:
                            bv = ptr16(mval[h >> 10])
                            if v < bv[h & 1023]:
                                bv[h & 1023] = v
                            e = 5
                            break
                        h = (h + 1) & mmask
                        e += 1
                    if e == 4:
                        # full: give up the deepest of the 4 (facts near
                        # the root save the most), unless this one is deeper
                        g = h
                        dd = (qb >> 10) & 15
                        i = 0
                        while i < 4:
                            g = (g - 1) & mmask
                            d2 = (ptr16(mkb[g >> 10])[g & 1023] >> 10) & 15
                            if d2 >= dd:
                                dd = d2
                                h = g
                                e = 0
                            i += 1
                    if e < 4:
                        ptr32(mka[h >> 10])[h & 1023] = qa
                        ptr16(mkb[h >> 10])[h & 1023] = qb
                        ptr16(mval[h >> 10])[h & 1023] = v
                        c = 0
                        while fmask and c < ncol:
                            hf = (A & ~(31 << (5 * c))) * 40503 + qb * 9973 + c * 7919
                            filt[(hf ^ (hf >> 15)) & fmask] |= 1 << ((A >> (5 * c)) & 31)
                            c += 1
            if depth and fb >= 0:
                # the parent's bound takes this one's, from the parent's
                # score (fb -1: no way on from here at all, nothing to give)
                fb += sc - scs[depth - 1] + 1
                if fb > fbs[depth - 1]:
                    fbs[depth - 1] = fb
            depth -= 1
            continue
        idx[depth] = ci - lo
        fbs[depth] = fb + 1
        depth += 1
        ka[depth] = A2
        kb[depth] = B2
        scs[depth] = s2
        idx[depth] = 0
        fbs[depth] = 0
        fresh = 1
        expanded += 1
        budget -= 1
        if budget <= 0:
            status = 2
            break
    pp[_P_DEPTH] = depth
    pp[_P_LOWER] = lower
    pp[_P_BEST] = best + 1
    pp[_P_EXPANDED] = expanded
    pp[_P_ROOM] = room
    pp[_P_STATUS] = status
    pp[_P_RESUME] = 1
    return status
