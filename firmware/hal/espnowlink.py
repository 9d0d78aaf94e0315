"""The link (hal.link) over the ESP32's radio: MicroPython's `espnow`.

The WLAN interface runs in station mode, active and never connected, on
one fixed channel (CHANNEL: every console of a table must share it; an
access point would move it).  Wi-Fi power saving is off (it would switch
the receiver off for hundreds of ms at its own pace; the link's duty cycle,
radio(), does that on the protocol's terms).  Peers are registered with
espnow before the first send; a peer given a key (link.add_peer(mac,
key)) is an encrypted peer: espnow encrypts frames to it with that key as
its LMK under PMK (the same on every console: the LMK is the secret, from
the pairing).  At most MAX_ENCRYPTED such peers; broadcast (finding
tables) is registered once, never encrypted, and counts among espnow's
20 peers, so a console can register 19 of its own.

send() waits for the peer's radio (sync=True): its acknowledgement, or
none after the radio's own retries.  The acknowledgement is no delivery:
a peer whose receive buffer (rxbuf) is full drops the frame it
acknowledged; stats() reports those drops as espnow counts them.
recv() reads with irecv (espnow's own buffers, no block of the heap per
frame) and copies out the frame.

radio(False) stops the WLAN interface (the radio draws nothing; frames
sent to this console go unacknowledged and are lost), radio(True) starts
it again on the channel; espnow keeps its peers across (a first board
must confirm it: docs/maker.md).
"""
import espnow
import network

from compat import const
from hal.link import BROADCAST, Link

CHANNEL = const(1)
RXBUF = const(528)         # espnow's default: two full frames with their heads
PMK = b"PocketRummikub-1"  # espnow's primary key: public; each peer's LMK is the secret


class EspNowLink(Link):
    def __init__(self, channel=CHANNEL, rxbuf=RXBUF, clock=None):
        """clock: (ticks_ms, sleep_ms) if not the board's own (a test's
        virtual clock)."""
        self.channel = channel
        self.sta = sta = network.WLAN(network.WLAN.IF_STA)
        self._wlan_on()
        self.e = e = espnow.ESPNow()
        e.config(rxbuf=rxbuf)
        e.active(True)
        e.set_pmk(PMK)
        e.add_peer(BROADCAST, channel=channel, ifidx=network.WLAN.IF_STA)
        Link.__init__(self, sta.config("mac"), clock)

    def _wlan_on(self):
        sta = self.sta
        sta.active(True)
        sta.disconnect()
        sta.config(channel=self.channel, pm=sta.PM_NONE)

    def _add(self, mac, key, new):
        lmk = key if key is not None else b""
        if new:
            self.e.add_peer(mac, lmk, self.channel, network.WLAN.IF_STA, key is not None)
        else:
            self.e.mod_peer(mac, lmk, self.channel, network.WLAN.IF_STA, key is not None)

    def _del(self, mac):
        self.e.del_peer(mac)

    def _send(self, mac, frame):
        try:
            return self.e.send(mac, frame, True)
        except OSError:
            return False        # ESP_ERR_ESPNOW_NO_MEM, _IF: not sent, as lost

    def _recv(self, timeout_ms):
        mac, msg = self.e.irecv(timeout_ms)
        if mac is None or msg is None:      # (None, None) on a timeout
            return None
        return bytes(mac), bytes(msg)

    def stats(self):
        c = list(self._counts)
        c[4] = self.e.stats()[4]
        return tuple(c)

    def _radio(self, on):
        if on:
            self._wlan_on()
        else:
            self.sta.active(False)

    def close(self):
        self.e.active(False)
        self.sta.active(False)
