"""Recording stand-in for the ESP32 `machine` module (MicroPython tests only).

Only what needs hardware is faked: pins hold levels the test sets, SPI
records bytes with the DC level they were sent under, the BUSY pin follows a
scripted schedule, and deep sleep raises so the test can look at the state.
"""
import time

log = []                  # ("spi", dc, bytes) / ("deepsleep", ms) / ...
levels = {}               # gpio -> input level the test drives
pins = {}                 # gpio -> Pin
BOOT_HZ = 160000000       # ESP-IDF's default CPU clock, which the esp32 port boots at
state = {"reset_cause": 1, "wake_reason": 0, "ext1_status": 0, "busy_polls": 0,
         "rtc_memory": b"", "freq": BOOT_HZ, "rtc_datetime": (2000, 1, 1, 5, 0, 0, 0, 0)}

PWRON_RESET = 1
DEEPSLEEP_RESET = 4
EXT0_WAKE = 2
EXT1_WAKE = 3
TIMER_WAKE = 4


class DeepSleepCalled(Exception):
    pass


def reset_all():
    import esp32
    esp32.armed["pins"] = ()
    del log[:]
    levels.clear()
    pins.clear()
    state.update({"reset_cause": 1, "wake_reason": 0, "ext1_status": 0, "busy_polls": 0,
                  "rtc_memory": b"", "freq": BOOT_HZ, "rtc_datetime": (2000, 1, 1, 5, 0, 0, 0, 0)})


class Pin:
    IN = 1
    OUT = 3
    PULL_DOWN = 2
    PULL_UP = 1

    def __init__(self, n, mode=IN, pull=None, value=None, hold=None):
        if n in (6, 7, 8, 9, 10, 11):
            raise ValueError("GPIO%d is the flash" % n)
        if mode == Pin.OUT and n >= 34:
            raise ValueError("GPIO%d is input-only" % n)
        if pull is not None and n >= 34:
            raise ValueError("GPIO%d has no internal pulls" % n)
        self.n = n
        self.mode = mode
        self.pull = pull
        self.level = value if value is not None else 0
        self.hold = False
        if hold is not None:
            self.init(hold=hold)
        pins[n] = self

    def init(self, mode=None, pull=-1, hold=None):
        if mode is not None:          # a mode-setting init takes the pad back from RTC IO
            self.mode = mode
            if pull != -1:
                self.pull = pull
            log.append(("pin_init", self.n, mode, self.pull))
        if hold is not None:
            if hold and self.mode != Pin.OUT:
                raise ValueError("GPIO%d: only outputs are held here" % self.n)
            self.hold = bool(hold)
            log.append(("hold", self.n, self.level if hold else None))

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.OUT:
                return self.level
            if self.mode == RTC_IO:
                return 0              # MicroPython #3835: unreadable after a sleep
            if self.n == BUSY_PIN[0] and state["busy_polls"] > 0:
                state["busy_polls"] -= 1
                return 1
            return levels.get(self.n, 0)
        self.level = 1 if v else 0
        log.append(("pin", self.n, self.level))


BUSY_PIN = [None]
RTC_IO = "rtc"            # a pad ESP-IDF handed to the RTC domain for ext1 wake


class SPI:
    def __init__(self, id, baudrate=0, polarity=0, phase=0, sck=None, mosi=None, miso=None):
        self.args = (id, baudrate, polarity, phase, sck.n, mosi.n, miso)
        log.append(("spi_init",) + self.args)

    def write(self, buf):
        dc = pins[DC_PIN[0]].level if DC_PIN[0] in pins else None
        cs = pins[CS_PIN[0]].level if CS_PIN[0] in pins else None
        log.append(("spi", dc, cs, bytes(buf)))


DC_PIN = [None]
CS_PIN = [None]


class ADC:
    ATTN_11DB = 3

    def __init__(self, pin):
        self.pin = pin.n
        self.att = None

    def atten(self, a):
        self.att = a

    def read_uv(self):
        if self.att != ADC.ATTN_11DB:
            raise ValueError("ADC not set to 11 dB: 2.1 V would clip")
        return levels.get(("uv", self.pin), 0)


class _Mem:
    def __getitem__(self, addr):
        if addr == 0x3FF480D0:
            return state["ext1_status"] | 0xFFFC0000   # high bits: must be masked
        raise ValueError("unexpected register 0x%x" % addr)


mem32 = _Mem()


def freq(hz=None):
    """The CPU clock; set: only the ESP32's 80, 160 and 240 MHz (the port's
    ValueError otherwise)."""
    if hz is None:
        return state["freq"]
    if hz not in (80000000, 160000000, 240000000):
        raise ValueError("frequency must be 20MHz, 40MHz, 80Mhz, 160MHz or 240MHz")
    log.append(("freq", hz))
    state["freq"] = hz


def reset_cause():
    return state["reset_cause"]


def wake_reason():
    return state["wake_reason"]


class RTC:
    def memory(self, data=None):
        if data is None:
            return state["rtc_memory"]
        state["rtc_memory"] = bytes(data)

    def datetime(self, t=None):
        """(year, month, day, weekday 0=Monday, hours, minutes, seconds,
        subseconds), as ports/esp32/machine_rtc.c takes and gives it."""
        if t is None:
            return state["rtc_datetime"]
        if len(t) != 8:
            raise ValueError("requested length 8 but object has length %d" % len(t))
        state["rtc_datetime"] = tuple(t)


def lightsleep(ms=0):
    """Sleep ms, or until an armed ext1 button is high (it is at once).

    As ESP-IDF does at every sleep entry, the ext1 pins become RTC IO pads
    and lose their digital setup (mode, pull): after the wake they read 0
    until Pin.init() sets them up again (MicroPython issue #3835)."""
    import esp32
    log.append(("lightsleep", ms))
    for g in esp32.armed["pins"]:
        if g in pins:
            pins[g].mode = RTC_IO
            pins[g].pull = None
    if any(levels.get(g, 0) for g in esp32.armed["pins"]):
        return
    time.sleep_ms(ms)


def deepsleep(ms=0):
    log.append(("deepsleep", ms))
    raise DeepSleepCalled()


def sleep_ms(ms):
    time.sleep_ms(ms)
