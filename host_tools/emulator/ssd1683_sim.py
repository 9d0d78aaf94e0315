"""A simulated SSD1683 controller + glass, behind the e-paper bus interface.

The emulator runs the real driver (hal.epd_ssd1683) against this instead of
SPI: it interprets the command stream the way the datasheet describes (RAM
window and cursor, the two image RAMs, display update control, deep sleep),
keeps BUSY high for the refresh's duration on the emulator's clock, and
shows on the "glass" what a panel would show.  Display mode 2 (partial) only
drives pixels whose new RAM differs from the old RAM, so a driver that
forgets to keep the old RAM in step leaves visible stale pixels here too.
Protocol errors (commands while busy or asleep, unknown entry modes,
writes outside the window) raise SimError naming the problem.
"""
W = 400
H = 300
ROW = W // 8

# refresh durations (ms) imitated with BUSY; fast/partial from the issue,
# full as measured on Waveshare's 4.2" V2 (about 3-4 s with the flashing LUT)
LATENCY_MS = {"full": 3000, "fast": 1200, "partial": 400, "lut": 30, "reset": 10}


class SimError(Exception):
    pass


class SimPanel:
    def __init__(self, clock, latency=None):
        self.clock = clock                  # object with ticks_ms(), sleep_ms(ms)
        self.latency = dict(LATENCY_MS, **(latency or {}))
        self.glass = bytearray(b"\xff" * (ROW * H))   # white
        self.ram_bw = bytearray(ROW * H)
        self.ram_red = bytearray(ROW * H)
        self.counts = {"full": 0, "fast": 0, "partial": 0}
        self.commands = 0
        self.data_bytes = 0
        self.asleep = False
        self.busy_until = 0
        self._cmd = None
        self._args = bytearray()
        self._regs_reset()
        self.last_update = None             # (kind, ms)
        self.on_wait = None                 # called after each busy-wait sleep

    def _regs_reset(self):
        self.entry = 3
        self.ctrl1 = bytes([0x00, 0x00])
        self.seq = 0xFF
        self.temp = None
        self.lut_fast = False
        self.xs, self.xe, self.ys, self.ye = 0, ROW - 1, 0, H - 1
        self.xc, self.yc = 0, 0

    # -- bus interface used by the driver
    def ticks_ms(self):
        return self.clock.ticks_ms()

    def sleep_ms(self, ms):
        self.clock.sleep_ms(ms)
        if self.on_wait:
            self.on_wait()

    def busy(self):
        return self.clock.ticks_ms() < self.busy_until

    def reset(self):
        self._finish()
        self.asleep = False
        self._regs_reset()
        self.busy_until = self.clock.ticks_ms() + self.latency["reset"]

    def command(self, c):
        self._check()
        self._finish()
        if self.asleep:
            raise SimError("command 0x%02X while the panel is in deep sleep (reset first)" % c)
        self.commands += 1
        self._cmd = c
        self._args = bytearray()
        if c == 0x12:
            self._regs_reset()
            self.busy_until = self.clock.ticks_ms() + self.latency["reset"]
        elif c == 0x20:
            self._activate()

    def data(self, buf):
        self._check()
        if self._cmd is None:
            raise SimError("data without a command")
        self.data_bytes += len(buf)
        if self._cmd in (0x24, 0x26):
            self._write_ram(self.ram_bw if self._cmd == 0x24 else self.ram_red, buf)
        else:
            self._args.extend(buf)
            if self._cmd == 0x10:           # takes effect at once
                self._finish()

    # -- internals
    def _check(self):
        if self.busy():
            raise SimError("bus write while BUSY is high")

    def _finish(self):
        """Apply the argument bytes of the previous command."""
        c, a = self._cmd, self._args
        self._cmd = None
        if c is None:
            return
        if c == 0x11:
            if a[:1] != b"\x03":
                raise SimError("data entry mode %r not simulated (only 0x03)" % bytes(a))
            self.entry = 3
        elif c == 0x44:
            self.xs, self.xe = a[0], a[1]
            if self.xe >= ROW or self.xs > self.xe:
                raise SimError("bad RAM x window %d..%d" % (self.xs, self.xe))
        elif c == 0x45:
            self.ys, self.ye = a[0] | a[1] << 8, a[2] | a[3] << 8
            if self.ye >= H or self.ys > self.ye:
                raise SimError("bad RAM y window %d..%d" % (self.ys, self.ye))
        elif c == 0x4E:
            self.xc = a[0]
        elif c == 0x4F:
            self.yc = a[0] | a[1] << 8
        elif c == 0x21:
            self.ctrl1 = bytes(a[:2])
        elif c == 0x22:
            self.seq = a[0]
        elif c == 0x1A:
            self.temp = a[0]
        elif c == 0x10:
            if a[:1] in (b"\x01", b"\x03"):
                self.asleep = True

    def _write_ram(self, ram, buf):
        for b in bytes(buf):
            if not (self.xs <= self.xc <= self.xe and self.ys <= self.yc <= self.ye):
                raise SimError("RAM write at byte %d row %d, outside window" % (self.xc, self.yc))
            ram[self.yc * ROW + self.xc] = b
            self.xc += 1
            if self.xc > self.xe:
                self.xc = self.xs
                self.yc += 1
                if self.yc > self.ye:
                    self.yc = self.ys

    def _activate(self):
        seq = self.seq
        now = self.clock.ticks_ms()
        if seq == 0x91:                     # load LUT for the written temperature
            self.lut_fast = self.temp is not None and self.temp >= 0x50
            self.busy_until = now + self.latency["lut"]
            return
        if seq & 0x10:                      # LUT from the temperature sensor
            self.lut_fast = False
        if not seq & 0x04:                  # no display step: power on/off only
            self.busy_until = now + self.latency["lut"]
            return
        if seq & 0x08:                      # display mode 2: differential
            kind = "partial"
            if self.ctrl1[0] & 0x40:
                raise SimError("partial update with the old RAM bypassed (0x21 must be 00)")
            g, bw, red = self.glass, self.ram_bw, self.ram_red
            for i in range(len(g)):
                diff = bw[i] ^ red[i]
                if diff:
                    g[i] = (g[i] & ~diff & 0xFF) | (bw[i] & diff)
        else:
            kind = "fast" if self.lut_fast else "full"
            self.glass[:] = self.ram_bw
        self.counts[kind] += 1
        self.last_update = (kind, self.latency[kind])
        self.busy_until = now + self.latency[kind]

    # -- views
    def image(self):
        """The glass as a PIL image (mode "1": the RAM's own bit layout)."""
        from PIL import Image
        return Image.frombytes("1", (W, H), bytes(self.glass))

    def save_png(self, path, scale=1):
        img = self.image()
        if scale != 1:
            img = img.resize((W * scale, H * scale))
        img.save(path)
        return path
