"""The radio between consoles (link play): one interface, a backend per
platform, as the display and storage have.  The limits are ESP-NOW v1's,
the radio the ESP32 has (MicroPython's `espnow`), on every backend:

    MTU         250: the bytes a frame holds (espnow.MAX_DATA_LEN)
    MAX_PEERS   20: the peers a console may register (MAX_TOTAL_PEER_NUM)
    BROADCAST   every console in range: never acknowledged, never
                encrypted, so only for finding each other

    link.mac                this console's address (6 bytes)
    link.add_peer(mac)      register a peer before the first send to it;
                            OSError when MAX_PEERS are (receiving needs no
                            registration: any console's frames arrive)
    link.del_peer(mac)
    link.peers()            the registered addresses
    link.send(mac, frame)   -> True if the peer's radio acknowledged the
                            frame.  Not that its app read it: a receive
                            buffer that is full drops frames the sender saw
                            acknowledged.  False: no acknowledgement (lost,
                            out of range, switched off).  ValueError: an
                            empty frame or one over MTU; OSError: a peer
                            not registered.
    link.recv(timeout_ms)   -> (mac, frame), or (None, None) once
                            timeout_ms passed (0: only what has arrived)
    link.heard(mac)         ticks_ms() when the last frame from mac was
                            read, None if none was (espnow's peers table)
    link.stats()            (sent, acknowledged, failed, received, dropped):
                            ESPNow.stats()'s five counts
    link.ticks_ms(), link.sleep_ms(ms)   the link's clock: the board's
                            own, or the simulated radio's virtual one (a
                            console on it takes its whole clock from here);
                            sleep_ms does not read the radio, as a
                            blocking e-ink refresh does not
    link.close()

Frames are bytes, whatever arrives: nothing here parses them
(link.frames does, and refuses what it cannot read).  Backends:
hal.simradio (UDP to a simulated radio, the unix port and CPython); the
ESP32's `espnow` and the web page's channel follow the same interface.
"""
from compat import const

MTU = const(250)
MAX_PEERS = const(20)
BROADCAST = b"\xff\xff\xff\xff\xff\xff"


def mac_text(mac):
    """aa:bb:cc:dd:ee:ff"""
    return ":".join(["%02x" % b for b in mac])


class Link:
    """The shared part: the peer table, the checks and the counts.  A
    backend fills in _send(mac, frame) -> bool, _recv(timeout_ms) ->
    (mac, frame) or None, ticks_ms(), sleep_ms(ms), close()."""

    def __init__(self, mac):
        if len(mac) != 6:
            raise ValueError("a link address is 6 bytes, not %d" % len(mac))
        self.mac = bytes(mac)
        self._peers = []
        self._heard = {}
        self._counts = [0, 0, 0, 0, 0]

    def add_peer(self, mac):
        mac = bytes(mac)
        if len(mac) != 6:
            raise ValueError("a link address is 6 bytes, not %d" % len(mac))
        if mac in self._peers:
            return
        if len(self._peers) >= MAX_PEERS:
            raise OSError("ESP_ERR_ESPNOW_FULL: %d peers registered" % MAX_PEERS)
        self._peers.append(mac)

    def del_peer(self, mac):
        mac = bytes(mac)
        if mac in self._peers:
            self._peers.remove(mac)
        self._heard.pop(mac, None)

    def peers(self):
        return list(self._peers)

    def send(self, mac, frame):
        n = len(frame)
        if n == 0 or n > MTU:
            raise ValueError("a frame holds 1..%d bytes, not %d" % (MTU, n))
        mac = bytes(mac)
        if mac != BROADCAST and mac not in self._peers:
            raise OSError("ESP_ERR_ESPNOW_NOT_FOUND: peer %s not registered" % mac_text(mac))
        c = self._counts
        c[0] += 1
        ok = self._send(mac, frame)
        if ok:
            c[1] += 1
        else:
            c[2] += 1
        return ok

    def recv(self, timeout_ms=0):
        got = self._recv(timeout_ms)
        if got is None:
            return None, None
        self._counts[3] += 1
        if got[0] in self._peers:
            self._heard[got[0]] = self.ticks_ms()
        return got

    def heard(self, mac):
        return self._heard.get(bytes(mac))

    def stats(self):
        return tuple(self._counts)

    # -- the backend's part
    def _send(self, mac, frame):
        raise NotImplementedError

    def _recv(self, timeout_ms):
        raise NotImplementedError

    def ticks_ms(self):
        raise NotImplementedError

    def sleep_ms(self, ms):
        raise NotImplementedError

    def close(self):
        pass
