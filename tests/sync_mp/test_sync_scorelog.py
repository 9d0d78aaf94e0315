"""Score log on flash: every torn write and every damaged byte (CPython + MicroPython)."""
from sync import protocol as P
from sync import records as R
from sync.scorelog import ScoreLog
from synctmp import scratch, write, read, remove

NAMES = ["Ana", "Bo", "Cy"]


def fill(log, matches=2, rounds=2):
    """Log whole matches; returns the match ids."""
    ids = []
    for _ in range(matches):
        mid = log.new_match_id()
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
    assert ids[1] == ids[0] + 1 and ids[0] >> 16 == log.log_id & 0xFFFF
    recs = list(ScoreLog(path).records())
    assert [k for k, _, _ in recs] == [P.LOG_START, P.ROUND, P.ROUND, P.MATCH,
                                       P.ROUND, P.ROUND, P.MATCH]
    assert [s for _, s, _ in recs] == [1, 2, 3, 4, 5, 6, 7]
    m = R.decode_match(recs[3][2])
    assert m["match_id"] == ids[0] and m["rules"] == {"initial_meld": 25}
    assert [s for _, s, _ in ScoreLog(path).records(5)] == [6, 7]
    again = ScoreLog(path)
    assert again.new_match_id() == ids[1] + 1 and again.refresh().last_seq == 7
    remove(path)


def test_torn_write_at_every_byte_keeps_earlier_records():
    path, data, sp = filled("torn")
    for cut in range(len(data)):
        write(path, data[:cut])
        whole = [s for s, _, end in sp if end <= cut]
        assert seqs(path) == whole, cut
        # the next append lands after the torn bytes and is readable too
        log = ScoreLog(path)
        n = log.append_round(log.new_match_id(), 1, ["X", "Y"], [5, -5], [0, 5], 0)
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


def test_append_after_damage_continues_the_sequence():
    path = scratch("cont")
    fill(ScoreLog(path), 1)
    data = bytearray(read(path))
    data[-3] ^= 0x40                    # spoil the match record (seq 4)
    write(path, bytes(data) + b"\x00junk")
    log = ScoreLog(path)
    assert log.refresh().last_seq == 3 and log.damaged >= 1 and log.tail_bad >= 1
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
    for i in range(a, b):
        for mask in (0x01, 0x80, 0xFF):
            bad = bytearray(data)
            bad[i] ^= mask
            write(path, bytes(bad))
            write(path + ".synced", read_mark(seq))     # acked before the damage
            log = ScoreLog(path)
            assert log.unsynced() == 0
            n = log.append_round(log.new_match_id(), 1, ["X", "Y"], [5, -5], [0, 5], 0)
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
        frame = P.encode(P.ROUND, seq, R.encode_round(7, 1, ["X", "Y"], [sc, -sc], [0, sc], 0))
        if frame[-1] == P.MAGIC[0]:
            return frame
    raise AssertionError("no such frame")


def test_tear_before_a_last_byte_that_equals_the_marker_loses_nothing():
    path, data, sp = filled("marker")
    frame = _frame_ending_in_marker(sp[-1][0] + 1)
    for keep in range(P.HEAD_SIZE, len(frame)):       # torn anywhere in it
        write(path, data + frame[:keep])
        log = ScoreLog(path)
        n = log.append_round(log.new_match_id(), 1, ["A", "B"], [1, -1], [0, 1], 0)
        recs = list(ScoreLog(path).records())
        assert [s for _, s, _ in recs] == [s for s, _, _ in sp] + [n], keep
        assert R.decode_round(recs[-1][2])["names"] == ["A", "B"], keep
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
    n = log.append_round(log.new_match_id(), 1, ["A", "B"], [1, -1], [0, 1], 0)
    assert n > after and [s for _, s, _ in log.records(after)] == [n]
    assert [s for _, s, _ in log.records(2)] == [s for _, s, _ in fresh[2:]] + [n]
    remove(path)
