"""How a search's tables are held when the engine runs on CPython (host
tools, tests, the emulator): same values, kept the way CPython's
interpreter handles fastest.  The device never imports this (ai.dp asks
only off MicroPython), so none of it costs device heap.

Why: on CPython the kernel is plain Python; its interpreter indexes a list
several times faster than bytes or array.array, and group masks depend
only on the colours, the jokers and a step's future, so they can be kept
from one search to the next.
"""
from array import array

# memo look-up filter entries (see kernel.D_MFILT)
FILTER = 4096

_MASKS = {}


def lists(D, skip):
    """D's buffers as lists (but D[skip], the bound tables, made as lists
    already), in place."""
    for i in range(len(D)):
        if i != skip:
            D[i] = fast(D[i])


def fast(a):
    """A list of a buffer's values; anything else as it is."""
    if isinstance(a, (bytes, bytearray, array)):
        return list(a)
    return a


def masks(D, P, ncol, J1, futs, gm, group_mask):
    """Fill a search's group masks gm from the cache, making (with
    group_mask(D, P, at)) and keeping the ones not seen before: one block
    of J1 * 4 per future in futs."""
    size = J1 * 4
    for i in range(len(futs)):
        key = (ncol, size, futs[i])
        block = _MASKS.get(key)
        at = i * size
        if block is None:
            for k in range(at, at + size):
                group_mask(D, P, k)
            _MASKS[key] = gm[at:at + size]
        else:
            gm[at:at + size] = block


def kernel(K):
    """A module of viper source (ai.kernel, ai.prepare) with its casts
    left out: on CPython they are identity calls (ptr8(x) is x, and
    int(...) is only ever given ints there), a few thousand a solve.  Same
    source, compiled once with each `ptrN(...)` and `int(...)` read as
    `(...)`; the original module stays for anything that imports it
    directly."""
    import re
    import sys
    name = K.__name__ + "_host"
    mod = sys.modules.get(name)
    if mod is None:
        with open(K.__file__) as f:
            src = f.read()
        src = re.sub(r"(?<!def )\b(?:ptr8|ptr16|ptr32|int)\(", "(", src)
        mod = type(sys)(name)
        mod.__file__ = K.__file__
        exec(compile(src, K.__file__, "exec"), mod.__dict__)
        sys.modules[name] = mod
    return mod
