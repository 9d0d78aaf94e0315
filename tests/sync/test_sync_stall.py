"""Sync makes progress on a line that stalls (issue 24, liveness): 10-400 ms
pauses before 2% of the bytes, both ways, between the host's pull() and
the firmware's endpoint on the MicroPython unix port, with 50+ records
waiting, a timeout (0.3 s) shorter than the longest stalls.  Before the
fix three sessions moved nothing: each try of a batch of 16 timed out and
asked again behind its own reply.  Now a try waits while bytes come,
longer after a silent one, takes a late reply to an earlier try, keeps
records from every try, and once replies are seen to take long it waits
twice their round trip (issue 37): one session moves every record (it took
three, halving the batch, before that)."""
import serial

from devlink import Device, FaultProxy, StallPlan, fast_close
from synccheck import assert_consistent, device_log, played
from host_tools.sync.link import Link, SyncError
from host_tools.sync.pull import pull
from host_tools.sync.db import Db

TIMEOUT = 0.3
SESSIONS = 3


def test_sync_gets_through_a_stalling_line(tmp_path):
    folder = tmp_path / "device"
    played(folder, 21, 55)
    msgs, outcomes = [], []
    with Device(folder) as dev, FaultProxy(dev, StallPlan(21), 21) as proxy, \
            Db(str(tmp_path / "host.db")) as db:
        assert db.last_seq("dev-test", 0) == 0
        for _ in range(SESSIONS):
            ser = serial.serial_for_url(proxy.url, timeout=TIMEOUT)
            try:
                s = pull(Link(ser, timeout=TIMEOUT, retries=10, say=msgs.append), db,
                         say=msgs.append)
                outcomes.append(s["new"])
                break
            except SyncError as e:
                outcomes.append(str(e))
            finally:
                fast_close(ser)
        matches, records = assert_consistent(db, device_log(folder), complete=True)
        assert dev.stderr() == ""
    print("stalls %d, sessions %s, %d records" % (proxy.counts["stall"], outcomes, records))
    assert records >= 50 and proxy.counts["stall"] >= 50
    assert outcomes == [records], outcomes         # one session
