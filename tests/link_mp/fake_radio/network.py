"""Stand-in for the ESP32 port's `network` module, as much as link play
uses: WLAN station interfaces, one per simulated board (MicroPython tests
only; espnow.py beside it is the radio between them).

The real module is a board's own: network.WLAN(network.WLAN.IF_STA) is
that board's one station interface.  Here several boards share a process:
`use(mac)` makes the board with that address the one the next WLAN() and
espnow.ESPNow() calls belong to (a test's first call makes the board).
"""
STA_IF = 0
AP_IF = 1

boards = {}                 # mac -> Board
current = [b"\x02\x00\x00\x00\x00\x01"]
power_hook = [None]         # espnow's: the radio on the simulated air follows active()


def use(mac):
    current[0] = bytes(mac)


def _err(text):
    return OSError(-1, text)


class Board:
    """One board's station interface: what every WLAN() on it shares."""

    def __init__(self, mac):
        self.mac = mac
        self.up = False
        self.channel = 1
        self.pm = WLAN.PM_PERFORMANCE       # the port's default once active
        self.connected = False
        self.starts = 0                     # active(True) from off: radio wake-ups


class WLAN:
    IF_STA = 0
    IF_AP = 1
    PM_NONE = 0
    PM_PERFORMANCE = 1
    PM_POWERSAVE = 2

    def __init__(self, interface=0):
        if interface != 0:
            raise ValueError("the stand-in has the station interface only")
        mac = current[0]
        b = boards.get(mac)
        if b is None:
            b = boards[mac] = Board(mac)
        self.b = b

    def active(self, flag=None):
        b = self.b
        if flag is None:
            return b.up
        flag = bool(flag)
        if flag and not b.up:
            b.starts += 1
        if flag != b.up and power_hook[0] is not None:
            power_hook[0](flag)
        b.up = flag
        return None

    def disconnect(self):
        self.b.connected = False

    def isconnected(self):
        return self.b.connected

    def config(self, *args, **kw):
        b = self.b
        if args:
            if len(args) != 1 or kw:
                raise TypeError("either one name to read, or keywords to set")
            name = args[0]
            if name == "mac":
                return b.mac
            if name == "channel":
                return b.channel
            if name == "pm":
                return b.pm
            raise ValueError("unknown config param")
        for k, v in kw.items():
            if k == "channel":
                if not b.up:
                    raise _err("Wifi Not Started")
                if not 1 <= v <= 14:
                    raise ValueError("invalid channel")
                b.channel = v
            elif k == "pm":
                b.pm = v
            else:
                raise ValueError("unknown config param")
