"""Web backend: the app in a browser, on MicroPython WebAssembly.

The page's Web Worker (web/worker.js) runs MicroPython, puts the firmware
and the saved files into the in-memory filesystem, and steps the app from
JavaScript in small slices (web/webmain.py); this module is only the
hardware the app sees there:

    hal = WebHal("/data", show=fn)   # fn(kind, y0, y1, frame_base64)
    hal.keys = bits                  # the page's buttons, set before each step
    hal.display                      # the real SSD1683 driver; WebPanel is its
                                     # bus, the page's canvas is the glass

- display: hal.epd_ssd1683.SSD1683 talking to WebPanel, which reads the
  command stream only as far as it needs (RAM window rows, which update
  sequence) and, at each update, hands the page the framebuffer with the
  kind ("full", "fast", "partial") and the changed rows.  BUSY is never high:
  the page plays the refresh's timing and flashing itself, so Python never
  blocks on the panel.  The frame leaves at once, even in the middle of a
  long step (an AI thinking shows its banner while it thinks).
- buttons: `keys`, the bitmask the page holds down (the page holds a tap
  80 ms and the worker for 3 steps, so the debounce sees it); the usual
  hal.buttons logic.
- storage: hal.storage.Storage on a folder of the worker's filesystem; the
  worker writes every changed file through to the browser's storage and
  restores them before the next boot.
- clock: compat.ticks_ms (real time).  sleep_ms is a real wait, but the
  worker's loop never calls it: it returns to JavaScript between steps.
- score sync: no USB serial line (serial() is None, the Sync screen says
  so); the generated device id is kept with the saves.
- link: the other tabs of this browser (hal.weblink over the worker's
  BroadcastChannel, `air`), each tab a console; its address comes from
  the console's stored id.
- deep sleep: raises SleepWake; the worker waits for a key and starts the
  app again with `hal = hal.reboot(SleepWake(bits))`, as after a wake.
"""
import time

from compat import ticks_ms
from hal.base import Hal, SleepWake, WAKE_BUTTON, WAKE_POWER
from hal.buttons import Buttons
from hal.epd_ssd1683 import SSD1683, SEQ_FULL, SEQ_FAST, SEQ_PARTIAL, HEIGHT
from hal.storage import Storage
from binascii import b2a_base64

_UPDATE_CTRL2 = 0x22
_MASTER_ACTIVATE = 0x20
_RAM_Y = 0x45
_KINDS = {SEQ_FULL: "full", SEQ_FAST: "fast", SEQ_PARTIAL: "partial"}


class WebPanel:
    """The display bus (see hal.epd_ssd1683): the page is the panel.

    show(kind, y0, y1, frame) is called at each display update with the
    whole framebuffer as base64 text (the rows y0..y1-1 are the ones the
    driver sent; outside them nothing changed)."""

    def __init__(self, show):
        self.show = show
        self.fb = None          # the driver's buffer, set by WebHal
        self._cmd = None
        self._seq = 0
        self._y0 = 0
        self._y1 = HEIGHT

    def command(self, c):
        self._cmd = c
        if c == _MASTER_ACTIVATE:
            kind = _KINDS.get(self._seq)
            if kind is not None:
                self.show(kind, self._y0, self._y1,
                          b2a_base64(self.fb).decode().replace("\n", ""))

    def data(self, buf):
        c = self._cmd
        if c == _UPDATE_CTRL2:
            self._seq = buf[0]
        elif c == _RAM_Y:
            self._y0 = buf[0] | buf[1] << 8
            self._y1 = (buf[2] | buf[3] << 8) + 1

    def reset(self):
        pass

    def busy(self):
        return False

    def sleep_ms(self, ms):
        pass

    def ticks_ms(self):
        return ticks_ms()


class WebHal(Hal):
    name = "web"

    def __init__(self, root, show, wake=(WAKE_POWER, 0), log=print, air=None):
        self.root = root
        self._air = air
        self._link = None
        self.id_folder = root + "/"      # hal.devid's generated id, kept with the saves
        self.keys = 0
        self._wake = wake
        self._show = show
        self._log = log
        panel = WebPanel(show)
        display = SSD1683(panel)
        panel.fb = display.buf
        super().__init__(display, Storage(root, log=log), Buttons())

    def read_buttons(self):
        return self.keys

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def serial(self):
        return None

    def link(self):
        if self._link is None and self._air is not None:
            from hal.parts import device_id
            from hal.weblink import WebLink, address
            self._link = WebLink(address(device_id(self)), self._air)
        return self._link

    def utc_offset(self):
        """The browser's offset from UTC in minutes (the dates History
        shows are the player's local time)."""
        try:
            import js
            return -int(js.Date.new().getTimezoneOffset())
        except Exception:           # noqa: not in a browser or node: UTC
            return 0

    def deep_sleep(self):
        raise SleepWake(0)

    def reboot(self, slept=None):
        """A fresh hal as after a wake (slept.buttons) or a power-on."""
        wake = (WAKE_BUTTON, slept.buttons) if slept is not None and slept.buttons else (WAKE_POWER, 0)
        h = WebHal(self.root, self._show, wake=wake, log=self._log, air=self._air)
        h.keys = self.keys
        return h
