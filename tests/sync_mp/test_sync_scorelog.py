"""Score log on flash: every torn write and every damaged byte (CPython + MicroPython)."""
import os

from sync import protocol as P
from sync import matchid
from sync import records as R
from sync.scorelog import LOG_PATH, ScoreLog
from synctmp import scratch, write, read, remove

NAMES = ["Ana", "Bo", "Cy"]


def fill(log, matches=2, rounds=2):
    """Log whole matches; returns the match ids."""
    ids = []
    for _ in range(matches):
        mid = matchid.reserve(log)
        rows = []
        for r in range(1, rounds + 1):
            row = [10 + r, -4, -6 - r]
            rows.append(row)
            log.append_round(mid, r, NAMES, row, [0, 4, 6 + r], 0, r == 2)
        log.append_match(mid, NAMES, rows, [sum(x[i] for x in rows) for i in range(3)],
                         [rounds, 0, 0], 0, {"initial_meld": 25})
        ids.append(mid)
    return ids


def spans(data):
    """(seq, start, end) of each record in a clean log image."""
    out, pos = [], 0
    while pos < len(data):
        t, seq, start, end = P.check(data, pos)
        out.append((seq, pos, end + 4))
        pos = end + 4
    return out


def filled(name):
    """A scratch log with two whole matches: (path, its bytes, their spans)."""
    path = scratch(name)
    fill(ScoreLog(path))
    data = read(path)
    return path, data, spans(data)


def seqs(path):
    return [s for _, s, _ in ScoreLog(path).records()]


def test_append_and_read_back():
    path = scratch("log")
    log = ScoreLog(path)
    ids = fill(log)
    assert ids == [matchid.make("", log.log_id, n) for n in (1, 2)]
    recs = list(ScoreLog(path).records())
    assert [k for k, _, _ in recs] == [P.LOG_START, P.ROUND2, P.ROUND2, P.MATCH2,
                                       P.ROUND2, P.ROUND2, P.MATCH2]
    assert [s for _, s, _ in recs] == [1, 2, 3, 4, 5, 6, 7]
    m = R.decode(P.MATCH2, recs[3][2])
    assert m["match_id"] == ids[0] and m["rules"] == {"initial_meld": 25}
    assert [s for _, s, _ in ScoreLog(path).records(5)] == [6, 7]
    again = ScoreLog(path)
    assert matchid.reserve(again) == matchid.make("", log.log_id, 3)
    assert again.refresh().last_seq == 7
    remove(path)


def test_torn_write_at_every_byte_keeps_earlier_records():
    path, data, sp = filled("torn")
    for cut in range(len(data)):
        write(path, data[:cut])
        whole = [s for s, _, end in sp if end <= cut]
        assert seqs(path) == whole, cut
        # the next append lands after the torn bytes and is readable too
        log = ScoreLog(path)
        n = log.append_round(matchid.reserve(log), 1, ["X", "Y"], [5, -5], [0, 5], 0)
        got = seqs(path)
        if whole:
            assert got == whole + [n], (cut, got)
        else:        # nothing survived: a fresh log starts
            assert len(got) == 2 and got[1] == got[0] + 1, (cut, got)
    remove(path)


def test_damaged_byte_anywhere_spoils_only_its_record():
    path, data, sp = filled("flip")
    every = [s for s, _, _ in sp]
    for i in range(len(data)):
        for mask in (0x01, 0xFF):
            bad = bytearray(data)
            bad[i] ^= mask
            write(path, bytes(bad))
            hit = [s for s, a, b in sp if a <= i < b][0]
            assert seqs(path) == [s for s in every if s != hit], (i, mask)
    remove(path)


def states(path):
    """The log's state file as it is now, then none (a log kept by
    firmware before the state, or a state lost): restore(i) puts the i-th
    back; every damage test runs both ways."""
    st = read(path + ".state")

    def restore(i):
        if i == 0:
            write(path + ".state", st)
        else:
            remove(path + ".state")
    return restore


def test_append_after_damage_continues_the_sequence():
    path = scratch("cont")
    fill(ScoreLog(path), 1)
    data = bytearray(read(path))
    data[-3] ^= 0x40                    # spoil the match record (seq 4)
    restore = states(path)
    for i in range(2):
        write(path, bytes(data) + b"\x00junk")
        restore(i)
        log = ScoreLog(path)
        log.refresh()
        assert log.damaged >= 1 and log.tail_bad >= 1, i
        # the state remembers seq 4; without it the last intact one is 3
        assert log.last_seq == (4 if i == 0 else 3), i
        # seq 4 may have reached the host before it was damaged: never reuse it
        n = log.append_match(1, ["A", "B"], [[1, -1]], [1, -1], [1, 0], 0)
        assert n > 4 and seqs(path) == [1, 2, 3, n]
        assert ScoreLog(path).refresh().tail_bad == 0
    remove(path)


def test_newest_record_damaged_after_sync_at_every_byte_never_reuses_its_seq():
    """The host has seq 7 (acknowledged); then any byte of record 7 goes bad.
    The next round must get a seq the host has not seen, or it is lost."""
    path, data, sp = filled("acked")
    seq, a, b = sp[-1]
    restore = states(path)
    for i in range(a, b):
        for mask in (0x01, 0x80, 0xFF):
            bad = bytearray(data)
            bad[i] ^= mask
            write(path, bytes(bad))
            restore(mask & 1)
            write(path + ".synced", read_mark(seq))     # acked before the damage
            log = ScoreLog(path)
            assert log.unsynced() == 0
            n = log.append_round(matchid.reserve(log), 1, ["X", "Y"], [5, -5], [0, 5], 0)
            assert n > seq, (i, mask, n)
            got = ScoreLog(path)
            assert [s for _, s, _ in got.records(seq)] == [n], (i, mask)
            assert got.unsynced() == n - seq
    remove(path, path + ".synced")


def read_mark(seq):
    """The bytes of a .synced file that says `seq` (as mark_synced writes it)."""
    import struct
    from binascii import crc32
    b = struct.pack("<I", seq)
    return b + struct.pack("<I", crc32(b) & 0xFFFFFFFF)


def _frame_ending_in_marker(seq):
    """A round record whose last byte (its CRC's top byte) is the frame
    marker's first byte: a tear right before it is the dangerous one."""
    for sc in range(5000):
        frame = P.encode(P.ROUND, seq, R.encode_round(7, 1, ["X", "Y"], [sc, -sc], [0, sc], 0)[1])
        if frame[-1] == P.MAGIC[0]:
            return frame
    raise AssertionError("no such frame")


def test_tear_before_a_last_byte_that_equals_the_marker_loses_nothing():
    path, data, sp = filled("marker")
    frame = _frame_ending_in_marker(sp[-1][0] + 1)
    for keep in range(P.HEAD_SIZE, len(frame)):       # torn anywhere in it
        write(path, data + frame[:keep])
        log = ScoreLog(path)
        n = log.append_round(matchid.reserve(log), 1, ["A", "B"], [1, -1], [0, 1], 0)
        recs = list(ScoreLog(path).records())
        assert [s for _, s, _ in recs] == [s for s, _, _ in sp] + [n], keep
        assert R.decode(recs[-1][0], recs[-1][2])["names"] == ["A", "B"], keep
    remove(path)


def test_synced_mark_survives_and_never_goes_back():
    path = scratch("ack")
    log = ScoreLog(path)
    fill(log, 1)
    assert log.synced() == 0 and log.unsynced() == 4
    assert log.mark_synced(3) == 3
    assert log.mark_synced(2) == 3
    assert log.mark_synced(99) == 4            # never past the last record
    assert ScoreLog(path).synced() == 4 and log.unsynced() == 0
    write(path + ".synced", b"\x04\x00")       # torn mark: read as nothing synced
    assert log.synced() == 0
    remove(path, path + ".synced")


def test_missing_log_reads_empty():
    path = scratch("none")
    assert list(ScoreLog(path).records()) == []
    assert ScoreLog(path).refresh().last_seq == 0


def test_batches_resume_from_where_the_last_ended():
    path = scratch("hint")
    log = ScoreLog(path)
    fill(log, 3)
    fresh = list(ScoreLog(path).records())
    got = []
    after = 0
    while True:
        batch = []
        for rec in log.records(after):
            batch.append(rec)
            if len(batch) == 4:
                break
        if not batch:
            break
        got.extend(batch)
        after = batch[-1][1]
        assert log._hint[0] == after        # the next batch starts at the offset
    assert got == fresh
    with open(path, "ab") as f:
        f.write(b"\xa5\x5a\x10")             # a torn append, then a whole one
    n = log.append_round(matchid.reserve(log), 1, ["A", "B"], [1, -1], [0, 1], 0)
    assert n > after and [s for _, s, _ in log.records(after)] == [n]
    assert [s for _, s, _ in log.records(2)] == [s for _, s, _ in fresh[2:]] + [n]
    remove(path)


def test_match_ids_are_reserved_when_a_match_starts():
    """Two matches started before either logs anything (a Rummikub match
    saved in its first round, then a Gin game from the title: issue 33,
    item 1) get different ids, also each from a log opened anew as the
    app opens it; the numbers carry on after a reopen, and the log's
    records never hand one out again."""
    folder = scratch("reserve")
    os.mkdir(folder)
    path = folder + "/" + LOG_PATH
    a = matchid.reserve(ScoreLog(path))
    b = matchid.reserve(ScoreLog(folder + "/" + LOG_PATH))   # as link play opens it
    log_id = ScoreLog(path).refresh().log_id
    assert a != b and [matchid.split(x) for x in (a, b)] == [("", log_id, 1), ("", log_id, 2)]
    log = ScoreLog(path)
    log.append_round(b, 1, ["A", "B"], [5, -5], [0, 5], 0)
    log.append_round(a, 1, ["C", "D"], [3, -3], [0, 3], 1)
    assert matchid.split(matchid.reserve(ScoreLog(path)))[2] == 3
    # only the LOG_START and the two rounds: a reservation writes no record
    assert seqs(path) == [1, 2, 3]
    remove(path)
    os.rmdir(folder)


def test_a_lost_state_skips_past_every_number_it_may_have_reserved():
    path = scratch("gap")
    log = ScoreLog(path)
    ids = [matchid.reserve(log) for _ in range(3)]
    log.append_round(ids[0], 1, ["A", "B"], [5, -5], [0, 5], 0)
    remove(path + ".state")                 # ids 2, 3 are held by saves only
    again = ScoreLog(path)
    n = matchid.split(matchid.reserve(again))[2]
    assert n > 3 and matchid.split(matchid.reserve(again))[2] == n + 1
    remove(path)


def test_the_log_keeps_its_identity_when_either_copy_is_damaged():
    """The log id is in the LOG_START record and in the state: damage to
    either leaves it (issue 33, item 2); when only the state still has it
    the next append writes LOG_START again, so a later damage to the
    state does not lose it either."""
    path, data, sp = filled("ident")
    log_id = ScoreLog(path).refresh().log_id
    state = read(path + ".state")
    start = sp[0]
    for i in range(start[1], start[2]):
        bad = bytearray(data)
        bad[i] ^= 0x10                      # the LOG_START record damaged
        write(path, bytes(bad))
        write(path + ".state", state)
        log = ScoreLog(path)
        assert log.refresh().log_id == log_id and log.scanned == 0, i
        n = log.append_round(matchid.reserve(log), 1, ["A", "B"], [1, -1], [0, 1], 0)
        assert [k for k, s, _ in ScoreLog(path).records(n - 2)] == [P.LOG_START, P.ROUND2]
        remove(path + ".state")             # then the state lost too: still known
        assert ScoreLog(path).refresh().log_id == log_id, i
    write(path, data)                       # the state damaged: LOG_START has it
    for i in range(len(state)):
        bad = bytearray(state)
        bad[i] ^= 0x01
        write(path + ".state", bytes(bad))
        log = ScoreLog(path)
        assert log.refresh().log_id == log_id and log.last_seq == 7, i
    remove(path)


def test_the_log_lost_but_not_its_state_carries_on_its_identity():
    """scores.log gone (a file system fault), its state kept: the records
    that follow keep the log's id and seqs after the last one, so the host
    (which has the old ones) takes them as new, not as ones it has."""
    path, data, sp = filled("lost")
    log_id = ScoreLog(path).refresh().log_id
    remove_only(path)
    log = ScoreLog(path)
    n = log.append_round(matchid.reserve(log), 1, ["A", "B"], [1, -1], [0, 1], 0)
    assert log.log_id == log_id and n > 7
    assert [k for k, s, _ in ScoreLog(path).records()] == [P.LOG_START, P.ROUND2]
    remove(path)


def remove_only(path):
    import os
    os.remove(path)
