"""ESP32 backend: the reference build (hardware/pins.json via hal.board).

SSD1683 on hardware SPI, 7 active-high buttons with pull-downs, battery
divider on an ADC1 pin, deep sleep woken by any released button (ext1
ANY_HIGH).  Construct it first thing in main.py: the wake status is read in
__init__, before a short wake press is released and forgotten.

Power (hardware/power.md): between button polls and while the panel
refreshes, the chip waits in light sleep (machine.lightsleep) with the
buttons armed as ext1 wake sources, so a press ends the wait at once and
the UI reacts within one poll period as when awake.  Light sleep is skipped
while a button is down or settling (it would wake at once, and debounce,
repeat and long press need the samples), and when B is held at power-on
(for the REPL: a light-sleeping UART loses bytes).  After each light
sleep the button pins are set up again (ESP-IDF leaves them RTC pads).  In deep sleep the panel's RST, CS
and DC lines (not RTC pins: they would float) are held.
"""
import os
from time import sleep_ms, ticks_diff, ticks_ms

import esp32
import machine
from machine import ADC, Pin, SPI

from hal import board
from hal.base import CPU_HZ, Hal, WAKE_BUTTON, WAKE_POWER
from hal.buttons import ALL, B
from hal.epd_ssd1683 import SSD1683
from hal.esp32_rtc import EXT1_STATUS_MASK, EXT1_STATUS_REG, INPUT_ONLY, buttons_from_ext1
from hal.spibus import SpiBus
from hal.storage import Storage

ADC_SAMPLES = 8
RELEASE_WAIT_MS = 3000
# every button held at sleep time (a full bag): nothing can be armed, so wake
# on this timer, look again and sleep on (hal never boots the app for it)
REARM_MS = 600000
REARM_MARK = b"rearm"
WAKE_TIMER = "timer"      # wake_reason() after that timer (the other reasons: hal.base)
LIGHT_SLEEP_MIN_MS = 2    # shorter waits are not worth the sleep entry/exit


def _pull(gpio):
    """Internal pull-downs where the pad has them (the board's 100k do the rest)."""
    return None if gpio in INPUT_ONLY else Pin.PULL_DOWN


class Esp32Hal(Hal):
    name = "esp32"
    battery_ratio = board.BATTERY_RATIO

    def __init__(self, root="/data", buttons=None, log=print, light_sleep=True):
        self._pins = [Pin(n, Pin.IN, _pull(n)) for n in board.BUTTON_PINS]
        self.light_sleep = light_sleep
        self.release_wait_ms = RELEASE_WAIT_MS
        self._armed = None        # ext1 wake mask last handed to esp32 (bits)
        self._wake = self._read_wake()
        if self._wake[0] == WAKE_TIMER and self._take_rearm_mark():
            self.deep_sleep()     # a held-button timer wake: look again, sleep on
        machine.freq(CPU_HZ)      # the port boots at 160 MHz (hal.base.CPU_HZ says why)
        if self._wake[0] == WAKE_POWER and self.read_buttons() & (1 << B):
            # B held at power-on/reset: stay awake (a light-sleeping UART
            # drops the REPL's Ctrl-C; mpremote and sync need it)
            self.light_sleep = False
        # no miso: the bus is write-only (GPIO19, the default MISO, stays free)
        spi = SPI(board.SPI_ID, baudrate=board.SPI_BAUD, polarity=0, phase=0,
                  sck=Pin(board.SCK), mosi=Pin(board.MOSI))
        # hold=False releases the deep-sleep hold of these lines (the esp32
        # port's Pin takes hold=, ports/esp32/machine_pin.c; its stubs lack it)
        cs = Pin(board.EPD_CS, Pin.OUT, value=1, hold=False)  # type: ignore[call-arg]
        dc = Pin(board.EPD_DC, Pin.OUT, value=0, hold=False)  # type: ignore[call-arg]
        rst = Pin(board.EPD_RST, Pin.OUT, value=1, hold=False)  # type: ignore[call-arg]
        self._held_outputs = (cs, dc, rst)
        busy = Pin(board.EPD_BUSY, Pin.IN)
        bus = SpiBus(spi.write, cs.value, dc.value, rst.value, busy.value,
                     self._busy_sleep, ticks_ms)
        self._adc = ADC(Pin(board.BATTERY_ADC))
        self._adc.atten(ADC.ATTN_11DB)
        self._chg = None if board.CHARGE_PIN is None else Pin(board.CHARGE_PIN, Pin.IN)
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

    def _take_rearm_mark(self):
        rtc = machine.RTC()
        if rtc.memory() != REARM_MARK:
            return False
        rtc.memory(b"")
        return True

    def _arm(self, bits):
        """Make the buttons in bits (hal.buttons order) the ext1 wake sources."""
        if bits != self._armed:
            esp32.wake_on_ext1(tuple(p for i, p in enumerate(self._pins) if bits & (1 << i)),
                               esp32.WAKEUP_ANY_HIGH)
            self._armed = bits

    def _nap(self, ms):
        """Wait ms; in light sleep, ended early by any button, when no
        button is down or settling (else awake: see the module doc)."""
        if self.light_sleep and ms >= LIGHT_SLEEP_MIN_MS and not self.input_pending():
            self._arm(ALL)
            machine.lightsleep(ms)
            self._pins_back()
        else:
            sleep_ms(ms)

    def _pins_back(self):
        """ESP-IDF makes the ext1 pins RTC pads at every sleep entry and they
        read 0 after the wake (MicroPython #3835): a mode-setting init gives
        each button pad back to the GPIO matrix with its pull."""
        for p, n in zip(self._pins, board.BUTTON_PINS):
            p.init(Pin.IN, _pull(n))

    def _busy_sleep(self, ms):
        # the driver polls BUSY every few ms; sleeping lightly, one button
        # poll period per look is enough (a press still ends it at once)
        self._nap(self.poll_ms if self.light_sleep else ms)
        self.background_poll()

    def read_buttons(self):
        bits = 0
        for i, p in enumerate(self._pins):
            if p.value():
                bits |= 1 << i
        return bits

    def sleep_ms(self, ms):
        self._nap(ms)

    def battery_pin_uv(self):
        total = 0
        for _ in range(ADC_SAMPLES):
            total += self._adc.read_uv()
        return total // ADC_SAMPLES


    def charging(self):
        return self._chg is not None and self._chg.value() == board.CHARGE_ACTIVE

    def device_id(self):
        """machine.unique_id() in hex (hal.devid.board_id)."""
        from hal.devid import board_id
        return board_id()

    def set_board_clock(self, at):
        """The RTC, which keeps time through light and deep sleep (not a
        power cut: it starts again at 2000, which hal.time() reads as unset)."""
        from hal.clock import EPOCH_2000
        import time
        t = time.gmtime(at - (EPOCH_2000 if time.gmtime(0)[0] == 2000 else 0))
        machine.RTC().datetime((t[0], t[1], t[2], t[6], t[3], t[4], t[5], 0))

    _link = None

    def link(self):
        """The radio (hal.espnowlink), started at the first call, not at
        boot: Wi-Fi up takes most of the heap's room to grow
        (docs/developer.md, Memory: radio-off and radio-on)."""
        if self._link is None:
            from hal.espnowlink import EspNowLink
            self._link = EspNowLink()
        return self._link

    def deep_sleep(self, ms=0):
        """Sleep until a released button goes high (or ms pass); never returns.

        A button still held after release_wait_ms (pressed in a bag) is left
        out of the wake mask, or it would wake the board at once, again and
        again; with every button held the board wakes every REARM_MS to look
        again.  The panel's RST/CS/DC lines are held at their idle levels."""
        t0 = ticks_ms()
        while self.read_buttons() and ticks_diff(ticks_ms(), t0) < self.release_wait_ms:
            sleep_ms(20)
        free = ~self.read_buttons() & ALL
        if free:
            self._arm(free)
        else:
            machine.RTC().memory(REARM_MARK)
            ms = REARM_MS if not ms else min(ms, REARM_MS)
        for p in getattr(self, "_held_outputs", ()):
            p.init(hold=True)
        # in ports/esp32/modesp32.c since v1.20; not in its stubs
        esp32.gpio_deep_sleep_hold(True)  # type: ignore[attr-defined]
        if ms:
            machine.deepsleep(ms)
        machine.deepsleep()
