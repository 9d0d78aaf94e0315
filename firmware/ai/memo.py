"""The search's memory between steps: the memo of proven bounds and the
per-colour bound tables, the heap blocks a search needs most of.

Made once and shared (the forward and reversed walks of one position use
the same memo, see ai.race); given back after every solve unless
KEEP_TABLE.  The kernel reads them through D[D_MKA..D_MVAL], D[D_BND]
and D[D_MFILT] (ai.dp puts them there).
"""
from array import array
import gc
from compat import MICROPYTHON, const
from ai.kernel import UNKNOWN, ptr16, ptr32  # noqa: F401 (casts in viper code)
from ai.move import room

# At the end of a number the memo is also asked about the states that
# dominate this one (longer runs): up to ~20 more look-ups for a state,
# few of which prune.  Native code does them cheaply; CPython first asks
# a filter which of them a stored fact may hold (kernel D_MFILT; what it
# saves: docs/figures.md, "Move solver").  Its
# entries (0 on the device: its heap is short):
if MICROPYTHON:
    FILTER = 0
else:
    from ai.hostfast import FILTER


def zero32(buf, n: int):  # viper
    """Zero the first n words of an 'I' array (the device's memo, each
    search: a block copy would need a second block)."""
    p = ptr32(buf)
    i = 0
    while i < n:
        p[i] = 0
        i += 1


def unknown16(buf, n: int):  # viper
    """Mark the first n entries of a bound table UNKNOWN."""
    p = ptr16(buf)
    u = int(UNKNOWN)        # a global of this module: an object to viper
    i = 0
    while i < n:
        p[i] = u
        i += 1


_BANK_BITS = const(10)   # a bank holds 1024 slots (kernel: bank h >> 10, slot h & 1023)
_MIN_BITS = const(8)     # the smallest memo: 256 slots in one bank, 2 KB
_SLOT = const(8)         # bytes a slot: I key, H key, H value
_CHUNK = const(64)       # items a device array grows by (see fill)


def fill(code, n, value):
    """array(code) of n items `value`, grown _CHUNK items at a time: no
    second block as big as it beside it (array(code, bytes(...)) copies a
    temporary one), which a fragmented 56 KB heap often does not have."""
    k = n if n < _CHUNK else _CHUNK
    step = array(code, [value] * k)
    a = array(code)
    while len(a) + k <= n:
        a.extend(step)
    if len(a) < n:
        a.extend(array(code, [value] * (n - len(a))))
    return a


class Memo:
    """A fixed table of proven bounds for the states between numbers: key
    words (array 'I' and 'H', see kernel.D_MKA) and the bound (array 'H'),
    8 bytes an entry where a dict entry costs ~30 on the 64-bit port.  A key lives in the 4 slots from its
    hash; when they are full one is given up, so the memo keeps learning in
    long searches (a forgotten fact only costs time)."""

    def __init__(self, bits):
        n = 1 << min(bits, _BANK_BITS)     # slots a bank (fewer: one small bank)
        banks = 1 << max(bits - _BANK_BITS, 0)
        self.bits = bits
        self.n = n
        if MICROPYTHON:
            self.ka = [fill("I", n, 0) for _ in range(banks)]
            self.kb = [fill("H", n, 0) for _ in range(banks)]
            self.val = [fill("H", n, 0) for _ in range(banks)]
        else:
            self.ka = [[0] * n for _ in range(banks)]
            self.kb = [[0] * n for _ in range(banks)]
            self.val = [[0] * n for _ in range(banks)]
        self.bnd = []
        self.filt = [0] * FILTER if FILTER else bytearray(0)

    def clear(self):
        """Empty it (and the dominance filter) for the next search."""
        self.filt = [0] * FILTER if FILTER else bytearray(0)
        for i in range(len(self.ka)):
            if MICROPYTHON:
                zero32(self.ka[i], self.n)
            else:
                self.ka[i] = [0] * self.n

    def bounds(self, ncol, size, k=0):
        """ncol H arrays of `size` UNKNOWN bound entries (set k: one per
        search direction), kept with the memo so the blocks are found
        once, while the heap is still whole."""
        while len(self.bnd) <= k:
            self.bnd.append([])
        b = self.bnd[k]
        if len(b) < ncol or len(b[0]) < size:
            del b[:]
            if MICROPYTHON:
                gc.collect()
            for _ in range(ncol):
                b.append(fill("H", size, UNKNOWN) if MICROPYTHON else [UNKNOWN] * size)
        elif MICROPYTHON:
            for i in range(ncol):
                unknown16(b[i], size)
        else:
            for i in range(ncol):
                b[i] = [UNKNOWN] * len(b[i])
        return b


_SHARED = []


# A process that does nothing but solve (the bench runner) may keep the
# device memo between searches, so a fragmented heap never has to find
# a new block for it.  The app leaves this off: between AI turns the heap
# belongs to the UI.
KEEP_TABLE = False


def drop_table():
    """Give the memo back (unless KEEP_TABLE): after every solve."""
    if not KEEP_TABLE:
        del _SHARED[:]


def shared_memo(bits):
    """The memo for a search: made (or, with KEEP_TABLE, reused) as big as
    asked for, smaller if the heap has no room for it.  On MicroPython it
    takes at most a quarter of the room (ai.move.room: on the ESP32 the
    heap's growth included; the bound tables, frames and
    the copy made while building each bank need the rest), down to
    _MIN_BITS: a small memo only costs time, where a failed try leaves
    holes and a search given up for want of heap falls back to greedy
    play."""
    for m in _SHARED:
        if m.bits >= bits or KEEP_TABLE:
            return m
    del _SHARED[:]
    if MICROPYTHON:
        quarter = room() // 4
        while bits > _MIN_BITS and _SLOT << bits > quarter:
            bits -= 1
    while True:
        try:
            m = Memo(bits)
            break
        except MemoryError:
            gc.collect()
            if bits <= _MIN_BITS:
                raise
            bits -= 1
    _SHARED.append(m)
    return m
