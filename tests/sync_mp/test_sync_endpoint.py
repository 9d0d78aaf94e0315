"""Endpoint request handling without a transport (CPython + MicroPython)."""
import json
import struct

from sync import messages as M
from sync import protocol as P
from sync.endpoint import Endpoint, HELLO_TIME
from sync.scorelog import ScoreLog
from synctmp import scratch, remove
from sync.matchid import reserve
from endpoint_frames import ask


def setup():
    path = scratch("ep")
    log = ScoreLog(path)
    mid = reserve(log)
    log.append_round(mid, 1, ["A", "B"], [7, -7], [0, 7], 0)
    log.append_match(mid, ["A", "B"], [[7, -7]], [7, -7], [1, 0], 0)
    ep = Endpoint(ScoreLog(path), "dev-1", "v9", path + ".players", path + ".settings")
    return path, ep




def cleanup(path):
    remove(path, path + ".synced", path + ".players", path + ".settings")


def test_hello_get_ack():
    path, ep = setup()
    (t, s, p), = ask(ep, M.HELLO, 5)[0]
    assert t == M.HELLO_OK and s == 5
    ver, log_id, last, synced = struct.unpack_from("<BIII", p, 0)
    assert (ver, last, synced) == (1, 3, 0) and log_id == ep.log.log_id
    assert P.get_str(p, 13)[0] == "dev-1"
    frames, _ = ask(ep, M.GET, 6, struct.pack("<IB", 1, 16))
    assert [(t, s) for t, s, _ in frames] == [(P.ROUND2, 2), (P.MATCH2, 3), (M.END, 6)]
    assert struct.unpack("<IBII", frames[-1][2]) == (3, 2, 2, 3)
    frames, _ = ask(ep, M.GET, 7, struct.pack("<IB", 0, 1))
    assert [(t, s) for t, s, _ in frames] == [(P.LOG_START, 1), (M.END, 7)]
    (t, s, p), = ask(ep, M.ACK, 8, struct.pack("<I", 3))[0]
    assert t == M.ACK_OK and struct.unpack("<I", p)[0] == 3 and ep.log.synced() == 3
    cleanup(path)


def test_a_hello_with_the_hosts_time_sets_the_clock():
    path, ep = setup()
    got = []
    ep.clock = lambda unix, off: got.append((unix, off))
    (t, s, p), = ask(ep, M.HELLO, 5)[0]          # an older host: no time, nothing set
    assert t == M.HELLO_OK and got == []
    (t, s, p), = ask(ep, M.HELLO, 6, struct.pack(HELLO_TIME, 1795836658, -300))[0]
    assert t == M.HELLO_OK and got == [(1795836658, -300)]

    def full(unix, off):
        raise OSError(28)                          # ENOSPC: the offset not written
    ep.clock = full
    (t, s, p), = ask(ep, M.HELLO, 7, struct.pack(HELLO_TIME, 1795836658, 0))[0]
    assert t == M.HELLO_OK and ep.errors == 0     # sync goes on without the date
    cleanup(path)


def test_players_and_settings_are_saved():
    path, ep = setup()
    pl = bytearray([2])
    P.put_str(pl, "Ana")
    P.put_str(pl, "Bo")
    assert ask(ep, M.PLAYERS, 1, pl)[0][0][0] == M.OK
    with open(path + ".players") as f:
        assert json.loads(f.read()) == ["Ana", "Bo"]
    st = bytearray()
    P.put_pairs(st, {"joker_penalty": 20, "contrast": 3})
    assert ask(ep, M.SETTINGS, 2, st)[0][0][0] == M.OK
    with open(path + ".settings") as f:
        assert json.loads(f.read()) == {"joker_penalty": 20, "contrast": 3}
    cleanup(path)


def names_payload(names):
    pl = bytearray([len(names)])
    for n in names:
        P.put_str(pl, n)
    return pl


def test_refused_names_and_settings_are_said():
    """Issue 24 D7 and the minor items: names that break the rule
    (sync.limits) and settings out of range are refused, and the OK reply
    says each; the names file stays as it was, the good settings are kept."""
    path, ep = setup()
    assert ask(ep, M.PLAYERS, 1, names_payload(["Ana", "Bo"]))[0][0] == (M.OK, 1, b"")
    hostile = ["Cy", "\x1b[2J", "Bo\tX", "\u202eAB", "Ninechars", "=cmd|' /C calc'!A0",
               " Ed", "Zo\u00eb", ""]
    frames, more = ask(ep, M.PLAYERS, 2, names_payload(hostile))
    assert more is True and frames[0][:2] == (M.OK, 2)
    said = frames[0][2].decode().split("\n")
    assert len(said) == len(hostile) - 1, said
    assert "not printable" in said[0] and "1..8" in said[3] and "space" in said[5]
    assert "not printable" in said[6] and "0 characters" in said[7]
    with open(path + ".players") as f:
        assert json.loads(f.read()) == ["Ana", "Bo"]
    st = bytearray()
    P.put_pairs(st, {"idle_min": 100000, "partials": -5, "initial_meld": 2147483647,
                     "joker_penalty": "lots", "timer_s": 90, "partials ": True})
    frames, more = ask(ep, M.SETTINGS, 3, st)
    said = frames[0][2].decode().split("\n")
    assert frames[0][:2] == (M.OK, 3) and len(said) == 4, said
    assert "setting idle_min takes a whole number 0..600, not 100000" in said
    assert "setting partials takes a whole number 1..1000, not -5" in said
    assert "rule initial_meld takes at most 999, not 2147483647" in said
    with open(path + ".settings") as f:
        assert json.loads(f.read()) == {"timer_s": 90, "partials ": True}
    cleanup(path)


def test_bad_requests_get_errors_not_crashes():
    path, ep = setup()
    cases = [(M.GET, b"\x01", "bad GET"),
             (0x44, b"", "unknown message type 0x44"), (M.PLAYERS, b"\x05\x01", "bad PLAYERS"),
             (M.SETTINGS, b"\x01\x03abc\x7a", "bad SETTINGS")]
    for ftype, payload, words in cases:
        frames, more = ask(ep, ftype, 3, payload)
        assert more is True
        assert frames[0][0] == M.ERR and frames[0][1] == 3
        assert words in frames[0][2].decode(), frames[0][2]
    assert ep.errors == 4
    assert ask(ep, M.BYE, 4) == ([(M.OK, 4, b"")], False)
    cleanup(path)


def test_version_from_the_flash_tools_file():
    import os
    from sync.inbox import firmware_version
    from synctmp import scratch
    d = scratch("ver")
    os.mkdir(d)
    cwd = os.getcwd()
    os.chdir(d)
    try:
        assert firmware_version() == "dev"
        with open("version.json", "w") as f:
            f.write('{"commit": "0123456789abcdef", "bundle": "fedcba9876543210aa", "files": 3}')
        assert firmware_version() == "0123456789ab bundle fedcba987654"
        with open("version.json", "wb") as f:     # damaged: not even text
            f.write(b"\xff\xfe{\x00")
        assert firmware_version() == "dev"
        remove("version.json")
    finally:
        os.chdir(cwd)
        os.rmdir(d)


class ScriptedLine:
    """A transport that plays given chunks (b'' = a quiet interval)."""

    def __init__(self, chunks):
        self.chunks = list(chunks)
        self.out = []

    def read(self, timeout_ms):
        return self.chunks.pop(0) if self.chunks else None

    def write(self, data):
        self.out.append(data)


def test_serve_answers_resyncs_and_stops():
    from sync.endpoint import serve
    path, ep = setup()
    hello = P.encode(M.HELLO, 1)
    cut = P.encode(M.HELLO, 2)[:7]
    line = ScriptedLine([hello[:4], hello[4:], cut, b"", P.encode(M.ACK, 3, b"\x02\x00\x00\x00"),
                         b"", b""])
    calls = []
    assert serve(line, ep, 10, lambda: calls.append(1) or len(calls) >= 2) is False
    dec = P.Decoder()
    dec.feed(b"".join(line.out))
    got = []
    while True:
        fr = dec.next()
        if fr is None:
            break
        got.append(fr[:2])
    # the cut frame is dropped on the first quiet interval; ACK still answered
    assert got == [(M.HELLO_OK, 1), (M.ACK_OK, 3)] and len(calls) == 2
    line = ScriptedLine([P.encode(M.BYE, 4), P.encode(M.HELLO, 5)])
    assert serve(line, ep, 10) is True and len(line.out) == 1
    assert serve(ScriptedLine([]), ep, 10) is False      # the line closed
    cleanup(path)
