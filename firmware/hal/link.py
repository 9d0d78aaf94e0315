"""The radio between consoles (link play): one interface, a backend per
platform, as the display and storage have.  The limits are ESP-NOW v1's,
the radio the ESP32 has (MicroPython's `espnow`), on every backend:

    MTU         250: the bytes a frame holds (espnow.MAX_DATA_LEN)
    MAX_PEERS   20: the peers a console may register (MAX_TOTAL_PEER_NUM)
    MAX_ENCRYPTED  6: of those, peers the radio encrypts for
                (MAX_ENCRYPT_PEER_NUM)
    BROADCAST   every console in range: never acknowledged, never
                encrypted, so only for finding each other

    link.mac                this console's address (6 bytes)
    link.add_peer(mac, key=None)  register a peer before the first send
                            to it; OSError when MAX_PEERS are (receiving
                            needs no registration: any console's frames
                            arrive).  key (KEY_LEN bytes, espnow's lmk):
                            the radio encrypts what goes to this peer;
                            OSError past MAX_ENCRYPTED such peers, never
                            for BROADCAST.  Again for a registered peer:
                            its key changes (None: sent in plaintext)
    link.del_peer(mac)
    link.peers()            the registered addresses
    link.send_plain(mac, frame)   send() in plaintext, also to a peer
                            with a key (one that has no key yet)
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
    link.radio(on)          switch the radio on or off (the protocol's duty
                            cycle): off, it draws nothing, and frames sent
                            to this console are lost unacknowledged; True
                            if it was switched.  link.on: it is on
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
hal.simradio (UDP to a simulated radio, the unix port and CPython),
hal.espnowlink (the ESP32's `espnow`), hal.weblink (the web page: the
tabs of one browser over a BroadcastChannel).
"""
from compat import const, ticks_ms

MTU = const(250)
MAX_PEERS = const(20)
MAX_ENCRYPTED = const(6)
KEY_LEN = const(16)
BROADCAST = b"\xff\xff\xff\xff\xff\xff"


def mac_text(mac):
    """aa:bb:cc:dd:ee:ff"""
    return ":".join(["%02x" % b for b in mac])


def _sleep_ms(ms):
    import time
    time.sleep_ms(ms)


class Link:
    """The shared part: the peer table, the checks and the counts.  A
    backend fills in _send(mac, frame) -> bool, _recv(timeout_ms) ->
    (mac, frame) or None, close(), and where its radio keeps a peer
    table of its own, _add(mac, key, new) and _del(mac).  The clock is
    the board's, or clock=(ticks_ms, sleep_ms) (a test's virtual one);
    a radio that is a clock itself (hal.simradio) replaces ticks_ms()
    and sleep_ms(ms)."""
    _clock = (ticks_ms, _sleep_ms)     # the board's: one tuple for every link

    def __init__(self, mac, clock=None):
        if len(mac) != 6:
            raise ValueError("a link address is 6 bytes, not %d" % len(mac))
        self.mac = bytes(mac)
        if clock:
            self._clock = clock
        self._peers = []
        self._keys = {}
        self._heard = {}
        self._counts = [0, 0, 0, 0, 0]
        self.on = True

    def add_peer(self, mac, key=None):
        mac = bytes(mac)
        if len(mac) != 6 or mac == BROADCAST:
            raise ValueError("a peer's address is 6 bytes, not broadcast: %s" % mac_text(mac))
        if key is not None:
            key = bytes(key)
            if len(key) != KEY_LEN:
                raise ValueError("a radio key is %d bytes, not %d" % (KEY_LEN, len(key)))
        keys = self._keys
        new = mac not in self._peers
        if new and len(self._peers) >= MAX_PEERS:
            raise OSError("ESP_ERR_ESPNOW_FULL: %d peers registered" % MAX_PEERS)
        if key is not None and keys.get(mac) is None and \
                sum(1 for k in keys.values() if k is not None) >= MAX_ENCRYPTED:
            raise OSError("ESP_ERR_ESPNOW_FULL: %d encrypted peers" % MAX_ENCRYPTED)
        if not new and keys.get(mac) == key:
            return
        self._add(mac, key, new)
        if new:
            self._peers.append(mac)
        keys[mac] = key

    def del_peer(self, mac):
        mac = bytes(mac)
        if mac in self._peers:
            self._del(mac)
            self._peers.remove(mac)
        self._keys.pop(mac, None)
        self._heard.pop(mac, None)

    def key(self, mac):
        """The peer's radio key, None: plaintext (or not a peer)."""
        return self._keys.get(bytes(mac))

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
        ok = self.on and self._send(mac, frame)
        if ok:
            c[1] += 1
        else:
            c[2] += 1
        return ok

    def send_plain(self, mac, frame):
        """send() in plaintext to a peer the radio encrypts for: a frame
        for a console that has no key yet (a PAIRED, a REFUSED)."""
        key = self._keys.get(bytes(mac))
        if key is None:
            return self.send(mac, frame)
        self.add_peer(mac, None)
        try:
            return self.send(mac, frame)
        finally:
            self.add_peer(mac, key)

    def recv(self, timeout_ms=0):
        if not self.on:
            self.sleep_ms(timeout_ms)
            return None, None
        got = self._recv(timeout_ms)
        if got is None:
            return None, None
        self._counts[3] += 1
        if got[0] in self._peers:
            self._heard[got[0]] = self.ticks_ms()
        return got

    def radio(self, on):
        on = bool(on)
        if on == self.on:
            return False
        self._radio(on)
        self.on = on
        return True

    def heard(self, mac):
        return self._heard.get(bytes(mac))

    def stats(self):
        return tuple(self._counts)

    # -- the backend's part
    def _add(self, mac, key, new):
        pass

    def _del(self, mac):
        pass

    def _radio(self, on):
        pass

    def _send(self, mac, frame):
        raise NotImplementedError

    def _recv(self, timeout_ms):
        raise NotImplementedError

    def ticks_ms(self):
        return self._clock[0]()

    def sleep_ms(self, ms):
        self._clock[1](ms)

    def close(self):
        pass
