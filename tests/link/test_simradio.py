"""The simulated radio as consoles meet it (hal.simradio through
host_tools.link.air): a receive buffer that drops frames its sender saw
acknowledged, a virtual clock that moves only when every console
waits, and the unix port's hal on it."""
import os
import sys

from host_tools import FIRMWARE
from host_tools.link import air as A
from host_tools.link import run as R

A_MAC, B_MAC = "020000000001", "020000000002"
SENDER = """
import os
from hal.simradio import SimRadio
r = SimRadio(bytes.fromhex(%r), int(os.getenv("POCKET_AIR")))
b = bytes.fromhex(%r)
r.add_peer(b)
r.sleep_ms(10)
print("acks", [r.send(b, bytes([i]) * 250) for i in range(3)], "at", r.ticks_ms())
r.close()
""" % (A_MAC, B_MAC)
BUSY = """
import os
from hal.unixport import UnixHal
h = UnixHal("data")
r = h.link()
h.sleep_ms(1000)                      # a blocking refresh: the radio is not read
got = []
while True:
    mac, f = r.recv(100)
    if f is None:
        break
    got.append(f[0])
print("got", got, "dropped", r.stats()[4], "at", h.ticks_ms())
r.close()
"""


def play(tmp_path, runtime, faults=None):
    air = A.Air(faults, 1)
    for name, mac, script in (("A", A_MAC, SENDER), ("B", B_MAC, BUSY)):
        d = tmp_path / name
        d.mkdir()
        (d / "main.py").write_text(script)
        argv, env = R.runtime(runtime)
        env = dict(env, POCKET_MAC=mac)
        air.add(A.Console(name, bytes.fromhex(mac), [argv[0], "main.py"], str(d), env,
                          str(tmp_path / (name + ".out"))))
    assert air.run(), air.problem
    return [(tmp_path / n).with_suffix(".out").read_text() for n in "AB"]


def test_a_full_receive_buffer_drops_frames_the_sender_saw_acknowledged(tmp_path):
    a, b = play(tmp_path, "micropython")
    assert "acks [True, True, True] at 10" in a, a
    # two 250-byte frames fill espnow's 516-byte buffer; the third is
    # dropped; the busy console's clock read 1000 ms after a real instant
    assert "got [0, 1] dropped 1 at 1100" in b, b


def test_cpython_consoles_share_the_same_radio(tmp_path):
    a, b = play(tmp_path, "python")
    assert "acks [True, True, True] at 10" in a and "got [0, 1] dropped 1 at 1100" in b, a + b


def test_a_lost_frame_is_not_acknowledged(tmp_path):
    a, b = play(tmp_path, "micropython", A.Faults(loss=1.0))
    assert "acks [False, False, False]" in a and "got [] dropped 0" in b, a + b


def test_junk_lands_only_where_a_real_frame_could(monkeypatch):
    """A replayed frame crosses no partition and reaches no radio that is
    off (it once did: a replay relayed a console cut off by a partition,
    which then never went quiet)."""
    from host_tools.link import fuzz as junk
    monkeypatch.setattr(junk, "KINDS", ("replayed",))
    air = A.Air(A.Faults(partitions=[(0, 1000, {"Bo"})]), 1, fuzz_per_s=1)
    try:
        ann = A.Console("Ann", b"\x02\x00\x00\x00\x00\x01", [], ".", {}, "/dev/null")
        bo = A.Console("Bo", b"\x02\x00\x00\x00\x00\x02", [], ".", {}, "/dev/null")
        for c in (ann, bo):
            air.add(c)
            c.state = "ready"           # alive, not waiting: frames stay in its buffer
        air.fuzz.saw(ann.mac, bo.mac, b"\xd1\x10" + bytes(20))
        air.running = None
        air.fuzz.fire(air)
        assert bo.rxq == [] and air.fuzz.sent["replayed"] == 0      # cut off
        air.now = 1000
        bo.on = False
        air.fuzz.fire(air)
        assert bo.rxq == [] and air.fuzz.sent["replayed"] == 0      # its radio off
        bo.on = True
        air.fuzz.fire(air)
        assert bo.rxq == [(ann.mac, b"\xd1\x10" + bytes(20))] and air.fuzz.sent["replayed"] == 1
    finally:
        air.sock.close()
