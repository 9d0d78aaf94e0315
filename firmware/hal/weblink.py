"""The link (hal.link) between tabs of one browser: each tab of the web
page is a console, and the air between them is a BroadcastChannel that
every tab of the page's site shares (web/worker.js holds it; a channel
works in a Web Worker).  A frame goes out to every tab as (from, to,
data); only the tab it is addressed to keeps it (every tab, for
BROADCAST).

The interface's limits hold as on the radio (hal.link: MTU, the peer
counts, broadcast never encrypted).  What a BroadcastChannel does not
tell, the worker stands in for:

- acknowledged: True when a tab with that address has been heard on the
  air within the last few seconds (worker.js ACK_MS); a tab closed or
  asleep does not answer.  BROADCAST: True once sent.
- the receive buffer: frames wait in the worker until read (its RX_FRAMES);
  more are dropped and counted (stats()'s fifth), as a full espnow
  buffer drops them.
- radio(False): frames arriving meanwhile are lost.
- keys are kept (the peer table's rules) but nothing is encrypted: the
  frames never leave the browser, and the protocol's tags authenticate
  them as on every backend (the simulated radio does the same).

The clock is the browser's (compat.ticks_ms).  Frames arrive only while
control is back in JavaScript, between two steps of the app: recv()
never waits for one (a timeout passes as a sleep with nothing heard), and
the worker reads the air after each step (webmain: App.idle(0)).

The air (worker.js, a module the worker registers for Python) speaks
text: air_open(my address), air_send(to, data) -> acknowledged,
air_recv() -> "from data" or "", air_radio(on), air_dropped() -> count;
addresses in hex, frames in base64.
"""
from binascii import a2b_base64, b2a_base64, hexlify

from hal.link import Link


def address(device_id):
    """A tab's address on the air, kept with its saves: from the console's
    stored id ("sim-" and 12 hex digits, hal.devid) where it holds one, else
    from a hash of it; unicast and locally administered, as a made-up MAC
    must be (never BROADCAST)."""
    try:
        mac = bytearray(bytes.fromhex(device_id[-12:]))
    except ValueError:
        import hashlib
        mac = bytearray(hashlib.sha256(device_id.encode()).digest()[:6])
    mac[0] = (mac[0] & 0xFC) | 0x02
    return bytes(mac)


class WebLink(Link):
    def __init__(self, mac, air):
        Link.__init__(self, mac)
        self.air = air
        air.air_open(hexlify(self.mac).decode())

    def _send(self, mac, frame):
        data = b2a_base64(frame).decode().strip()
        return bool(self.air.air_send(hexlify(mac).decode(), data))

    def _recv(self, timeout_ms):
        got = self.air.air_recv()
        if not got:
            if timeout_ms > 0:
                self.sleep_ms(timeout_ms)
            return None
        src, data = got.split(" ", 1)
        return bytes.fromhex(src), a2b_base64(data)

    def _radio(self, on):
        self.air.air_radio(on)

    def stats(self):
        c = list(self._counts)
        c[4] = int(self.air.air_dropped())
        return tuple(c)
