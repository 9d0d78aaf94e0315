"""The score log never loses a round to the host (issue 13, section 3):
the real endpoint and the real host sync code joined back to back in one
CPython process (no line faults here; tests/sync/test_sync_faults.py
does the line), the device's log damaged between syncs."""
import os
import shutil

from synccheck import Book, played, device_log
from sync import protocol as P
from sync import records as R
from sync.endpoint import Endpoint
from sync.scorelog import ScoreLog
from host_tools.sync.link import Link
from host_tools.sync.pull import pull
from host_tools.sync.db import Db, match_key


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
        if kind == P.ROUND2:
            d = R.decode(kind, body)
            out.add((match_key("dev-test", 0, d["match_id"])[1], d["round"]))
    return out


def test_newest_record_damaged_after_sync_at_every_byte_then_play_and_sync_on(tmp_path):
    base = tmp_path / "base"
    played(base, 5, 6)
    with Db(str(tmp_path / "base.db")) as db:
        sync(base, db)
    data = open(device_log(base), "rb").read()
    assert P.check(data, _last_start(data))[0] == P.ROUND2    # the newest is a round
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


def test_damaged_log_start_after_sync_imports_nothing_twice(tmp_path):
    """One flipped bit in the synced LOG_START record (issue 33, item 2:
    the device drew a new log id and the host imported every round
    again, 6 -> 13).  With the state beside the log the log keeps its
    id, the next sync brings only what is new, and the next append writes
    LOG_START again; with the state lost as well (the worst case) the
    device starts a new log, the host takes its records again, and its
    tables still count every round and match once: format 2 records name
    their match themselves (db.match_key)."""
    for lose_state in (False, True):
        folder = tmp_path / ("lose%d" % lose_state)
        book = played(folder, 5, 10)
        while book.cur is not None:
            book.step()                         # the match on to its end
        with Db(str(tmp_path / ("db%d" % lose_state))) as db:
            sync(folder, db)
            rounds, finished = _round_keys(db), _finished(db)
            assert len(rounds) == len(rounds_on_device(folder)) >= 6
            log_id = ScoreLog(device_log(folder)).refresh().log_id
            data = bytearray(open(device_log(folder), "rb").read())
            data[11] ^= 0x04                    # a bit of the LOG_START record
            with open(device_log(folder), "wb") as f:
                f.write(bytes(data))
            if lose_state:
                os.remove(device_log(folder) + ".state")
            assert P.LOG_START not in [k for k, _, _ in ScoreLog(device_log(folder)).records()]
            book.log = ScoreLog(device_log(folder))   # opened anew, as the app does
            book.step()                         # a new match's first round
            s = sync(folder, db)
            log = ScoreLog(device_log(folder)).refresh()
            assert (log.log_id == log_id) != lose_state
            if not lose_state:
                kinds = [k for k, _, _ in log.records(s["last_seq"] - 2)]
                assert kinds == [P.LOG_START, P.ROUND2] and s["new"] == 2
            else:                               # every record came again
                assert s["new"] == len(list(log.records())) > len(rounds)
            now = _round_keys(db)
            assert set(rounds) < set(now) and len(now) == len(rounds) + 1, lose_state
            assert _finished(db) == finished


def _round_keys(db):
    return db.con.execute("SELECT device_id, log_id, match_id, round_no FROM rounds").fetchall()


def _finished(db):
    return db.con.execute("SELECT count(*) FROM matches WHERE finished = 1").fetchone()[0]
