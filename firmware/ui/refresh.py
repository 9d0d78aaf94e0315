"""When and how much of the e-ink panel to refresh.

Screens always redraw their whole frame into the framebuffer (cheap); this
module finds which rows changed by keeping a CRC per 50-byte row (1.2 KB
instead of a 15 KB shadow copy) and refreshes only that band with a partial
refresh.  Turn and screen changes ask for a fast refresh, which drives
every pixel and so clears what the partials before it left behind; after
`limit` partials with no fast or full one between (the settings' "Clean
refresh every N partials": only a long turn gets there, as each turn
starts with a fast refresh) the next change gets a fast one too.  A full
refresh with the flashing waveform (3 s of a blank glass) clears the
ghosting deeper: it takes the place of the fast refresh of a screen
change once `fast_limit` fast ones came since the last full one, so it
falls between turns, never inside one.
"""
from array import array
from binascii import crc32
from compat import const
from ui.layout import W, H

ROW_BYTES = const(50)


class Refresher:
    def __init__(self, display, limit=20, fast_limit=8):
        self.d = display
        self.limit = limit
        self.fast_limit = fast_limit
        self.hashes = array("I", [0] * H)
        self.partials = 0          # since the last fast or full refresh
        self.fasts = 0             # since the last full refresh
        self.counts = {"full": 0, "fast": 0, "partial": 0}
        self.fresh = True          # nothing shown yet: first refresh is full
        self.on_refresh = None     # callback(kind) (emulator screenshots)

    def _scan(self):
        """(first, last+1) of rows whose bytes changed; updates the CRCs."""
        mv = memoryview(self.d.buf)
        h = self.hashes
        lo = -1
        hi = -1
        for y in range(H):
            c = crc32(mv[y * ROW_BYTES:(y + 1) * ROW_BYTES]) & 0xFFFFFFFF
            if c != h[y]:
                h[y] = c
                if lo < 0:
                    lo = y
                hi = y + 1
        return lo, hi

    def show(self, kind=None):
        """Put the framebuffer on the glass.  kind None: partial refresh of
        what changed (nothing if nothing did); "fast" or "full": whole
        screen.  Returns the kind done, or None."""
        lo, hi = self._scan()
        asked = kind
        if self.fresh:
            kind = "full"
            self.fresh = False
        if kind is None:
            if lo < 0:
                return None
            if self.partials >= self.limit:
                kind = "fast"      # the clean one the cadence asks for
        if asked == "fast" and self.fasts >= self.fast_limit:
            kind = "full"
        if kind == "full":
            self.d.refresh_full()
            self.partials = 0
            self.fasts = 0
        elif kind == "fast":
            self.d.refresh_fast()
            self.fasts += 1
            self.partials = 0
        else:
            kind = self.d.refresh_partial(0, lo, W, hi - lo) or "partial"
            if kind == "partial":
                self.partials += 1
            else:                  # the driver did a fast one (its RAM was lost)
                self.partials = 0
        self.counts[kind] += 1
        if self.on_refresh:
            self.on_refresh(kind)
        return kind
