"""The search's memory between steps: the memo of proven bounds and the
per-colour bound tables, the heap blocks a search needs most of.

Made once and shared (the forward and reversed walks of one position use
the same memo, see ai.race); given back after every solve unless
KEEP_TABLE.  The kernel reads them through D[D_MKA..D_MVAL], D[D_BND]
and D[D_MFILT] (ai.dp puts them there).
"""
from array import array
import gc
from compat import MICROPYTHON as _MP
from ai.kernel import UNKNOWN, ptr16, ptr32  # noqa: F401 (casts in viper code)

# At the end of a number the memo is also asked about the states that
# dominate this one (longer runs): up to ~20 more look-ups, ~94 for each
# state they prune on the corpus.  Native code does them cheaply; CPython
# first asks a filter which of them a stored fact may hold (kernel
# D_MFILT; bench: 349,000 look-ups, 3,700 prunes without it).  Its
# entries (0 on the device: its heap is short):
if _MP:
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


class Memo:
    """A fixed table of proven bounds for the states between numbers: key
    words (array 'I' and 'H', see kernel.D_MKA) and the bound (array 'H'),
    8 bytes an entry where a dict entry costs ~30 on the 64-bit port.  A key lives in the 4 slots from its
    hash; when they are full one is given up, so the memo keeps learning in
    long searches (a forgotten fact only costs time)."""

    def __init__(self, bits):
        banks = 1 << (bits - 10)
        self.bits = bits
        if _MP:
            self.ka = [array("I", bytes(4096)) for _ in range(banks)]
            self.kb = [array("H", bytes(2048)) for _ in range(banks)]
            self.val = [array("H", bytes(2048)) for _ in range(banks)]
        else:
            self.ka = [[0] * 1024 for _ in range(banks)]
            self.kb = [[0] * 1024 for _ in range(banks)]
            self.val = [[0] * 1024 for _ in range(banks)]
        self.bnd = []
        self.filt = [0] * FILTER if FILTER else bytearray(0)

    def clear(self):
        """Empty it (and the dominance filter) for the next search."""
        self.filt = [0] * FILTER if FILTER else bytearray(0)
        for i in range(len(self.ka)):
            if _MP:
                zero32(self.ka[i], 1024)
            else:
                self.ka[i] = [0] * 1024

    def bounds(self, ncol, size, k=0):
        """ncol H arrays of `size` UNKNOWN bound entries (set k: one per
        search direction), kept with the memo so the blocks are found
        once, while the heap is still whole."""
        while len(self.bnd) <= k:
            self.bnd.append([])
        b = self.bnd[k]
        if len(b) < ncol or len(b[0]) < size:
            del b[:]
            if _MP:
                gc.collect()
            for _ in range(ncol):
                b.append(array("H", b"\xfe\xff" * size) if _MP else [UNKNOWN] * size)
        elif _MP:
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
    asked for, smaller if the heap has no room for it."""
    for m in _SHARED:
        if m.bits >= bits or KEEP_TABLE:
            return m
    del _SHARED[:]
    while True:
        try:
            m = Memo(bits)
            break
        except MemoryError:
            gc.collect()
            if bits <= 10:
                raise
            bits -= 1
    _SHARED.append(m)
    return m
