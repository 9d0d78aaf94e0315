"""Recording stand-in for the ESP32 `esp32` module (MicroPython tests only)."""
import machine

WAKEUP_ALL_LOW = 0
WAKEUP_ANY_HIGH = 1


def wake_on_ext1(pins=None, level=None):
    machine.log.append(("wake_on_ext1", tuple(p.n for p in pins), level))
