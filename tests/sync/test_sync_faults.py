"""End to end under injected faults: the firmware's sync endpoint on the
MicroPython unix port, the host's pull() over pyserial, a fault proxy in
between.  After every session the DB must hold an unbroken, byte-exact prefix
of the device log with nothing counted twice; at the end, all of it."""
import os
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import serial

from devlink import Device, FaultProxy, RandomPlan, HangUpAfter, fast_close
from synccheck import Book, assert_consistent, device_log, played
from sync import scorelog
from sync.scorelog import ScoreLog
from host_tools.sync.db import Db
from host_tools.sync.link import Link, SyncError
from host_tools.sync.pull import pull

TIMEOUT, QUIET = 0.1, 0.03
CORRUPT = ("drop", "flip", "dup", "trunc", "lose", "noise")


SURE = 50      # retries when the line is good: outlast a slow start under load


def session(proxy, db, msgs, retries=6, summary=None):
    ser = serial.serial_for_url(proxy.url, timeout=TIMEOUT)
    try:
        s = pull(Link(ser, timeout=TIMEOUT, quiet=QUIET, retries=retries, say=msgs.append),
                 db, batch=6)
        if summary is not None:
            summary.update(s)
        return "complete"
    except SyncError:
        return "gave up"
    except serial.SerialException:
        return "hung up"
    finally:
        fast_close(ser)


def rig(folder, seed, plan, target, steps_per_session, max_sessions=400):
    """One device + proxy + host DB: sessions with new results logged before
    each, until the proxy has injected `target` faults; then a clean sync."""
    book = played(folder, seed, 0)
    msgs, outcomes = [], Counter()
    with Device(folder) as dev, FaultProxy(dev, plan, seed) as proxy, \
            Db(str(folder) + ".db") as db:
        for i in range(max_sessions):
            if proxy.faults() >= target:
                break
            book.play(steps_per_session)
            outcomes[session(proxy, db, msgs)] += 1
            assert proxy.error is None, proxy.error
            assert dev.alive(), (i, dev.proc.returncode, dev.stderr(), dict(proxy.counts))
            assert_consistent(db, device_log(folder))
        proxy.plan = None                      # the line is good again
        assert session(proxy, db, msgs, SURE) == "complete"
        matches, records = assert_consistent(db, device_log(folder), complete=True)
        assert dev.stderr() == ""              # the device never crashed
    assert proxy.faults() >= target
    return proxy.counts, outcomes, msgs, matches


def campaign(tmp_path, seeds, plan, target, steps_per_session=2):
    """Rigs in parallel (the time goes into waiting out lost frames)."""
    with ThreadPoolExecutor(len(seeds)) as ex:
        futs = [ex.submit(rig, tmp_path / ("dev%d" % s), s, plan(s), target, steps_per_session)
                for s in seeds]
        results = [f.result() for f in futs]
    counts, outcomes, msgs, matches = Counter(), Counter(), [], 0
    for c, o, m, n in results:
        counts.update(c)
        outcomes.update(o)
        msgs.extend(m)
        matches += n
    print("faults %d %s outcomes %s matches %d"
          % (sum(counts.values()), dict(counts), dict(outcomes), matches))
    return counts, outcomes, msgs, matches


def test_all_fault_kinds(tmp_path):
    counts, outcomes, msgs, matches = campaign(tmp_path, (1, 2, 3, 4),
                                               lambda s: RandomPlan(s, 0.2), 120)
    assert all(counts[k] > 20 for k in counts) and len(counts) == 8
    assert outcomes["complete"] and outcomes["hung up"] and matches > 20
    # damaged frames both ways were named and retried
    assert any("bad frame from device: CRC mismatch" in m for m in msgs)
    assert any("device says: bad frame: CRC mismatch" in m for m in msgs)


def test_corruption_only(tmp_path):
    counts, outcomes, msgs, matches = campaign(
        tmp_path, (5, 6, 7, 8), lambda s: RandomPlan(s, 0.3, CORRUPT), 100, steps_per_session=4)
    assert outcomes["complete"] > outcomes["gave up"]


def test_device_resets_mid_sync(tmp_path):
    counts, outcomes, msgs, matches = campaign(
        tmp_path, (9, 10, 11), lambda s: RandomPlan(s, 0.15, ("reset", "reset", "lose", "flip")),
        60)
    assert counts["reset"] >= 60


def test_hang_up_after_every_frame_in_turn(tmp_path):
    """A full sync of a fresh log, cut right after frame 1, 2, ... (both
    directions counted); each time the next sync resumes from what the DB
    kept, fetches only the rest, and ends with the whole log, once."""
    folder = tmp_path / "device"
    played(folder, 4, 40)
    # a big heap: no GC hides a leaked file
    with Device(folder, heap="1m") as dev, FaultProxy(dev, None, 4) as proxy:
        frames = Counter()
        proxy.plan = lambda d, i, f: frames.update([d])
        # frames counted on the second probe: the first may retry while the
        # device starts (under load), then the later syncs need fewer
        for probe_no in (1, 2):
            frames.clear()
            if probe_no == 2:
                os.remove(device_log(folder) + ".synced")
            probe = Db(str(tmp_path / ("probe%d.db" % probe_no)))
            assert session(proxy, probe, [], SURE) == "complete"
            nrec = assert_consistent(probe, device_log(folder), complete=True)[1]
            probe.close()
        total = sum(frames.values())
        assert total > 20 and frames["h2d"] > 5
        outcomes = Counter()
        for n in range(1, total + 1):
            os.remove(device_log(folder) + ".synced")    # a new host, a fresh device mark
            db = Db(str(tmp_path / ("host%d.db" % n)))
            proxy.plan = HangUpAfter(n)
            outcomes[session(proxy, db, [], SURE)] += 1
            kept = assert_consistent(db, device_log(folder))[1]
            proxy.plan = None
            summary = {}
            assert session(proxy, db, [], SURE, summary=summary) == "complete"
            assert summary["new"] == nrec - kept
            assert_consistent(db, device_log(folder), complete=True)
            db.close()
        # every GET closed its log file (stdio + the pty + at most one)
        assert len(os.listdir("/proc/%d/fd" % dev.proc.pid)) <= 5
    print("hang-ups %d outcomes %s" % (total, dict(outcomes)))
    # cut after the very last reply, the host has already finished
    assert proxy.counts["disconnect"] == total and outcomes["hung up"] >= total - 1


def test_wiped_device_log_starts_a_new_log(tmp_path, monkeypatch):
    """Reflashing with an erase wipes scores.log: seq numbers restart, but the
    new log has a new id, so the host neither skips its records nor mixes
    them up with the old log's matches.  The new id is chosen, not drawn:
    the worst case, its low 16 bits those of the old one, so the new log's
    first match id equals the old log's first (issue 24 D1)."""
    folder = tmp_path / "device"
    played(folder, 12, 12)
    old_id = ScoreLog(device_log(folder)).refresh().log_id
    monkeypatch.setattr(scorelog, "_new_log_id", lambda: old_id ^ 0x5A5A0000)
    with Device(folder) as dev, FaultProxy(dev, None, 12) as proxy:
        db = Db(str(tmp_path / "host.db"))
        assert session(proxy, db, [], SURE) == "complete"
        old_matches, old_records = assert_consistent(db, device_log(folder), complete=True)
        for suffix in ("", ".synced", ".state"):     # an erase takes every file
            os.remove(device_log(folder) + suffix)
        dev.reset()
        Book(device_log(folder), 13).play(5)
        summary, msgs = {}, []
        assert session(proxy, db, msgs, SURE, summary=summary) == "complete", msgs
        assert summary["new"] == 6
        new_matches, _ = assert_consistent(db, device_log(folder), complete=True)
    finished = db.con.execute("SELECT count(*) FROM matches WHERE finished = 1").fetchone()[0]
    logs = db.con.execute("SELECT count(*), sum(last_seq) FROM logs").fetchone()
    db.close()
    assert finished == old_matches + new_matches > old_matches
    assert logs == (2, old_records + 6)
