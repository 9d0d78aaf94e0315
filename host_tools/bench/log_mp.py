"""MicroPython side of `python -m host_tools bench --log N`: what the
score log costs at each moment that reads it, on a log of N records.

Run by host_tools/bench/log_time.py as
  MICROPYPATH=<mpy folder> micropython -X heapsize=128k host_tools/bench/log_mp.py FOLDER N REPEATS
It writes FOLDER/scores.log: N records of 4-player matches (6 rounds and
the match record each, format 2 ids), the host's synced mark 40 records
short of the end, no state beside it (a log from firmware before the
state, or a state lost).  Then, each the best of REPEATS runs (other load
only adds), as the app and the endpoint do them, each from a ScoreLog
opened anew (the app opens the log at each round's end):
  first_open   the one full scan that writes the state again
  round_end    a round's record appended (sync.gamelog's work: refresh,
               append, the state written)
  reserve      a new match's id reserved (sync.matchid.reserve)
  hello        the endpoint answering HELLO
  get          the endpoint answering GET for the 16 records after the mark
  read_all     every record read (what the log cost each round's end and
               HELLO before the state)
One JSON line: {"records", "bytes", moment: {"ms", "read"}} where read
is the bytes the moment read from files (a separate, untimed run; Linux
counts them: /proc/self/io's rchar).
"""
import gc
import json
import os
import struct
import sys
import time

from sync import messages as M
from sync import protocol as P
from sync import records as R
from sync.matchid import make, reserve
from sync.endpoint import Endpoint
from sync.scorelog import LOG_PATH, ScoreLog

LOG_ID = 0x5EEDF00D
NAMES = ["Ann", "Ben", "Cy", "Dee"]
UNSYNCED = 40


def build(path, n):
    """n records into path (written as firmware logs them, one frame each)."""
    seq = 1
    number = 0
    with open(path, "wb") as f:
        f.write(P.encode(P.LOG_START, seq, struct.pack("<I", LOG_ID)))
        while seq < n:
            number += 1
            mid = make("", LOG_ID, number)
            rows = []
            for r in range(1, 7):
                if seq >= n:
                    break
                row = [30 - r, -10, -8 + r, -12]
                rows.append(row)
                seq += 1
                kind, body = R.encode_round(mid, r, NAMES, row, [0, 10, 8 - r, 12], 0)
                f.write(P.encode(kind, seq, body))
            if seq < n:
                seq += 1
                totals = [sum(x[i] for x in rows) for i in range(4)]
                kind, body = R.encode_match(mid, NAMES, rows, totals, [len(rows), 0, 0, 0], 0)
                f.write(P.encode(kind, seq, body))
    with open(path + ".synced", "wb") as f:
        from binascii import crc32
        b = struct.pack("<I", seq - UNSYNCED)
        f.write(b + struct.pack("<I", crc32(b) & 0xFFFFFFFF))
    return seq, number


def _rchar():
    """Bytes this process has read so far (Linux's /proc/self/io), -1
    where there is no such file."""
    try:
        with open("/proc/self/io") as f:
            for line in f:
                if line.startswith("rchar:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


def counted(fn):
    """Bytes fn() reads, less what reading the count itself reads."""
    a = _rchar()
    b = _rchar()
    fn()
    c = _rchar()
    return -1 if a < 0 else (c - b) - (b - a)


def timed(fn, repeats):
    """{"ms": the best of repeats runs of fn(), "read": bytes one more run
    reads}."""
    best = None
    for _ in range(repeats):
        gc.collect()
        t0 = time.ticks_us()
        fn()
        us = time.ticks_diff(time.ticks_us(), t0)
        if best is None or us < best:
            best = us
    return {"ms": best / 1000.0, "read": counted(fn)}


def main(folder, n, repeats):
    path = folder + "/" + LOG_PATH
    for p in (path, path + ".state", path + ".synced"):
        try:
            os.remove(p)
        except OSError:
            pass
    last, matches = build(path, n)
    out = {"records": last, "bytes": os.stat(path)[6]}
    mid = make("", LOG_ID, matches + 1)
    state = path + ".state"

    def first_open():
        try:
            os.remove(state)
        except OSError:
            pass
        ScoreLog(path).refresh()

    def read_all():
        for _ in ScoreLog(path).records():
            pass

    out["first_open"] = timed(first_open, repeats)
    out["read_all"] = timed(read_all, repeats)
    r = [0]

    def round_end():
        r[0] += 1
        ScoreLog(path).append(R.encode_round(mid, r[0], NAMES, [9, -3, -3, -3],
                                             [0, 3, 3, 3], 0))

    out["round_end"] = timed(round_end, repeats)
    out["reserve"] = timed(lambda: reserve(ScoreLog(path)), repeats)
    sink = []

    def ask(kind, payload):
        del sink[:]
        Endpoint(ScoreLog(path), "bench", "bench").handle(kind, 1, payload, sink.append)
        assert sink and sink[-1][4] != M.ERR, sink

    out["hello"] = timed(lambda: ask(M.HELLO, b""), repeats)
    synced = ScoreLog(path).synced()
    out["get"] = timed(lambda: ask(M.GET, struct.pack("<IB", synced, 16)), repeats)
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 3)
