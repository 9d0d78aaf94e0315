"""The hal of the runtime this runs on: the ESP32 backend on the board,
the unix port's (the device simulator, host_tools.devsim) elsewhere.
main.py boots the app on it; the bring-up (host_tools.flash.bringup)
loads the app on it as main.py does, light sleep off (a light-sleeping
UART drops the REPL's bytes)."""
import sys


def native(light_sleep=True):
    if sys.platform == "esp32":
        from hal.esp32 import Esp32Hal
        return Esp32Hal(light_sleep=light_sleep)
    from hal.unixport import UnixHal
    return UnixHal()
