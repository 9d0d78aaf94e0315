"""hal.link's limits, ESP-NOW v1's, on every backend (CPython +
MicroPython; here through the in-process link of the protocol tests)."""
from hal.link import BROADCAST, MAX_PEERS, MTU, mac_text
from mem_link import Ether


def raises(exc, fn, *args):
    try:
        fn(*args)
    except exc as e:
        return str(e)
    return None


def test_frames_hold_1_to_250_bytes():
    e = Ether()
    a, b = e.add(b"\x02aaaaa"), e.add(b"\x02bbbbb")
    a.add_peer(b.mac)
    assert a.send(b.mac, bytes(MTU)) is True
    assert "1..250" in raises(ValueError, a.send, b.mac, bytes(MTU + 1))
    assert raises(ValueError, a.send, b.mac, b"")
    assert a.stats()[:3] == (1, 1, 0)


def test_twenty_peers_and_no_send_to_a_stranger():
    e = Ether()
    a = e.add(b"\x02\x00\x00\x00\x00\x00")
    for i in range(MAX_PEERS):
        a.add_peer(bytes((2, 0, 0, 0, 1, i)))
    a.add_peer(bytes((2, 0, 0, 0, 1, 0)))          # again: no second entry
    assert len(a.peers()) == MAX_PEERS
    assert "ESP_ERR_ESPNOW_FULL" in raises(OSError, a.add_peer, b"\x02\x00\x00\x00\x02\x00")
    assert "NOT_FOUND" in raises(OSError, a.send, b"\x02\x00\x00\x00\x02\x00", b"x")
    a.del_peer(bytes((2, 0, 0, 0, 1, 0)))
    a.add_peer(b"\x02\x00\x00\x00\x02\x00")
    assert a.send(BROADCAST, b"hello") is True     # broadcast needs no peer entry
    assert mac_text(b"\x02\x00\x00\x00\x02\x0f") == "02:00:00:00:02:0f"


def test_frames_from_anyone_arrive_and_only_peers_are_heard():
    e = Ether()
    a, b, c = e.add(b"\x02aaaaa"), e.add(b"\x02bbbbb"), e.add(b"\x02ccccc")
    b.add_peer(a.mac)
    c.add_peer(a.mac)
    a.add_peer(b.mac)
    e.now = 500
    b.send(a.mac, b"from a peer")
    c.send(a.mac, b"from a stranger")
    e.step([], 10)
    got = [a.recv(0), a.recv(0), a.recv(0)]
    assert got == [(b.mac, b"from a peer"), (c.mac, b"from a stranger"), (None, None)]
    assert a.heard(b.mac) == 510 and a.heard(c.mac) is None
