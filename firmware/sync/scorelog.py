"""Append-only score log on flash: one protocol frame per record.

Each record is written with a single append of a complete frame (sequence
number + CRC32).  A write torn at any byte, or a damaged byte anywhere, only
ever spoils the record it hits: the reader checks every CRC and re-syncs on
the next frame marker, so every earlier (and every later) record still reads.
Records are never rewritten; which ones the host has stored is kept apart in
a tiny "synced" file replaced atomically by rename.

A new record is numbered after the highest seq ever used or acknowledged:
after max(last intact record, synced mark), plus one for each damaged frame
found behind the last intact record (a record that may have reached the
host before it was damaged), so no seq is ever handed out twice.  When the
log ends in a torn write, the next append first closes it (sync.logtail)
so the torn frame can never swallow the start of the new one.

The app logs results with append_round() / append_match() (plain ints,
short strings, lists); the sync endpoint streams records with records().
"""
import os
import struct
from binascii import crc32

from compat import const
from sync import protocol as P
from sync import records as R

LOG_PATH = "scores.log"
KINDS = (P.LOG_START, P.ROUND, P.MATCH)
_CHUNK = const(256)


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def replace(tmp, path):
    """Rename tmp over path: atomic on littlefs and POSIX.  FAT refuses to
    rename onto an existing file; there the old one goes first."""
    try:
        os.rename(tmp, path)
    except OSError:
        try:
            os.remove(path)
        except OSError:
            pass
        os.rename(tmp, path)


def _new_log_id():
    try:
        v = struct.unpack("<I", os.urandom(4))[0]
    except Exception:       # no urandom: a clock is good enough
        from compat import ticks_ms
        v = ticks_ms() * 2654435761
    return (v & 0xFFFFFFFF) or 1


class ScoreLog:
    """One log file.  State (last seq, log id, match counter) comes from one
    streaming scan and is kept until the file changes size."""

    def __init__(self, path=LOG_PATH):
        self.path = path
        self.synced_path = path + ".synced"
        self._size = None
        self.log_id = 0
        self.last_seq = 0
        self.last_match = 0
        self.damaged = 0     # damaged frames skipped by the last full scan
        self.tail_bad = 0    # of those, behind the last intact frame
        self.clean_end = 0   # offset just after the last intact frame

    # -- reading -----------------------------------------------------------
    def records(self, after=0):
        """Yield (kind, seq, payload) of every intact record with seq > after,
        in order, one at a time (the file is never loaded whole).  Starts
        from where the last record handed out ended when that is at or
        before `after` (the log only grows), so batch after batch does not
        rescan the whole log on a slow device."""
        try:
            f = open(self.path, "rb")
        except OSError:
            return
        dec = P.Decoder()
        last = 0
        fed = 0
        self._tail_bad = 0
        hint = self._hint
        if hint and hint[0] <= after and hint[1] <= _size(self.path):
            last, fed = hint
            f.seek(fed)
        eof = False
        try:
            while True:
                try:
                    fr = dec.next()
                except P.FrameError:
                    self._bad += 1
                    self._tail_bad += 1
                    continue
                if fr is None:
                    if eof:
                        if dec.stale():       # torn tail: look behind it
                            self._bad += 1
                            self._tail_bad += 1
                            continue
                        return
                    chunk = f.read(_CHUNK)
                    if chunk:
                        dec.feed(chunk)
                        fed += len(chunk)
                    else:
                        eof = True
                    continue
                kind, seq, payload = fr
                self._end = fed - dec.pending()
                self._tail_bad = 0
                if kind not in KINDS or seq <= last:
                    continue      # stray or repeated frame: not a record
                last = seq
                if seq > after:
                    self._hint = (seq, fed - dec.pending())
                    yield kind, seq, payload
        finally:
            f.close()

    _hint = None
    _bad = 0
    _tail_bad = 0
    _end = 0

    def refresh(self):
        """Rescan if the file changed since the last scan; return self."""
        size = _size(self.path)
        if size == self._size:
            return self
        self.log_id = self.last_seq = self.last_match = 0
        self._bad = self._tail_bad = self._end = 0
        if self._size is not None and size < self._size:
            self._hint = None       # the log was replaced: offsets mean nothing
        for kind, seq, payload in self.records():
            self.last_seq = seq
            if len(payload) < 4:
                continue            # intact but not ours to read: skip
            if kind == P.LOG_START:
                self.log_id = R.decode_log_start(payload)["log_id"]
            else:
                self._note_match(struct.unpack_from("<I", payload, 0)[0])
        self.damaged = self._bad
        self.tail_bad = self._tail_bad
        self.clean_end = self._end
        self._size = size
        return self

    def _note_match(self, match_id):
        if match_id >> 16 == self.log_id & 0xFFFF:
            low = match_id & 0xFFFF
            if low > self.last_match:
                self.last_match = low

    # -- writing -----------------------------------------------------------
    def _append(self, kind, payload):
        self.refresh()
        seq = max(self.last_seq, self.synced()) + 1 + self.tail_bad
        frame = P.encode(kind, seq, payload)
        if self._size is not None and self._size > self.clean_end:
            from sync.logtail import closing_pad
            frame = closing_pad(self.path, self.clean_end, self._size) + frame
        f = open(self.path, "ab")
        try:
            f.write(frame)
        finally:
            f.close()
        self.last_seq = seq
        self.tail_bad = 0
        self._size = self.clean_end = _size(self.path)
        return seq

    def _ensure_started(self):
        self.refresh()
        if not self.log_id:
            log_id = _new_log_id()
            self._append(P.LOG_START, R.encode_log_start(log_id))
            self.log_id = log_id
            self.last_match = 0

    def new_match_id(self):
        """A match id never used in this log (the host keys matches by log
        id too: a wiped log's ids may repeat an old log's, issue 24 D1)."""
        self._ensure_started()
        return ((self.log_id & 0xFFFF) << 16) | ((self.last_match + 1) & 0xFFFF)

    def append_round(self, match_id, round_no, names, scores, racks, winner,
                     exhausted=False, game=0):
        """Log one finished round (game: its code, records.encode_round);
        returns its sequence number."""
        return self._log_result(P.ROUND, match_id, R.encode_round(
            match_id, round_no, names, scores, racks, winner, exhausted, game))

    def append_match(self, match_id, names, round_scores, totals, wins, winner,
                     rules=None):
        """Log one finished match; returns its sequence number."""
        return self._log_result(P.MATCH, match_id, R.encode_match(
            match_id, names, round_scores, totals, wins, winner, rules))

    def _log_result(self, kind, match_id, payload):
        """Append an already encoded (so already checked) round or match:
        bad input raises before the log is started or touched."""
        self._ensure_started()
        seq = self._append(kind, payload)
        self._note_match(match_id)
        return seq

    # -- synced mark -------------------------------------------------------
    def synced(self):
        """Highest seq the host has acknowledged (0 if none or unreadable)."""
        try:
            with open(self.synced_path, "rb") as f:
                b = f.read(8)
        except OSError:
            return 0
        if len(b) != 8:
            return 0
        seq, c = struct.unpack("<II", b)
        return seq if c == crc32(b[:4]) & 0xFFFFFFFF else 0

    def mark_synced(self, seq):
        """Record the host's ack (never past the last record, never back)."""
        self.refresh()
        if seq > self.last_seq:
            seq = self.last_seq
        if seq <= self.synced():
            return self.synced()
        b = struct.pack("<I", seq)
        tmp = self.synced_path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(b + struct.pack("<I", crc32(b) & 0xFFFFFFFF))
        replace(tmp, self.synced_path)
        return seq

    def unsynced(self):
        """How many records the host has not acknowledged yet."""
        self.refresh()
        return max(0, self.last_seq - self.synced())

