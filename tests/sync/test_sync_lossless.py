"""The score log never loses a round to the host (issue 13, section 3):
the real endpoint and the real host sync code joined back to back in one
CPython process (no line faults here; tests/sync/test_sync_faults.py
does the line), the device's log damaged between syncs."""
import shutil

from synccheck import Book, played, device_log
from sync import protocol as P
from sync import records as R
from sync.endpoint import Endpoint
from sync.scorelog import ScoreLog
from host_tools.sync.link import Link
from host_tools.sync.pull import pull
from host_tools.sync.db import Db


class Wire:
    """A pyserial stand-in whose far end is an Endpoint answering at once."""

    def __init__(self, endpoint):
        self.ep = endpoint
        self.dec = P.Decoder()
        self.out = bytearray()
        self.timeout = 0

    def write(self, data):
        self.dec.feed(data)
        while True:
            fr = self.dec.next()
            if fr is None:
                return len(data)
            self.ep.handle(fr[0], fr[1], fr[2], self.out.extend)

    def read(self, n):
        b = bytes(self.out[:n])
        del self.out[:n]
        return b


def sync(folder, db):
    ep = Endpoint(ScoreLog(device_log(folder)), dev_id="dev-test", version="t")
    return pull(Link(Wire(ep), timeout=0.2, retries=3), db)


def rounds_in(db):
    return sorted(db.con.execute("SELECT match_id, round_no FROM rounds").fetchall())


def rounds_on_device(folder):
    out = set()
    for kind, seq, body in ScoreLog(device_log(folder)).records():
        if kind == P.ROUND:
            d = R.decode_round(body)
            out.add((d["match_id"], d["round"]))
    return out


def test_newest_record_damaged_after_sync_at_every_byte_then_play_and_sync_on(tmp_path):
    base = tmp_path / "base"
    played(base, 5, 6)
    with Db(str(tmp_path / "base.db")) as db:
        sync(base, db)
    data = open(device_log(base), "rb").read()
    assert P.check(data, _last_start(data))[0] == P.ROUND     # the newest is a round
    lost = 0
    for i in range(_last_start(data), len(data)):
        folder = tmp_path / ("d%d" % i)
        shutil.copytree(str(base), str(folder))
        shutil.copy(str(tmp_path / "base.db"), str(tmp_path / "d.db"))
        bad = bytearray(data)
        bad[i] ^= 0x5A
        with open(device_log(folder), "wb") as f:
            f.write(bytes(bad))
        Book(device_log(folder), 100 + i).play(3)     # a new match's rounds
        with Db(str(tmp_path / "d.db")) as db:
            s = sync(folder, db)
            assert s["synced"] == s["last_seq"]
            got = set(rounds_in(db))
        want = rounds_on_device(folder) | rounds_on_device(base)
        lost += len(want - got)
        assert want <= got, (i, sorted(want - got))
    assert lost == 0


def _last_start(data):
    pos = last = 0
    while pos < len(data):
        last = pos
        pos = P.check(data, pos)[3] + 4
    return last
