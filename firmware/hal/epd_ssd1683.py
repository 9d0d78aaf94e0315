"""SSD1683 e-paper driver (Waveshare 4.2" V2, 400x300 b/w) as a FrameBuffer.

Drawing code draws on the driver like on any framebuf (MONO_HLSB, 50 bytes a
row, bit 7 = leftmost pixel) and then asks for a refresh; only this module
talks to the controller, and only through a bus object (hal.spibus.SpiBus on
hardware, a recorder in tests, a simulated controller in the emulator):

    bus.command(byte)    DC low, one byte
    bus.data(buf)        DC high, the bytes of buf
    bus.reset()          pulse the RST line (with the settle delays)
    bus.busy() -> bool   True while the controller's BUSY pin is high
    bus.sleep_ms(ms), bus.ticks_ms() -> int   time for the busy timeout

Text is drawn in the screen's own font (hal.font: 1, l, i and I differ at
a glance), not framebuf's built-in one.  Colours are the controller's own:
a set bit is white, so the framebuffer is sent unchanged (no 15 KB
inverted copy on a 110 KB heap).  Sequences follow
Waveshare's epd4in2_V2 reference driver and the SSD1683 datasheet; the test
(tests/hal_mp/test_hal_epd.py) spells them out command by command.
"""
from compat import const, ticks_diff
from hal.fb import framebuf
from hal import font

WIDTH = const(400)
HEIGHT = const(300)
ROW_BYTES = const(50)
WHITE = const(1)
BLACK = const(0)

# controller commands (SSD1683 datasheet command table)
_DEEP_SLEEP = const(0x10)
_ENTRY_MODE = const(0x11)
_SW_RESET = const(0x12)
_TEMP_WRITE = const(0x1A)
_MASTER_ACTIVATE = const(0x20)
_UPDATE_CTRL1 = const(0x21)
_UPDATE_CTRL2 = const(0x22)
_WRITE_BW = const(0x24)
_WRITE_RED = const(0x26)
_BORDER = const(0x3C)
_RAM_X = const(0x44)
_RAM_Y = const(0x45)
_CURSOR_X = const(0x4E)
_CURSOR_Y = const(0x4F)

# 0x22 display update sequences (bits: clock, analog, temp, LUT, mode 2, ...)
SEQ_FULL = const(0xF7)     # load temperature + LUT, display mode 1
SEQ_FAST = const(0xC7)     # display mode 1 with the LUT already loaded
_SEQ_LOAD_FAST_LUT = const(0x91)  # load LUT for the temperature written by 0x1A
SEQ_PARTIAL = const(0xFF)  # display mode 2: differential against the 0x26 RAM
_FAST_TEMP = const(0x5A)    # Waveshare's "1 s" fast mode temperature value

_TIMEOUT_RESET = const(1000)
_TIMEOUT_FULL = const(6000)
_TIMEOUT_FAST = const(3000)
_TIMEOUT_PARTIAL = const(2000)
_POLL_MS = const(5)


class EPDTimeout(Exception):
    """BUSY stayed high: the panel is unpowered, unwired, stuck, or a V1
    module (UC8176, whose BUSY is active-low: idle reads as busy here)."""


class SSD1683(framebuf.FrameBuffer):
    """The panel: a 400x300 MONO_HLSB framebuffer plus refresh operations."""

    def __init__(self, bus, buf=None):
        if buf is None:
            buf = bytearray(ROW_BYTES * HEIGHT)
        super().__init__(buf, WIDTH, HEIGHT, framebuf.MONO_HLSB)
        self.buf = buf
        self.bus = bus
        self.width = WIDTH
        self.height = HEIGHT
        self.counts = {"full": 0, "fast": 0, "partial": 0}
        self.partials_since_clean = 0   # for a ghosting policy: full/fast resets it
        self.busy_ms = 0          # total time spent waiting on BUSY
        self.last_busy_ms = 0
        self._ready = False       # controller initialised since reset/sleep
        self._synced = False      # both RAMs hold what the glass shows

    def text(self, s, x, y, c=1):
        """framebuf's text(), in the screen's own font (hal.font)."""
        font.text(self, s, x, y, c)

    # -- low level
    def _cmd(self, c, *data):
        self.bus.command(c)
        if data:
            self.bus.data(bytes(data))

    def wait_idle(self, timeout_ms, what="refresh"):
        """Poll BUSY until low; raise EPDTimeout naming the step after timeout_ms."""
        bus = self.bus
        t0 = bus.ticks_ms()
        while bus.busy():
            waited = ticks_diff(bus.ticks_ms(), t0)
            if waited > timeout_ms:
                raise EPDTimeout("SSD1683: BUSY still high after %d ms during %s"
                                 " (check BUSY/RST wiring and panel power; a V1 panel,"
                                 " UC8176 with BUSY active-low, also stops here: the"
                                 " module must be V2 / Rev 2.2)" % (waited, what))
            bus.sleep_ms(_POLL_MS)
        dt = ticks_diff(bus.ticks_ms(), t0)
        self.last_busy_ms = dt
        self.busy_ms += dt

    def _window(self, x0, y0, x1, y1):
        """RAM window and cursor; x in pixels (byte-aligned), inclusive ends."""
        self._cmd(_RAM_X, x0 >> 3, x1 >> 3)
        self._cmd(_RAM_Y, y0 & 0xFF, y0 >> 8, y1 & 0xFF, y1 >> 8)
        self._cmd(_CURSOR_X, x0 >> 3)
        self._cmd(_CURSOR_Y, y0 & 0xFF, y0 >> 8)

    def _send_rows(self, ram, xb0, xb1, y0, y1):
        """Write bytes xb0..xb1-1 of rows y0..y1-1 to one RAM; nothing else."""
        self.bus.command(ram)
        mv = memoryview(self.buf)
        if xb0 == 0 and xb1 == ROW_BYTES:
            self.bus.data(mv[y0 * ROW_BYTES:y1 * ROW_BYTES])
            return
        for y in range(y0, y1):
            base = y * ROW_BYTES
            self.bus.data(mv[base + xb0:base + xb1])

    def _update(self, seq, timeout, what):
        self._cmd(_UPDATE_CTRL2, seq)
        self.bus.command(_MASTER_ACTIVATE)
        self.wait_idle(timeout, what)

    # -- public operations
    def init(self):
        """Hardware + software reset, then the power-on register setup."""
        self.bus.reset()
        self.wait_idle(_TIMEOUT_RESET, "reset")
        self.bus.command(_SW_RESET)
        self.wait_idle(_TIMEOUT_RESET, "software reset")
        self._cmd(_UPDATE_CTRL1, 0x40, 0x00)   # display mode 1 ignores the RED RAM
        self._cmd(_BORDER, 0x05)                # border follows the LUT (white)
        self._cmd(_ENTRY_MODE, 0x03)            # x then y increment
        self._window(0, 0, WIDTH - 1, HEIGHT - 1)
        self.wait_idle(_TIMEOUT_RESET, "init")
        self._ready = True
        self._synced = False

    def _mode1_setup(self):
        if not self._ready:
            self.init()
        self._synced = False      # until this refresh completes
        self._cmd(_UPDATE_CTRL1, 0x40, 0x00)
        self._cmd(_BORDER, 0x05)

    def refresh_full(self):
        """Slow full refresh with the flashing waveform: clears ghosting."""
        self._mode1_setup()
        self._whole_screen(SEQ_FULL, _TIMEOUT_FULL, "full", "full refresh")

    def refresh_fast(self):
        """Whole-screen refresh with the fast LUT (~1.2 s, little flashing)."""
        self._mode1_setup()
        self._cmd(_TEMP_WRITE, _FAST_TEMP)
        self._update(_SEQ_LOAD_FAST_LUT, _TIMEOUT_FAST, "fast LUT load")
        self._whole_screen(SEQ_FAST, _TIMEOUT_FAST, "fast", "fast refresh")

    def _whole_screen(self, seq, timeout, kind, what):
        """Send the whole image to both RAMs and run update `seq`: the panel
        then matches the buffer everywhere (no partials since a clean)."""
        self._window(0, 0, WIDTH - 1, HEIGHT - 1)
        self._send_rows(_WRITE_BW, 0, ROW_BYTES, 0, HEIGHT)
        self._send_rows(_WRITE_RED, 0, ROW_BYTES, 0, HEIGHT)
        self._update(seq, timeout, what)
        self.counts[kind] += 1
        self.partials_since_clean = 0
        self._synced = True

    def refresh_partial(self, x, y, w, h):
        """Refresh only the window (x rounded out to whole bytes, clipped).

        Sends the window's bytes to the new-image RAM, runs the differential
        waveform, then copies the same bytes to the old-image RAM so the next
        partial compares against what is now on the glass.  If the panel was
        reset or slept since the last full/fast refresh, its RAM no longer
        matches the glass and a fast refresh is done instead.
        Returns the refresh kind used ("partial" or "fast").
        """
        x0 = max(0, x) & ~7
        y0 = max(0, y)
        x1 = min(WIDTH, x + w)
        y1 = min(HEIGHT, y + h)
        if w <= 0 or h <= 0 or x1 <= x0 or y1 <= y0:
            raise ValueError("empty partial window %r" % ((x, y, w, h),))
        if not (self._ready and self._synced):
            self.refresh_fast()
            return "fast"
        xb0 = x0 >> 3
        xb1 = (x1 + 7) >> 3
        self._synced = False      # a timeout below leaves the glass unknown
        self._cmd(_BORDER, 0x80)                # border: keep (VCOM)
        self._cmd(_UPDATE_CTRL1, 0x00, 0x00)   # mode 2 compares with RED RAM
        self._window(x0, y0, (xb1 << 3) - 1, y1 - 1)
        self._send_rows(_WRITE_BW, xb0, xb1, y0, y1)
        self._update(SEQ_PARTIAL, _TIMEOUT_PARTIAL, "partial refresh")
        self._window(x0, y0, (xb1 << 3) - 1, y1 - 1)
        self._send_rows(_WRITE_RED, xb0, xb1, y0, y1)
        self.counts["partial"] += 1
        self.partials_since_clean += 1
        self._synced = True
        return "partial"

    def sleep(self):
        """Panel deep sleep (keeps RAM; the next refresh re-inits first)."""
        if self._ready:
            self._cmd(_DEEP_SLEEP, 0x01)
        self._ready = False
        self._synced = False
