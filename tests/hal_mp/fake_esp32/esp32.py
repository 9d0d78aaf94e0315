"""Recording stand-in for the ESP32 `esp32` module (MicroPython tests only)."""
import machine

WAKEUP_ALL_LOW = 0
WAKEUP_ANY_HIGH = 1
armed = {"pins": ()}       # GPIOs ext1 would wake on, as last configured


def wake_on_ext1(pins=None, level=None):
    armed["pins"] = tuple(p.n for p in pins)
    machine.log.append(("wake_on_ext1", armed["pins"], level))


def gpio_deep_sleep_hold(enable):
    machine.log.append(("gpio_deep_sleep_hold", bool(enable)))
