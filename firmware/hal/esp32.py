"""ESP32 backend: the reference build (hardware/pins.json via hal.board).

SSD1683 on hardware SPI, 7 active-high buttons with pull-downs, battery
divider on an ADC1 pin, deep sleep woken by any button (ext1 ANY_HIGH).
Construct it first thing in main.py: the wake status is read in __init__,
before a short wake press is released and forgotten.
"""
import os
from time import sleep_ms, ticks_diff, ticks_ms

import esp32
import machine
from machine import ADC, Pin, SPI

from hal import board
from hal.base import Hal, WAKE_BUTTON, WAKE_POWER, WAKE_TIMER
from hal.epd_ssd1683 import SSD1683
from hal.esp32_rtc import EXT1_STATUS_MASK, EXT1_STATUS_REG, INPUT_ONLY, buttons_from_ext1
from hal.spibus import SpiBus
from hal.storage import Storage

ADC_SAMPLES = 8
RELEASE_WAIT_MS = 3000


class Esp32Hal(Hal):
    name = "esp32"

    def __init__(self, root="/data", buttons=None, log=print):
        self._pins = [Pin(n, Pin.IN, None if n in INPUT_ONLY else Pin.PULL_DOWN)
                      for n in board.BUTTON_PINS]
        self._wake = self._read_wake()
        # no miso: the bus is write-only (GPIO19, the default MISO, stays free)
        spi = SPI(board.SPI_ID, baudrate=board.SPI_BAUD, polarity=0, phase=0,
                  sck=Pin(board.SCK), mosi=Pin(board.MOSI))
        cs = Pin(board.EPD_CS, Pin.OUT, value=1)
        dc = Pin(board.EPD_DC, Pin.OUT, value=0)
        rst = Pin(board.EPD_RST, Pin.OUT, value=1)
        busy = Pin(board.EPD_BUSY, Pin.IN)
        bus = SpiBus(spi.write, cs.value, dc.value, rst.value, busy.value,
                     self._busy_sleep, ticks_ms)
        self._adc = ADC(Pin(board.BATTERY_ADC))
        self._adc.atten(ADC.ATTN_11DB)
        self._chg = Pin(board.CHARGE_PIN, Pin.IN)
        try:
            os.mkdir(root)
        except OSError:
            pass
        super().__init__(SSD1683(bus), Storage(root, log=log), buttons)

    def _read_wake(self):
        if machine.reset_cause() != machine.DEEPSLEEP_RESET:
            return (WAKE_POWER, 0)
        why = machine.wake_reason()
        if why == machine.EXT1_WAKE:
            status = machine.mem32[EXT1_STATUS_REG] & EXT1_STATUS_MASK
            bits = buttons_from_ext1(status, board.BUTTON_PINS) or self.read_buttons()
            return (WAKE_BUTTON, bits)
        if why == machine.TIMER_WAKE:
            return (WAKE_TIMER, 0)
        return (WAKE_POWER, 0)

    def _busy_sleep(self, ms):
        sleep_ms(ms)
        self.background_poll()

    def read_buttons(self):
        bits = 0
        for i, p in enumerate(self._pins):
            if p.value():
                bits |= 1 << i
        return bits

    def ticks_ms(self):
        return ticks_ms()

    def sleep_ms(self, ms):
        sleep_ms(ms)

    def wake_reason(self):
        return self._wake[0]

    def wake_buttons(self):
        return self._wake[1]

    def battery_mv(self):
        total = 0
        for _ in range(ADC_SAMPLES):
            total += self._adc.read_uv()
        return int(total * board.BATTERY_RATIO) // (ADC_SAMPLES * 1000)

    def charging(self):
        return self._chg.value() == board.CHARGE_ACTIVE

    def deep_sleep(self, ms=0):
        """Sleep until any button goes high (or ms pass); never returns."""
        t0 = ticks_ms()
        # a held button would wake the board at once: wait for release
        while self.read_buttons() and ticks_diff(ticks_ms(), t0) < RELEASE_WAIT_MS:
            sleep_ms(20)
        esp32.wake_on_ext1(pins=tuple(self._pins), level=esp32.WAKEUP_ANY_HIGH)
        if ms:
            machine.deepsleep(ms)
        machine.deepsleep()
