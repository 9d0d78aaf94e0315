"""The hardware interface the app sees: display, buttons, storage, clock, power.

A backend (hal.esp32, hal.blinka, hal.unixport, hal.web,
host_tools.emulator.backend) subclasses Hal and fills in the platform hooks;
everything else here is shared, so the app runs unchanged on each:

    hal.display      hal.epd_ssd1683.SSD1683: a 400x300 MONO_HLSB FrameBuffer
                     (WHITE=1, BLACK=0) with refresh_full(), refresh_fast(),
                     refresh_partial(x, y, w, h), sleep(), .counts
    hal.storage      hal.storage.Storage: save(name, bytes), load(name)
    hal.start()      call once at boot; returns the first button events (the
                     press that woke the board from deep sleep, if any)
    hal.poll()       sample the buttons; list of (kind, button) events
                     (including those sampled while a refresh was blocking)
    hal.wait(ms)     poll every poll_ms for up to ms; returns at first events
    hal.ticks_ms(), hal.sleep_ms(ms)
    hal.battery_mv(), hal.battery_percent(), hal.charging()
                     (None where there is no battery pin; hal.battery says
                     what a reading means; the bring-up run calibrates it:
                     hal.battery.calibrate_battery(hal, mv))
    hal.wake_reason()  "power" (cold boot), "button" (ext1 wake) or "timer"
    hal.deep_sleep()   arm wake-on-any-button and power down (the ESP32 never
                       returns from it; it boots again into main.py; other
                       backends raise SleepWake, see hal.reboot())
    hal.parts.device_id(hal), .serial(hal), .link(hal)
                       the device id, USB serial line and radio, for score
                       sync and link play (a backend's own: its methods of
                       those names)
    hal.time()         Unix seconds (UTC) by the board's clock, None until
                       it is set (a board before its first sync or after a
                       power cut; a computer's clock is set already); setting
                       it and the offset from UTC dates are shown at: hal.clock
"""
from compat import const, ticks_diff, ticks_ms
from hal.buttons import Buttons

class SleepWake(Exception):
    """Raised by deep_sleep() where the machine cannot really power down
    (emulator, Linux/Blinka): the caller starts the app again as after a
    wake, with `hal = hal.reboot(exc)`; .buttons is the waking bitmask."""

    def __init__(self, buttons=0, wake_at=None):
        super().__init__("woken by buttons 0x%02x" % buttons)
        self.buttons = buttons
        self.wake_at = wake_at


# A clock reading before 2024 is a board clock nobody set (the ESP32's RTC
# starts again at 2000-01-01 after a power cut): no date, not a wrong one.
_CLOCK_FROM = const(1704067200)     # 2024-01-01 UTC in Unix seconds
_EPOCH_2000 = const(946684800)      # hal.clock.EPOCH_2000 (private here: no name)


def system_time():
    """Unix seconds by the system clock (time.time(), whichever epoch the
    port counts from: 2000 on some MicroPython ports, else 1970)."""
    import time
    t = int(time.time())
    return t + _EPOCH_2000 if time.gmtime(0)[0] == 2000 else t


WAKE_POWER = "power"
WAKE_BUTTON = "button"     # (a timer wakes the ESP32 only: hal.esp32.WAKE_TIMER)

# The CPU clock the app runs at on the ESP32: hal.esp32 sets it at boot (the
# esp32 port starts at ESP-IDF's default, 160 MHz).  240 MHz: the AI's think
# time is what a player waits for, and a third less of it costs about the
# same charge (ESP32 datasheet v3.5 table 6: 30-68 mA at 240 MHz against
# 27-44 at 160; light sleep, where the console spends its waits, does not
# depend on it).  Every "ESP32 est." figure (host_tools.bench.estimate) and
# the power model's awake current (host_tools.hardware.power) read it here.
CPU_HZ = const(240000000)

# a battery_mv() above any cell (4.2 V full): the divider sees the USB
# supply, not the cell (hal.battery)
EXTERNAL_MV = 4400

# LiPo open-circuit voltage (mV) -> percent, light load, 25 C
_LIPO = const(((4200, 100), (4100, 90), (4000, 80), (3900, 65), (3800, 50),
          (3750, 40), (3700, 30), (3650, 20), (3600, 12), (3500, 5), (3300, 0)))


def lipo_percent(mv):
    """State of charge estimated from the cell voltage (piecewise linear)."""
    if mv is None:
        return None
    if mv >= _LIPO[0][0]:
        return 100
    for i in range(1, len(_LIPO)):
        v1, p1 = _LIPO[i]
        if mv >= v1:
            v0, p0 = _LIPO[i - 1]
            return p1 + (p0 - p1) * (mv - v1) // (v0 - v1)
    return 0


class Hal:
    name = "base"
    poll_ms = 20
    battery_ratio = 1.0      # the battery divider's nominal ratio (backends with a pin set theirs)
    _wake = (WAKE_POWER, 0)  # (reason, waking buttons): backends that can tell set their own

    def __init__(self, display, storage, buttons=None):
        self.display = display
        self.storage = storage
        self.buttons = buttons or Buttons()
        self._pending = []
        self._sampled = None
        self._ratio = None       # the divider ratio in use (battery_mv)

    # -- platform hooks (backends override)
    def read_buttons(self):
        """Raw button lines as a bitmask (bit = hal.buttons.UP ... START)."""
        raise NotImplementedError

    def ticks_ms(self):
        """The board's clock (compat's); a backend on another replaces it."""
        return ticks_ms()

    def sleep_ms(self, ms):
        raise NotImplementedError

    def wake_reason(self):
        return self._wake[0]

    def wake_buttons(self):
        """Bitmask of the buttons that woke the board (ext1 status)."""
        return self._wake[1]

    def battery_pin_uv(self):
        """Microvolts at the battery divider's ADC pin; None: no such pin."""
        return None

    def battery_mv(self):
        """The cell through the divider: battery_ratio, or the calibrated
        ratio the bring-up run stored (hal.battery, loaded only here)."""
        uv = self.battery_pin_uv()
        if uv is None:
            return None
        if self._ratio is None:
            from hal.battery import load_ratio
            self._ratio = load_ratio(self.storage, self.battery_ratio)
        return int(uv * self._ratio) // 1000

    def charging(self):
        return False

    def deep_sleep(self):
        raise NotImplementedError

    def board_clock(self):
        """Unix seconds the board's clock reads (platform hook: here the
        system clock, set on any computer)."""
        return system_time()

    # -- the date
    def time(self):
        t = self.board_clock()
        return t if t is not None and t >= _CLOCK_FROM else None

    # -- shared behaviour
    def start(self):
        """Boot: a button wake counts as that button's first press."""
        if self.wake_reason() == WAKE_BUTTON:
            return self.buttons.wake(self.wake_buttons(), self.ticks_ms())
        return []

    def poll(self):
        ev = self._pending
        self._pending = []
        now = self.ticks_ms()
        self._sampled = now
        ev.extend(self.buttons.update(self.read_buttons(), now))
        return ev

    def input_pending(self):
        """Events queued for the next poll(), or a button not yet settled."""
        return bool(self._pending) or self.buttons.busy()

    def background_poll(self):
        """Sample buttons while a refresh blocks (backends call it from the
        display bus's busy-wait sleep), so a press during a 1.2 s refresh is
        not lost; the events come out of the next poll()."""
        now = self.ticks_ms()
        if self._sampled is None or ticks_diff(now, self._sampled) >= self.poll_ms:
            self._sampled = now
            self._pending.extend(self.buttons.update(self.read_buttons(), now))

    def wait(self, ms):
        """Poll until events arrive or ms pass; returns the events (maybe [])."""
        t0 = self.ticks_ms()
        while True:
            ev = self.poll()
            if ev or ticks_diff(self.ticks_ms(), t0) >= ms:
                return ev
            self.sleep_ms(self.poll_ms)

    def battery_percent(self):
        return lipo_percent(self.battery_mv())
