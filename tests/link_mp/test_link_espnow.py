"""The ESP32's link (hal.espnowlink) over a stand-in `espnow` with the
real API and limits (fake_radio/: espnow.py, network.py; both runtimes).
First the stand-in against espnow's documented behaviour, then the
backend on it, then a linked table paired and playing on it."""
import sys

for _d in list(sys.path):
    if _d.endswith("link_mp"):
        sys.path.append(_d + "/fake_radio")
        break

import espnow       # noqa: E402  (the stand-in: fake_radio/espnow.py)
import network      # noqa: E402

from hal.link import BROADCAST, MAX_ENCRYPTED, MTU  # noqa: E402

A = b"\x02\x00\x00\x00\x00\x01"
B = b"\x02\x00\x00\x00\x00\x02"
C = b"\x02\x00\x00\x00\x00\x03"
KEY = b"0123456789abcdef"


def err(fn, *args, **kw):
    """The error fn raises: its espnow name for an OSError, else its type."""
    try:
        fn(*args, **kw)
    except OSError as e:
        return e.args[1] if len(e.args) > 1 else str(e)
    except (ValueError, TypeError) as e:
        return type(e).__name__
    return None


def board(mac, channel=1, rxbuf=528):
    """A board's raw espnow, its station interface up on channel."""
    network.use(mac)
    sta = network.WLAN(network.WLAN.IF_STA)
    sta.active(True)
    sta.config(channel=channel)
    e = espnow.ESPNow()
    e.config(rxbuf=rxbuf)
    e.active(True)
    return e


def link(mac):
    from hal.espnowlink import EspNowLink
    network.use(mac)
    return EspNowLink(clock=(espnow.AIR.ticks_ms, espnow.AIR.sleep_ms))


# -- the stand-in keeps espnow's API and limits ----------------------------------
def test_stand_in_refuses_what_espnow_refuses():
    espnow.AIR.reset()
    network.use(A)
    e = espnow.ESPNow()
    assert err(e.send, B, b"x") == "ESP_ERR_ESPNOW_NOT_INIT"
    e.active(True)
    assert err(e.send, B, b"x") == "ESP_ERR_ESPNOW_IF"     # the WLAN is off
    network.WLAN(network.WLAN.IF_STA).active(True)
    assert err(e.send, B, b"x") == "ESP_ERR_ESPNOW_NOT_FOUND"
    e.add_peer(B)
    assert err(e.add_peer, B) == "ESP_ERR_ESPNOW_EXIST"
    assert err(e.send, B, bytes(espnow.MAX_DATA_LEN + 1)) == "ValueError"
    assert err(e.add_peer, C, b"short") == "ValueError"
    assert err(e.add_peer, C, channel=6) == "ESP_ERR_ESPNOW_CHAN"
    assert err(e.add_peer, BROADCAST, KEY) == "ESP_ERR_ESPNOW_ARG"   # no encrypted broadcast
    assert err(e.set_pmk, b"short") == "ValueError"
    assert espnow.MAX_DATA_LEN == MTU == 250


def test_stand_in_configures_as_the_port_does():
    espnow.AIR.reset()
    network.use(C)
    sta = network.WLAN(network.WLAN.IF_STA)
    assert err(sta.config, channel=6) == "Wifi Not Started"
    sta.active(True)
    sta.config(channel=6, pm=sta.PM_NONE)
    assert (sta.config("mac"), sta.config("channel"), sta.config("pm")) == (C, 6, sta.PM_NONE)
    assert err(sta.config, channel=15) == "ValueError"
    assert err(sta.config, "nope") == "ValueError" == err(sta.config, nope=1)
    assert err(sta.config, "mac", channel=1) == "TypeError"     # one or the other
    e = espnow.ESPNow()
    assert err(e.config, "rxbuf") == "ESP_ERR_ESPNOW_NOT_INIT"
    assert err(e.config, rxbuf=-1) == "ValueError"
    e.config(rxbuf=600, timeout_ms=50, rate=3)                  # rate: accepted, no effect
    e.active(True)
    assert (e.config("rxbuf"), e.config("timeout_ms")) == (600, 50)
    assert err(e.config, "rate") == "ValueError" == err(e.config, nope=1)
    e.active(False)


def test_twenty_peers_six_of_them_encrypted():
    espnow.AIR.reset()
    e = board(A)
    for i in range(espnow.MAX_ENCRYPT_PEER_NUM):
        e.add_peer(bytes((2, 1, 0, 0, 0, i)), KEY)
    assert err(e.add_peer, b"\x02\x01\x00\x00\x00\x09", KEY) == "ESP_ERR_ESPNOW_FULL"
    e.add_peer(b"\x02\x01\x00\x00\x00\x09")                # plaintext still fits
    assert err(e.mod_peer, b"\x02\x01\x00\x00\x00\x09", KEY) == "ESP_ERR_ESPNOW_FULL"
    for i in range(espnow.MAX_TOTAL_PEER_NUM - 7):
        e.add_peer(bytes((2, 2, 0, 0, 0, i)))
    assert e.peer_count() == (20, 6)
    assert err(e.add_peer, b"\x02\x03\x00\x00\x00\x00") == "ESP_ERR_ESPNOW_FULL"
    assert MAX_ENCRYPTED == espnow.MAX_ENCRYPT_PEER_NUM == 6


def test_a_full_receive_buffer_drops_frames_the_sender_saw_acknowledged():
    espnow.AIR.reset()
    a, b = board(A), board(B)
    a.add_peer(B)
    assert [a.send(B, bytes([i]) * 250) for i in range(3)] == [True, True, True]
    assert b.stats()[4] == 1                     # the third: acknowledged, dropped
    assert b.recv(0)[1] == bytes(250) and b.recv(0)[1] == b"\x01" * 250
    assert b.recv(0) == (None, None)
    assert a.stats()[:3] == (3, 3, 0)


def test_send_returns_before_the_frame_lands():
    espnow.AIR.reset()
    a, b = board(A), board(B)
    a.add_peer(B)
    assert a.send(B, b"soon", False) is True
    assert not b.any()                           # not on the air yet
    assert b.recv(50)[1] == b"soon"              # the clock moved: it landed
    network.use(B)
    network.WLAN(network.WLAN.IF_STA).active(False)
    assert a.send(B, b"to nobody") is False      # no radio listening: no ack
    assert a.send(B, b"to nobody", False) is True


def test_encrypted_frames_reach_only_the_peer_with_the_same_key():
    espnow.AIR.reset()
    a, b, c = board(A), board(B), board(C)
    a.add_peer(B, KEY)
    a.add_peer(C, KEY)
    b.add_peer(A, KEY)
    c.add_peer(A, b"fedcba9876543210")
    assert a.send(B, b"secret") and a.send(C, b"secret")      # both radios ack
    assert b.recv(0)[1] == b"secret" and c.recv(0) == (None, None)
    assert [x[4] for x in espnow.AIR.carried] == ["taken", "not decrypted"]
    a.mod_peer(C, b"")                            # a key dropped: plaintext again
    assert a.send(C, b"plain") and c.recv(0)[1] == b"plain"


# -- the backend -------------------------------------------------------------------
def test_station_mode_one_channel_not_connected_and_broadcast_plain():
    espnow.AIR.reset()
    ln = link(A)
    sta = network.boards[A]
    assert sta.up and not sta.connected and sta.channel == ln.channel == 1
    assert sta.pm == network.WLAN.PM_NONE
    assert ln.mac == A
    assert ln.e.get_peer(BROADCAST)[4] is False
    assert ln.peers() == []                      # broadcast is the backend's own


def test_backend_keys_are_espnow_lmks_and_frames_pass():
    espnow.AIR.reset()
    a, b = link(A), link(B)
    a.add_peer(B, KEY)
    b.add_peer(A, KEY)
    assert a.e.get_peer(B)[1] == KEY and a.e.get_peer(B)[4] is True
    assert a.send(B, b"hello") is True
    assert b.recv(0) == (A, b"hello") and b.heard(A) == 0
    assert espnow.AIR.carried[-1][3] is True     # it went encrypted
    assert a.send_plain(B, b"plain") and espnow.AIR.carried[-1][3] is False
    assert a.e.get_peer(B)[4] is True            # and the key is back
    for i in range(MAX_ENCRYPTED - 1):
        a.add_peer(bytes((2, 9, 0, 0, 0, i)), KEY)
    assert "FULL" in err(a.add_peer, b"\x02\x09\x00\x00\x00\x09", KEY)
    a.del_peer(B)
    assert err(a.e.get_peer, B) == "ESP_ERR_ESPNOW_NOT_FOUND"
    assert "NOT_FOUND" in err(a.send, B, b"x")


def test_backend_counts_drops_and_switches_the_radio():
    espnow.AIR.reset()
    a, b = link(A), link(B)
    a.add_peer(B)
    for i in range(3):
        assert a.send(B, bytes([i + 1]) * 250) is True
    assert b.stats()[4] == 1 and a.stats()[:3] == (3, 3, 0)
    assert b.radio(False) is True and not network.boards[B].up
    assert a.send(B, b"while off") is False      # unacknowledged, lost
    assert b.recv(100) == (None, None) and espnow.AIR.now == 100
    starts = network.boards[B].starts
    assert b.radio(True) is True and network.boards[B].starts == starts + 1
    assert network.boards[B].channel == 1 and network.boards[B].pm == network.WLAN.PM_NONE
    assert b.radio(True) is False
    assert [b.recv(0)[1][0], b.recv(0)[1][0]] == [1, 2]   # the buffer kept its frames
    assert a.send(B, b"again") and b.recv(0) == (A, b"again")


# -- a linked table on the ESP32 backend -----------------------------------------------------
def _run(sides, ms, until):
    t = 0
    while t < ms:
        if until():
            return True
        for s in sides:
            s.wait(0)
        espnow.AIR.sleep_ms(10)
        t += 10
    return until()


def _table(n, loss=0.0):
    from link import messages as M
    from link.guest import Guest
    from link.host import Host
    from link_table import CODE, NAMES, mac
    from mem_link import counter_rand
    espnow.AIR.reset(loss=loss, seed=7)
    host = Host(link(mac(0)), 0xC0FFEE, counter_rand(1), "Ann")
    host.open([M.HOST_SEAT] + [M.LINKED] * (n - 1), ["Ann"] + [""] * (n - 1), CODE)
    guests = [Guest(link(mac(i)), counter_rand(i + 1), NAMES[i]) for i in range(1, n)]
    sides = [host] + guests
    assert _run(sides, 5000, lambda: all(g.tables for g in guests))
    for g in guests:
        g.join(mac(0), host.table, CODE)
    assert _run(sides, 20000, lambda: not host.free() and all(g.paired() for g in guests))
    return host, guests, sides


def test_a_table_pairs_over_espnow_and_its_frames_go_encrypted():
    from link.frames import DATA, radio_key
    from link_table import mac
    from rummikub.game import Game
    from rummikub.rules import Rules
    host, guests, sides = _table(3, loss=0.2)
    for g in guests:
        k = radio_key(g.host.pkey)
        assert g.link.e.get_peer(mac(0))[1:] == (k, 1, 0, True)
        assert host.link.e.get_peer(g.link.mac)[1:] == (k, 1, 0, True)
    assert host.link.e.get_peer(guests[0].link.mac)[1] != host.link.e.get_peer(guests[1].link.mac)[1]
    n = len(espnow.AIR.carried)
    host.begin(Game(Rules(), 3, 5, 1, host.names), 0x77)
    assert _run(sides, 20000, lambda: all(g.view is not None and g.view.version == host.version
                                            for g in guests))
    data = [x for x in espnow.AIR.carried[n:] if x[0] != BROADCAST and x[2][1] == DATA]
    assert data and all(x[3] for x in data)       # every DATA frame went encrypted
    for g in guests:
        assert list(g.view.racks[g.seats[0]]) == list(host.game.racks[g.seats[0]])


def test_a_lost_paired_is_sent_again_in_plaintext():
    """The host encrypts for a console once it sent PAIRED; if PAIRED is
    lost the console (no key yet) JOINs again and gets it in plaintext."""
    from link.frames import PAIRED
    orig = espnow._State.carry
    dropped = []

    def carry(self, dst, msg, key):
        if msg[1] == PAIRED and not dropped:
            dropped.append(msg)
            espnow.AIR.carried.append((self.mac, dst, msg, key is not None, "lost"))
            return False
        return orig(self, dst, msg, key)

    espnow._State.carry = carry
    try:
        host, guests, sides = _table(2)
    finally:
        espnow._State.carry = orig
    paired = [x for x in espnow.AIR.carried if x[2][1] == PAIRED]
    assert dropped and len(paired) >= 2 and not any(x[3] for x in paired)
    assert paired[-1][4] == "taken" and guests[0].paired()
