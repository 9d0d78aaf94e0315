"""Adafruit Blinka backend: the same panel and buttons on a Linux SBC.

Pins come from hardware/pins.json (hal.board.BLINKA_*), named as Blinka's
`board` module names them.  Linux has no deep sleep: deep_sleep() waits,
polling slowly, until a button goes high and raises SleepWake; the caller
restarts the app with hal.reboot(exc) as the ESP32 would after a wake.
Runs on CPython only (Blinka); imported only on such a machine.
"""
import os
import time

from hal import board as pinmap
from hal.base import Hal, SleepWake, WAKE_BUTTON, WAKE_POWER
from hal.buttons import Buttons
from hal.epd_ssd1683 import SSD1683
from hal.spibus import SpiBus
from hal.storage import Storage

SLEEP_POLL_MS = 50
SPI_CHUNK = 4096       # Linux spidev's default bufsiz: larger writes fail


class BlinkaHal(Hal):
    name = "blinka"

    def __init__(self, root="data", resolve=None, digitalio=None, busio=None, log=print, buttons=None):
        """resolve(name) -> Blinka pin (default getattr(board, name));
        digitalio/busio default to Blinka's modules (tests pass recorders)."""
        if digitalio is None:
            import digitalio
        if busio is None:
            import busio
        if resolve is None:
            import board

            def resolve(name):
                return getattr(board, name)
        self._dio = digitalio
        self._t0 = time.monotonic()
        self.spi = busio.SPI(resolve(pinmap.BLINKA_SCK), MOSI=resolve(pinmap.BLINKA_MOSI))
        while not self.spi.try_lock():
            time.sleep(0.001)
        self.spi.configure(baudrate=pinmap.BLINKA_SPI_BAUD, polarity=0, phase=0)
        cs, dc, rst, busy = pinmap.BLINKA_EPD
        self._cs = self._out(resolve(cs), True)
        self._dc = self._out(resolve(dc), False)
        self._rst = self._out(resolve(rst), True)
        self._busy = self._in(resolve(busy), None)
        self._pins = [self._in(resolve(n), digitalio.Pull.DOWN) for n in pinmap.BLINKA_BUTTONS]
        bus = SpiBus(self._spi_write, self._setter(self._cs), self._setter(self._dc),
                     self._setter(self._rst), lambda: self._busy.value, self._busy_sleep, self.ticks_ms)
        os.makedirs(root, exist_ok=True)
        self._log = log
        super().__init__(SSD1683(bus), Storage(root, log=log), buttons)

    def _spi_write(self, buf):
        mv = memoryview(buf)
        for i in range(0, len(mv), SPI_CHUNK):
            self.spi.write(mv[i:i + SPI_CHUNK])

    def _out(self, pin, value):
        p = self._dio.DigitalInOut(pin)
        p.switch_to_output(value=value)
        return p

    def _in(self, pin, pull):
        p = self._dio.DigitalInOut(pin)
        p.switch_to_input(pull=pull)
        return p

    @staticmethod
    def _setter(p):
        def set_level(v):
            p.value = bool(v)
        return set_level

    def _busy_sleep(self, ms):
        self.sleep_ms(ms)
        self.background_poll()

    def read_buttons(self):
        bits = 0
        for i, p in enumerate(self._pins):
            if p.value:
                bits |= 1 << i
        return bits

    def ticks_ms(self):
        return int((time.monotonic() - self._t0) * 1000)

    def sleep_ms(self, ms):
        time.sleep(ms / 1000.0)

    def deep_sleep(self, max_ms=None):
        """Wait for a button (or max_ms), then raise SleepWake."""
        t0 = self.ticks_ms()
        while self.read_buttons():          # let go of the button that slept it
            self.sleep_ms(SLEEP_POLL_MS)
        while True:
            bits = self.read_buttons()
            if bits:
                raise SleepWake(bits, self.ticks_ms())
            if max_ms is not None and self.ticks_ms() - t0 >= max_ms:
                raise SleepWake(0, self.ticks_ms())
            self.sleep_ms(SLEEP_POLL_MS)

    def reboot(self, slept=None):
        """Start over as after a wake: fresh button logic, display re-inits."""
        self._wake = (WAKE_BUTTON, slept.buttons) if slept is not None and slept.buttons else (WAKE_POWER, 0)
        self.buttons = Buttons()
        self._pending = []
        self.display.sleep()        # marks the driver for a fresh init
        return self
