"""Stand-in for MicroPython's `espnow` module (the ESP32 port, v1.28's
docs/library/espnow.rst), for hal.espnowlink's tests under the unix port
(MicroPython tests only).  The API is the real one (ESPNow().active,
config, set_pmk, add_peer/mod_peer/del_peer/get_peer/get_peers/
peer_count, send, recv/irecv, any, stats, peers_table) with its errors
(OSError(num, "ESP_ERR_ESPNOW_...") as esp_now.h numbers them,
ValueError on bad values) and its limits:

    frames of 1..250 bytes (MAX_DATA_LEN); 20 peers (MAX_TOTAL_PEER_NUM),
    6 of them encrypted (MAX_ENCRYPT_PEER_NUM); broadcast never encrypted;
    send() only to a registered peer, with the WLAN interface active;
    a peer's radio acknowledges a frame when its WLAN is active on the
    same channel, whatever its espnow does next: a receive buffer that is
    full (rxbuf bytes, each frame RX_OVERHEAD more) drops the frame, an
    encrypted frame it cannot decrypt (sender not registered with the
    same LMK and PMK) is dropped, both unseen by the sender;
    an unencrypted frame from an encrypted peer is taken (a first board
    checks this: docs/maker.md);
    send(sync=False) returns True before the frame is on the air: it
    lands when the clock next moves (AIR.sleep_ms, recv with a timeout).

Boards: network.use(mac) picks the board the next ESPNow() belongs to;
all boards of a process share AIR (a virtual clock in ms, a loss rate:
a frame lost is unacknowledged).  Not modelled: RSSI (always -40),
MAC-level retries (a loss is a frame lost after them), airtime.

On the simulated air (POCKET_AIR set: one board per process, a console
of host_tools.link): frames go through hal.simradio's air instead, which
keeps the limits, losses and full receive buffers itself; WLAN.active()
switches the radio there.  Encryption is not carried over that air (the
in-process medium checks it).
"""
import os

import network

MAX_DATA_LEN = 250
ADDR_LEN = 6
KEY_LEN = 16
MAX_TOTAL_PEER_NUM = 20
MAX_ENCRYPT_PEER_NUM = 6
RX_OVERHEAD = 12           # the ring buffer's head per frame: length, mac, rssi, time
DEFAULT_PMK = b"PMK1234567890123"
BROADCAST = b"\xff" * 6

_BASE = 0x3000 + 100       # ESP_ERR_WIFI_BASE + 100
_CODES = {"ESP_ERR_ESPNOW_NOT_INIT": 1, "ESP_ERR_ESPNOW_ARG": 2, "ESP_ERR_ESPNOW_NO_MEM": 3,
          "ESP_ERR_ESPNOW_FULL": 4, "ESP_ERR_ESPNOW_NOT_FOUND": 5, "ESP_ERR_ESPNOW_INTERNAL": 6,
          "ESP_ERR_ESPNOW_EXIST": 7, "ESP_ERR_ESPNOW_IF": 8, "ESP_ERR_ESPNOW_CHAN": 9}


def _err(name):
    return OSError(_BASE + _CODES[name], name)


class Air:
    """What the boards of a process share: the clock, loss, frames not
    yet landed (send(sync=False)), and every frame carried, for tests."""

    def __init__(self):
        self.reset()

    def reset(self, loss=0.0, seed=1):
        self.now = 0
        self.loss = loss
        self.seed = seed or 1
        self.pending = []        # [time, src state, dst mac, msg, key]
        self.carried = []        # (src, dst, msg, encrypted?, outcome)
        network.boards.clear()
        _states.clear()

    def lost(self):
        if not self.loss:
            return False
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.seed >> 8) % 10000 < self.loss * 10000

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += max(0, ms)
        self.land()

    def land(self):
        due = [p for p in self.pending if p[0] <= self.now]
        self.pending = [p for p in self.pending if p[0] > self.now]
        for _, src, dst, msg, key in due:
            src.carry(dst, msg, key)


_states = {}               # mac -> _State: one espnow per board
AIR = Air()


class OnAir:
    """AIR for a console on the simulated air: its clock is the air's."""

    def __init__(self, mac, rxbuf):
        from hal.simradio import SimRadio
        self.radio = SimRadio(mac, int(os.getenv("POCKET_AIR")), rxbuf=rxbuf)
        self.closed = False

    def ticks_ms(self):
        return self.radio.ticks_ms()

    def sleep_ms(self, ms):
        self.radio.sleep_ms(ms)


def _on_air():
    return isinstance(AIR, OnAir)


def _power(on):
    """network.WLAN.active(): the radio on the simulated air."""
    if _on_air() and not AIR.closed:
        AIR.radio._radio(on)


network.power_hook[0] = _power


class _State:
    def __init__(self, mac):
        self.mac = mac
        self.up = False
        self.rxbuf = 528
        self.timeout_ms = 300000
        self.pmk = DEFAULT_PMK
        self.peers = {}          # mac -> [lmk, channel, ifidx, encrypt]
        self.buf = []            # (mac, msg) waiting to be read
        self.used = 0
        self.counts = [0, 0, 0, 0, 0]
        self.table = {}          # peers_table: mac -> [rssi, time_ms]

    def wlan(self):
        return network.boards.get(self.mac)

    def key_for(self, mac):
        p = self.peers.get(mac)
        if p is None or not p[3]:
            return None
        return (self.pmk, p[0])

    def carry(self, dst, msg, key):
        """One frame to dst's radio: acknowledged?"""
        w = network.boards.get(dst)
        me = self.wlan()
        if w is None or not w.up or w.channel != me.channel or AIR.lost():
            AIR.carried.append((self.mac, dst, msg, key is not None, "lost"))
            return False
        st = _states.get(dst)
        outcome = "taken"
        if st is None or not st.up:
            outcome = "no espnow"
        elif key is not None and st.key_for(self.mac) != key:
            outcome = "not decrypted"
        elif st.used + len(msg) + RX_OVERHEAD > st.rxbuf:
            outcome = "buffer full"
            st.counts[4] += 1
        else:
            st.buf.append((self.mac, bytes(msg)))
            st.used += len(msg) + RX_OVERHEAD
        AIR.carried.append((self.mac, dst, msg, key is not None, outcome))
        return True


def _mac(mac):
    if not isinstance(mac, (bytes, bytearray)) or len(mac) != ADDR_LEN:
        raise ValueError("invalid mac address")
    return bytes(mac)


class ESPNow:
    def __init__(self):
        mac = network.current[0]
        s = _states.get(mac)
        if s is None:
            s = _states[mac] = _State(mac)
        self.s = s
        self.peers_table = s.table

    def _need(self, wlan=False):
        s = self.s
        if not s.up:
            raise _err("ESP_ERR_ESPNOW_NOT_INIT")
        if wlan:
            w = s.wlan()
            if w is None or not w.up:
                raise _err("ESP_ERR_ESPNOW_IF")

    def active(self, flag=None):
        s = self.s
        if flag is None:
            return s.up
        if flag:
            global AIR
            if os.getenv("POCKET_AIR") and not _on_air():
                AIR = OnAir(s.mac, s.rxbuf)
            if not s.up:
                s.buf = []
                s.used = 0
            s.up = True
        else:
            if _on_air() and not AIR.closed:
                AIR.closed = True   # the console is done: the air hears it quit
                AIR.radio.close()
            s.up = False
            s.peers = {}            # esp_now_deinit(): every peer deregistered
            s.buf = []
            s.used = 0
        return s.up

    def config(self, *args, **kw):
        return network.configure(args, kw, self._get, self._put)

    def _get(self, name):
        self._need()
        if name in ("rxbuf", "timeout_ms"):
            return getattr(self.s, name)
        raise ValueError("unknown config param")

    def _put(self, name, v):
        if name == "rate":
            return
        if name == "rxbuf":
            if not isinstance(v, int) or v < 0:
                raise ValueError("invalid rxbuf")
        elif name != "timeout_ms":
            raise ValueError("unknown config param")
        setattr(self.s, name, v)    # rxbuf: takes effect at the next active(True)

    def set_pmk(self, pmk):
        if not isinstance(pmk, (bytes, bytearray, str)) or len(pmk) != KEY_LEN:
            raise ValueError("invalid pmk")
        self.s.pmk = bytes(pmk)

    def _peer_args(self, lmk, channel, ifidx, encrypt, old):
        if lmk is None:
            lmk = old[0]
        elif not lmk:
            lmk = b""
        elif not isinstance(lmk, (bytes, bytearray, str)) or len(lmk) != KEY_LEN:
            raise ValueError("invalid lmk")
        if channel is None:
            channel = old[1]
        if not isinstance(channel, int) or not 0 <= channel <= 14:
            raise ValueError("invalid channel")
        w = self.s.wlan()
        if channel and (w is None or channel != w.channel):
            raise _err("ESP_ERR_ESPNOW_CHAN")
        if ifidx is None:
            ifidx = old[2]
        if ifidx not in (0, 1):
            raise ValueError("invalid ifidx")
        if encrypt is None:
            encrypt = len(lmk) == KEY_LEN if lmk is not None else old[3]
        if encrypt and len(lmk) != KEY_LEN:
            raise ValueError("encrypt needs a lmk")
        return [bytes(lmk), channel, ifidx, bool(encrypt)]

    def _encrypted(self):
        return sum(1 for p in self.s.peers.values() if p[3])

    def add_peer(self, mac, lmk=None, channel=None, ifidx=None, encrypt=None):
        self._need()
        mac = _mac(mac)
        s = self.s
        if mac in s.peers:
            raise _err("ESP_ERR_ESPNOW_EXIST")
        p = self._peer_args(lmk, channel, ifidx, encrypt, [b"", 0, 0, False])
        if p[3] and mac == BROADCAST:
            raise _err("ESP_ERR_ESPNOW_ARG")
        if len(s.peers) >= MAX_TOTAL_PEER_NUM or (p[3] and self._encrypted() >= MAX_ENCRYPT_PEER_NUM):
            raise _err("ESP_ERR_ESPNOW_FULL")
        s.peers[mac] = p

    def mod_peer(self, mac, lmk=None, channel=None, ifidx=None, encrypt=None):
        self._need()
        mac = _mac(mac)
        s = self.s
        old = s.peers.get(mac)
        if old is None:
            raise _err("ESP_ERR_ESPNOW_NOT_FOUND")
        p = self._peer_args(lmk, channel, ifidx, encrypt, old)
        if p[3] and mac == BROADCAST:
            raise _err("ESP_ERR_ESPNOW_ARG")
        if p[3] and not old[3] and self._encrypted() >= MAX_ENCRYPT_PEER_NUM:
            raise _err("ESP_ERR_ESPNOW_FULL")
        s.peers[mac] = p

    def del_peer(self, mac):
        self._need()
        mac = _mac(mac)
        if mac not in self.s.peers:
            raise _err("ESP_ERR_ESPNOW_NOT_FOUND")
        del self.s.peers[mac]

    def get_peer(self, mac):
        self._need()
        mac = _mac(mac)
        p = self.s.peers.get(mac)
        if p is None:
            raise _err("ESP_ERR_ESPNOW_NOT_FOUND")
        return (mac, p[0], p[1], p[2], p[3])

    def get_peers(self):
        self._need()
        return tuple((m, p[0], p[1], p[2], p[3]) for m, p in self.s.peers.items())

    def peer_count(self):
        self._need()
        return (len(self.s.peers), self._encrypted())

    def send(self, mac, msg=None, sync=None):
        if msg is None:                 # send(msg): every registered peer
            mac, msg, sync = None, mac, True
        if sync is None:
            sync = True
        self._need(wlan=True)
        if isinstance(msg, str):
            msg = msg.encode()
        if not isinstance(msg, (bytes, bytearray)):
            raise TypeError("msg must be bytes")
        if len(msg) > MAX_DATA_LEN:
            raise ValueError("msg too long")
        s = self.s
        if mac is None:
            targets = [m for m in s.peers if m[0] & 1 == 0]
        else:
            mac = _mac(mac)
            if mac not in s.peers:
                raise _err("ESP_ERR_ESPNOW_NOT_FOUND")
            targets = [mac]
        ok = True
        for m in targets:
            key = s.key_for(m)
            dsts = [d for d in network.boards if d != s.mac] if m == BROADCAST else [m]
            if _on_air():               # the air delivers (and broadcasts) itself
                dsts = [m]
            for d in dsts:
                s.counts[0] += 1
                if _on_air():
                    got = AIR.radio._send(d, bytes(msg))
                    if m != BROADCAST:
                        s.counts[1 if got else 2] += 1
                        ok = ok and got
                    continue
                if not sync:
                    AIR.pending.append([AIR.now + 1, s, d, bytes(msg), key])
                    continue
                got = s.carry(d, msg, key)
                if m != BROADCAST:
                    s.counts[1 if got else 2] += 1
                    ok = ok and got
        return True if not sync else ok

    def any(self):
        self._need()
        return bool(self.s.buf)

    def recv(self, timeout_ms=None):
        self._need(wlan=True)
        s = self.s
        if timeout_ms is None:
            timeout_ms = s.timeout_ms
        if not isinstance(timeout_ms, int):
            raise ValueError("invalid timeout")
        if _on_air():
            got = AIR.radio._recv(timeout_ms if timeout_ms >= 0 else 3600000)
            if got is None:
                return (None, None)
            s.counts[3] += 1
            s.table[got[0]] = [-40, AIR.ticks_ms()]
            return [got[0], got[1]]
        if not s.buf and timeout_ms != 0:
            # the clock moves to the first frame landing for us, or the timeout
            end = AIR.now + timeout_ms if timeout_ms > 0 else None
            while not s.buf:
                times = [p[0] for p in AIR.pending]
                nxt = min(times) if times else None
                if nxt is None and end is None:
                    raise AssertionError("recv(-1) with nothing on the way waits for ever")
                if nxt is None or (end is not None and nxt > end):
                    AIR.now = end
                    break
                AIR.now = max(AIR.now, nxt)
                AIR.land()
        if not s.buf:
            return (None, None)
        mac, msg = s.buf.pop(0)
        s.used -= len(msg) + RX_OVERHEAD
        s.counts[3] += 1
        s.table[mac] = [-40, AIR.now]
        return [mac, msg]

    def irecv(self, timeout_ms=None):
        got = self.recv(timeout_ms)
        if got[0] is None:
            return got
        return [bytearray(got[0]), bytearray(got[1])]

    def stats(self):
        self._need()
        c = list(self.s.counts)
        if _on_air():
            c[4] = AIR.radio.stats()[4]         # the air counts the drops
        return tuple(c)
