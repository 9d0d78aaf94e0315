"""What a round's end, a match's start, the sync endpoint and the History
screen read of the score log does not grow with the log (issue 33, item
5: the whole log was read at every round's end, HELLO and History).  Every byte read from a file is
counted (CPython + MicroPython); the times are `python -m host_tools
bench --log 20000` (docs/figures.md), never asserted here."""
import builtins
import os
import struct

from sync import messages as M
from sync import protocol as P
from sync import records as R
from sync.endpoint import Endpoint
from sync.matchid import make, reserve
from sync.scorelog import ScoreLog
from synctmp import scratch, remove

NAMES = ["Ann", "Ben", "Cy"]
LOG_ID = 0x0B0B0B0B


class _Counted:
    n = 0

    def __init__(self, f):
        self.f = f

    def read(self, *n):
        b = self.f.read(*n)
        _Counted.n += len(b)
        return b

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def reads(fn):
    """Bytes fn() reads from files."""
    plain = builtins.open

    def reading(path, mode="r", *args):
        f = plain(path, mode, *args)
        return _Counted(f) if "r" in mode else f
    builtins.open = reading
    _Counted.n = 0
    try:
        fn()
    finally:
        builtins.open = plain
    return _Counted.n


def build(path, n):
    """A log of n records (matches of 4 rounds and the match record, as
    firmware writes them), the host's mark 20 records short of its end."""
    with open(path, "wb") as f:
        f.write(P.encode(P.LOG_START, 1, struct.pack("<I", LOG_ID)))
        for seq in range(2, n + 1):
            mid = make("", LOG_ID, seq // 5 + 1)
            row = [seq % 50, -1, 1 - seq % 50]
            if seq % 5 == 4:
                kind, body = R.encode_match(mid, NAMES, [row], row, [1, 0, 0], 0)
            else:
                kind, body = R.encode_round(mid, seq % 5 + 1, NAMES, row, [0, 1, 2], 0)
            f.write(P.encode(kind, seq, body))
    ScoreLog(path).mark_synced(max(0, n - 20))


def moments(path):
    """{moment: bytes it read} for a log whose state was written."""
    sink = []

    def ask(kind, payload):
        Endpoint(ScoreLog(path), "dev", "v").handle(kind, 1, payload, sink.append)
        assert sink[-1][4] != M.ERR, sink[-1]
    mid = [None]

    def start():
        mid[0] = reserve(ScoreLog(path))

    def round_end():
        ScoreLog(path).append(R.encode_round(mid[0], 1, NAMES, [5, -5, 0], [0, 5, 0], 0))
    synced = ScoreLog(path).synced()
    return {"match start": reads(start), "round end": reads(round_end),
            "HELLO": reads(lambda: ask(M.HELLO, b"")),
            "GET": reads(lambda: ask(M.GET, struct.pack("<IB", synced, 16))),
            "ACK": reads(lambda: ask(M.ACK, struct.pack("<I", synced + 16)))}


def test_a_round_end_and_a_sync_read_as_much_of_a_long_log_as_of_a_short_one():
    got = {}
    for n in (40, 4000):
        path = scratch("bounded")
        build(path, n)
        size = os.stat(path)[6]
        os.remove(path + ".state")          # as firmware before the state left it
        assert reads(lambda: ScoreLog(path).refresh()) >= size     # one scan writes it
        got[n] = moments(path), size
        remove(path)
    (short, _), (long, size) = got[40], got[4000]
    assert size > 150000, size
    for moment, n in long.items():
        # GET finds its place by bisecting: a few probes of 2 KB
        limit = 12 * 1024 if moment == "GET" else 256
        assert n <= limit, (moment, n, long)
        if moment != "GET":
            assert n == short[moment], (moment, n, short[moment])


def test_history_reads_the_end_of_a_long_log():
    """The History screen's 20 newest matches, as a whole read finds them,
    from a few kilobytes of a log of 4,000 records; every match of a log
    that holds fewer."""
    from ui.screens.history import load_matches
    import ui_hal
    from ui.app import App
    root = scratch("history")
    ui_hal.mkdir(root)
    path = root + "/scores.log"
    try:
        for n in (4000, 1, 5, 15, 125, 130):
            remove(path)
            build(path, n)
            app = App(ui_hal.TestHal(root))
            every = [R.decode(k, b)["match_id"] for k, s, b in ScoreLog(path).records()
                     if k == P.MATCH2]
            got = []
            read = reads(lambda: got.extend(m["match_id"] for m in load_matches(app)))
            assert got == list(reversed(every[-20:])), n
            assert len(every) == n // 5, n
            if n == 4000:
                assert read < 16 * 1024, read
    finally:
        for name in os.listdir(root):
            os.remove(root + "/" + name)
        os.rmdir(root)
