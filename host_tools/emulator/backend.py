"""The emulator's hal backend: the device's hal, with a computer behind it.

    clock = Clock()                      # virtual ms; Clock(realtime=True) also waits
    hal = EmulatorHal("/tmp/save", clock=clock)
    events = hal.start()                 # [] on a cold boot
    hal.display.text("hi", 0, 0, 0); hal.display.refresh_fast()
    hal.save_png("screen.png")          # what the glass shows (not the framebuffer)
    hal.press(A, hold_ms=80)             # scripted input, from now
    hal.play("100 a\n+300 right 600")   # a script: AT|+DELTA BUTTON [HOLD]
    hal.keys = bit(UP)                   # live input (a window's keyboard)
    events = hal.run_for(500)            # poll every poll_ms while time passes

- display: the real hal.epd_ssd1683 driver talking to a simulated SSD1683
  (ssd1683_sim.SimPanel); refreshes take their real time on the clock
  (full 3 s, fast 1.2 s, partial 0.4 s; override with latency={...}).
  hal.panel.glass is the shown image (bytes, 1 = white), hal.image() a PIL
  image, hal.panel.counts the refreshes the panel performed.
- buttons: hal.press()/hal.keys feed the same hal.buttons logic as hardware.
- storage: hal.storage is hal.storage.Storage on a folder.
- clock: tests advance it (hal.clock.advance(ms) or run_for); nothing sleeps
  for real unless realtime=True.  hal.idle_hook() (if set) runs every few
  ms while a refresh blocks, so a window can keep pumping events and
  setting hal.keys; presses seen then come out of the next poll().
- deep sleep: hal.deep_sleep() raises DeepSleep; the clock jumps to the next
  scripted press; `hal = hal.reboot(exc)` boots again like the ESP32 would
  (same folder, same glass, fresh driver and button state, wake press first).
  Interactive: DeepSleep.wake_at is None when no press is scripted; wait for
  a key yourself, then `hal = hal.reboot(SleepWake(bits))`.
"""
import os
import time

from host_tools import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)
from hal.base import Hal, SleepWake, WAKE_POWER, WAKE_BUTTON
from hal.buttons import Buttons, COUNT, NAMES
from hal.epd_ssd1683 import SSD1683
from hal.storage import Storage

from host_tools.emulator.ssd1683_sim import SimPanel

BOOT_MS = 350          # ESP32 wake + MicroPython start-up before main runs


class DeepSleep(SleepWake):
    """The app powered down; .wake_at (ms or None = never) and .buttons."""

    def __init__(self, wake_at, buttons):
        super().__init__(buttons, wake_at)


class Clock:
    """Milliseconds since emulator start; advances only when told to."""

    def __init__(self, realtime=False, speed=1.0):
        self.now = 0
        self.realtime = realtime
        self.speed = speed

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        if self.realtime and ms > 0:
            time.sleep(ms / 1000.0 / self.speed)
        self.now += ms

    def advance(self, ms):
        self.now += ms


def button_id(b):
    if isinstance(b, str):
        if b.lower() not in NAMES:
            raise ValueError("no button %r (buttons: %s)" % (b, " ".join(NAMES)))
        return NAMES.index(b.lower())
    if not 0 <= b < COUNT:
        raise ValueError("no button %r" % (b,))
    return b


class EmulatorHal(Hal):
    name = "emulator"

    def __init__(self, root, clock=None, panel=None, latency=None, realtime=False,
                 buttons=None, wake=(WAKE_POWER, 0), battery_mv=3900, log=print, script=None):
        os.makedirs(root, exist_ok=True)
        self.root = root
        self.id_folder = root + "/"     # its generated device id lives with its flash
        self.clock = clock or Clock(realtime)
        self.panel = panel or SimPanel(self.clock, latency)
        self.log = log
        super().__init__(SSD1683(self.panel), Storage(root, log=log), buttons or Buttons())
        self.script = script if script is not None else []   # [start, end, bit]
        self.keys = 0
        self._wake = wake
        self.battery = battery_mv
        self.is_charging = False
        self.sleeps = 0
        self.idle_hook = None      # called while a refresh blocks (pump a window, read keys)
        self.panel.on_wait = self._refresh_wait    # buttons keep working during refreshes

    def _refresh_wait(self):
        if self.idle_hook:
            self.idle_hook()
        self.background_poll()

    # -- hal hooks
    _link = None

    def link(self):
        """The simulated radio (hal.simradio) when `emulate --link N`
        started this window: POCKET_AIR and POCKET_MAC name the air and
        this console's address."""
        if self._link is None and os.getenv("POCKET_AIR") and os.getenv("POCKET_MAC"):
            from hal.simradio import SimRadio
            self._link = SimRadio(bytes.fromhex(os.getenv("POCKET_MAC")),
                                  int(os.getenv("POCKET_AIR")))
        return self._link

    def ticks_ms(self):
        # on the simulated radio the console's clock is the radio's, as on
        # the unix port (hal.unixport)
        return self._link.ticks_ms() if self._link else self.clock.ticks_ms()

    def sleep_ms(self, ms):
        if self._link:
            self._link.sleep_ms(ms)
        else:
            self.clock.sleep_ms(ms)

    def read_buttons(self):
        now = self.clock.now
        bits = self.keys
        for start, end, m in self.script:
            if start <= now < end:
                bits |= m
        return bits

    def battery_mv(self):
        return self.battery

    def charging(self):
        return self.is_charging

    def utc_offset(self):
        """This computer's offset from UTC in minutes (History's dates are
        local time, as on a console a sync set)."""
        return time.localtime().tm_gmtoff // 60

    def serial(self):
        """No USB line here (the Sync screen says so); the device
        simulator runs the app with one (hal.unixport)."""
        return None

    def deep_sleep(self):
        """Power down until the next scripted press (raises DeepSleep)."""
        self.sleeps += 1
        now = self.clock.now
        starts = [s for s, e, m in self.script if s >= now]
        if not starts:
            raise DeepSleep(None, 0)
        t = min(starts)
        bits = 0
        for s, e, m in self.script:
            if s <= t < e:
                bits |= m
        self.clock.now = t
        raise DeepSleep(t, bits)

    # -- emulator controls
    def press(self, button, at=None, hold_ms=80):
        """Script a press of button (id or name) at `at` ms (default now)."""
        start = self.clock.now if at is None else at
        self.script.append([start, start + hold_ms, 1 << button_id(button)])
        return start + hold_ms

    def play(self, text, start=None):
        """Script presses from text, one per line: `AT BUTTON [HOLD]`.

        AT is ms after `start` (default now), or `+MS` after the previous
        press's start; BUTTON a name (up down left right a b start); HOLD ms
        (default 80).  `#` starts a comment.  Returns the last release time.
        Bad lines raise ValueError naming the line.
        """
        t = self.clock.now if start is None else start
        base = t
        end = t
        for n, line in enumerate(text.splitlines(), 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            try:
                if len(parts) not in (2, 3):
                    raise ValueError("want AT BUTTON [HOLD]")
                at = parts[0]
                t = t + int(at[1:]) if at.startswith("+") else base + int(at)
                hold = int(parts[2]) if len(parts) == 3 else 80
                if hold <= 0:
                    raise ValueError("hold must be > 0 ms")
                end = max(end, self.press(parts[1], at=t, hold_ms=hold))
            except ValueError as e:
                raise ValueError("button script line %d %r: %s" % (n, line, e))
        return end

    def run_for(self, ms):
        """Poll every poll_ms for ms; returns [(t, kind, button)]."""
        out = []
        end = self.clock.now + ms
        while self.clock.now < end:
            for kind, b in self.poll():
                out.append((self.clock.now, kind, b))
            self.clock.sleep_ms(self.poll_ms)
        return out

    def reboot(self, slept=None):
        """The board starting again after deep sleep (or a reset if slept=None)."""
        wake = (WAKE_BUTTON, slept.buttons) if slept is not None and slept.buttons else (WAKE_POWER, 0)
        self.clock.sleep_ms(BOOT_MS)
        h = EmulatorHal(self.root, clock=self.clock, panel=self.panel, wake=wake,
                        battery_mv=self.battery, log=self.log, script=self.script)
        h.keys = self.keys
        h.idle_hook = self.idle_hook
        return h

    def image(self, source="glass"):
        """PIL image of the glass (what the panel shows) or of the framebuffer
        (what has been drawn, refreshed or not)."""
        if source == "framebuffer":
            from PIL import Image
            return Image.frombytes("1", (self.display.width, self.display.height), bytes(self.display.buf))
        return self.panel.image()

    def save_png(self, path, scale=1):
        return self.panel.save_png(path, scale)
