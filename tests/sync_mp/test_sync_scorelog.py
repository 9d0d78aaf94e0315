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
            assert got == [1, 2], (cut, got)
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
    assert log.refresh().last_seq == 3 and log.damaged >= 1
    assert log.append_match(1, ["A", "B"], [[1, -1]], [1, -1], [1, 0], 0) == 4
    assert seqs(path) == [1, 2, 3, 4]
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
    log.append_round(log.new_match_id(), 1, ["A", "B"], [1, -1], [0, 1], 0)
    assert [s for _, s, _ in log.records(after)] == [after + 1]
    assert [s for _, s, _ in log.records(2)] == [s for _, s, _ in fresh[2:]] + [after + 1]
    remove(path)
