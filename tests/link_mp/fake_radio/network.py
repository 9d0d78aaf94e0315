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


def configure(args, kw, get, put):
    """config() as the port's radio objects take it (WLAN here, ESPNow in
    espnow.py): each keyword set (put(name, value)), then the one name
    given read (get(name)); both raise ValueError("unknown config param")
    for a name they do not know."""
    for k, v in kw.items():
        put(k, v)
    if args:
        return get(*args)


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
        if args and kw:
            raise TypeError("either one name to read, or keywords to set")
        return configure(args, kw, self._get, self._put)

    def _get(self, name):
        if name in ("mac", "channel", "pm"):
            return getattr(self.b, name)
        raise ValueError("unknown config param")

    def _put(self, name, v):
        if name == "channel":
            if not self.b.up:
                raise _err("Wifi Not Started")
            if not 1 <= v <= 14:
                raise ValueError("invalid channel")
        elif name != "pm":
            raise ValueError("unknown config param")
        setattr(self.b, name, v)
