"""The device simulator's `network` module, for a simulated board running
the 32-bit model (host_tools.mp32), in the board folder's lib/: a WLAN
whose radio, while active, holds the WiFi driver's share of the simulated
ESP-IDF heap (module idfheap), and fails as ESP-IDF does when there is no
block for it.  No frames go anywhere."""
import idfheap

STA_IF = 0
AP_IF = 1
# what the driver takes in station mode: the radio-off profile's largest
# block less the radio-on one's (host_tools.mp32.profiles.RADIO_BYTES)
RADIO_BYTES = 79872

_held = []


class WLAN:
    def __init__(self, interface=STA_IF):
        self.interface = interface

    def active(self, on=None):
        if on is None:
            return bool(_held)
        if on and not _held:
            try:
                _held.append(idfheap.take(RADIO_BYTES))
            except OSError:
                raise OSError("Wifi Out of Memory")
        elif not on and _held:
            idfheap.give(_held.pop())
        return None
