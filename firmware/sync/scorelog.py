"""Append-only score log on flash: one protocol frame per record.

Each record is written with a single append of a complete frame (sequence
number + CRC32).  A write torn at any byte, or a damaged byte anywhere, only
ever spoils the record it hits: the reader checks every CRC and re-syncs on
the next frame marker, so every earlier (and every later) record still reads.
Records are never rewritten; which ones the host has stored is kept apart in
a tiny "synced" file replaced atomically by rename.

The log's state sits beside it in another such file (path + ".state"): its
log id, its size when the state was written, the last seq, the next match
number (the match-id scheme: sync.matchid) and the log's
last four bytes.  It is written after every append and every match number
reserved, so a round's end and a HELLO read the state and only the bytes
the log grew by since (a cut between an append and the state's write),
never the whole log.  A state that is missing, damaged, or does not fit
the log (shorter, or other last bytes) costs one full scan, which writes
it again.  The log's identity survives damage to either copy of it: the
LOG_START record gives the id, else the state (which also says where that
record is, so a refresh checks it); when only the state still has it the
next append writes LOG_START again.  When the state's id is kept, so
are its last seq and next number (the log lost records, not its identity);
else match numbers start 1024 past the highest one logged (numbers
reserved since may be held by saved matches).

A new record is numbered after the highest seq ever used or acknowledged:
after max(last intact record, synced mark), plus one for each damaged frame
found behind the last intact record (a record that may have reached the
host before it was damaged), so no seq is ever handed out twice.  When the
log ends in a torn write, the next append first closes it (sync.logtail)
so the torn frame can never swallow the start of the new one.

The app reserves a match id when a match starts (reserve_number, through
sync.matchid.reserve) and logs
results with append(record) (a record as sync.records encodes it: (kind,
payload)); append_round() / append_match() encode and append.  The sync
endpoint streams records with records(after), which finds its place by
bisecting the log (seqs grow along the file), so a GET reads what it
sends, not the whole log.
"""
import os
import struct
from binascii import crc32

from compat import const
from sync import protocol as P

LOG_PATH = "scores.log"
KINDS = (P.LOG_START, P.ROUND, P.MATCH, P.ROUND2, P.MATCH2)
_CHUNK = const(256)
# b"SLS1", log id, size, last seq, next match number, LOG_START's offset, the last 4 bytes
_STATE = const("<4sIIIII4s")
_GAP = const(1024)      # match numbers skipped when the state that held the next was lost
_SPAN = const(2048)     # records(after) bisects the log down to this many bytes


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


def _write_checked(path, b):
    """b and its CRC32 into path, atomically (tmp + rename)."""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(b + struct.pack("<I", crc32(b) & 0xFFFFFFFF))
    replace(tmp, path)


def _read_checked(path, n):
    """The n bytes a _write_checked file holds, or None if missing or damaged."""
    try:
        with open(path, "rb") as f:
            b = f.read(n + 5)
    except OSError:
        return None
    if len(b) != n + 4 or struct.unpack_from("<I", b, n)[0] != crc32(b[:n]) & 0xFFFFFFFF:
        return None
    return b[:n]


def _new_log_id():
    try:
        from compat import urandom
        v = struct.unpack("<I", urandom(4))[0]
    except Exception:       # no urandom: a clock is good enough
        from compat import ticks_ms
        v = ticks_ms() * 2654435761
    return (v & 0xFFFFFFFF) or 1


def _top(kind, payload, tops):
    """Note a format 2 record's match number in tops (log id -> highest)."""
    if kind == P.ROUND2 or kind == P.MATCH2:
        try:
            lid, n = struct.unpack_from("<II", payload, 1 + payload[0])
        except (IndexError, ValueError):
            return
        if n > tops.get(lid, 0):
            tops[lid] = n


class ScoreLog:
    """One log file and its state (see the module's docstring)."""

    def __init__(self, path=LOG_PATH):
        self.path = path
        self.synced_path = path + ".synced"
        self._size = None       # the log's size the fields below describe
        self.log_id = 0
        self.last_seq = 0
        self.next_number = 1
        self.damaged = 0     # damaged frames the last scan skipped
        self.tail_bad = 0    # of those, behind the last intact frame
        self.clean_end = 0   # offset just after the last intact frame
        self.scanned = 0     # bytes of log the last refresh read
        self._anchor = -1    # offset of the intact LOG_START with log_id (-1: none known)

    # -- reading -----------------------------------------------------------
    def records(self, after=0):
        """Yield (kind, seq, payload) of every intact record with seq > after,
        in order, one at a time (the file is never loaded whole).  Starts
        where the last record handed out ended when that is at or before
        `after`, else where bisecting the log puts it."""
        try:
            f = open(self.path, "rb")
        except OSError:
            return
        try:
            hint = self._hint
            size = _size(self.path)
            last = pos = 0
            if hint and hint[0] <= after and hint[1] <= size:
                last, pos = hint
            elif after:
                # bisect: seqs grow along the file; a probe reads from its
                # offset to the next intact record
                hi = size
                while hi - pos > _SPAN:
                    mid = (pos + hi) // 2
                    for kind, seq, payload in self._scan(f, mid, 0):
                        break
                    else:
                        seq = 0
                    if seq and seq <= after:
                        pos = self._end        # that record is not wanted: after it
                    else:
                        hi = mid
            for kind, seq, payload in self._scan(f, pos, last):
                if seq > after:
                    self._hint = (seq, self._end)
                    yield kind, seq, payload
        finally:
            f.close()

    _hint = None
    _bad = 0
    _tail_bad = 0
    _end = 0

    def _scan(self, f, pos, last):
        """Yield (kind, seq, payload) of the intact records from offset pos
        on whose seq is above `last` (a lower one is a stray frame, not a
        record).  Counts damaged frames in _bad, those behind the last
        intact one in _tail_bad; _end: the offset after the last intact."""
        f.seek(pos)
        dec = P.Decoder()
        fed = pos
        self._end = pos
        self._tail_bad = 0
        eof = False
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
            yield kind, seq, payload

    def refresh(self):
        """The log's state as the file stands now (see the module's
        docstring); reads only when the file changed size.  Returns self."""
        size = _size(self.path)
        if size == self._size:
            return self
        if self._size is not None and size < self._size:
            self._hint = None       # the log was replaced: offsets mean nothing
        st = _read_checked(self.path + ".state", struct.calcsize(_STATE))
        if st is not None:
            st = struct.unpack(_STATE, st)
            if st[0] != b"SLS1":
                st = None
        self._bad = 0
        start = 0
        if st is not None and 0 < st[2] <= size and self._at(st[2] - 4, 4) == st[6]:
            self.log_id, start, self.last_seq, self.next_number, a = st[1:6]
            b = self._at(a, P.OVERHEAD + 4)     # is that LOG_START still intact?
            try:
                r = P.check(b)
            except P.FrameError:
                r = None
            self._anchor = a if r and r[0] == P.LOG_START and \
                b[9:13] == struct.pack("<I", self.log_id) else -1
        else:
            self._full(st, size)
        if start:
            self._end = start
            self._tail_bad = 0
            if start < size:        # grown since the state was written
                tops = {}
                f = open(self.path, "rb")
                try:
                    for kind, seq, payload in self._scan(f, start, self.last_seq):
                        self.last_seq = seq
                        _top(kind, payload, tops)
                finally:
                    f.close()
                self.next_number = max(self.next_number, tops.get(self.log_id, 0) + 1)
        self.scanned = max(0, size - start)
        self.damaged = self._bad
        self.tail_bad = self._tail_bad
        self.clean_end = self._end
        self._size = size
        return self

    def _full(self, st, size):
        """Every record read: the log id from LOG_START, else from the
        state st (if intact); the state written again."""
        found = last = 0
        tops = {}               # log id -> its highest match number logged here
        self._end = self._tail_bad = 0
        if size > 0:
            f = open(self.path, "rb")
            try:
                for kind, seq, payload in self._scan(f, 0, 0):
                    last = seq
                    if kind == P.LOG_START:
                        if not found and len(payload) >= 4:
                            found = struct.unpack_from("<I", payload, 0)[0]
                            self._anchor = self._end - P.OVERHEAD - len(payload)
                    else:
                        _top(kind, payload, tops)
            finally:
                f.close()
        if not found:
            self._anchor = -1
        self.log_id = found or (st[1] if st else 0)
        top = tops.get(self.log_id, 0)
        if st is not None and self.log_id == st[1]:
            self.last_seq = max(last, st[3])
            self.next_number = max(top + 1, st[4])
        else:
            self.last_seq = last
            self.next_number = top + 1 + (_GAP if size > 0 else 0)
        if self.log_id:
            try:
                self._write_state(self._end)
            except OSError:
                pass          # read-only or full: scanned again next time

    def _at(self, pos, n):
        """The log's n bytes from offset pos (fewer where it ends, b"" if
        pos is out of the file)."""
        if pos < 0:
            return b""
        try:
            with open(self.path, "rb") as f:
                f.seek(pos)
                return f.read(n)
        except OSError:
            return b""

    def _write_state(self, size, last=None):
        """The state for the log's first size bytes (last: their last four)."""
        _write_checked(self.path + ".state", struct.pack(
            _STATE, b"SLS1", self.log_id, size, self.last_seq, self.next_number,
            self._anchor & 0xFFFFFFFF, last or self._at(size - 4, 4)))

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
        if kind == P.LOG_START:
            self._anchor = self.clean_end - P.OVERHEAD - len(payload)
        self._write_state(self.clean_end, frame[-4:])
        return seq

    def _ensure_started(self):
        self.refresh()
        if not self.log_id:
            self.log_id = _new_log_id()
            self.next_number = 1
            self._anchor = -1
        if self._anchor < 0:        # a new log, or one whose LOG_START was lost
            self._append(P.LOG_START, struct.pack("<I", self.log_id))

    def reserve_number(self):
        """A new match's (log id, number), the number reserved in the state
        before it is handed out, so no other match of this log ever gets
        it (sync.matchid.reserve makes the match's id of them).  When the
        flash takes no write (full), a one-off: a random log id and number
        1 (unique but for a 1 in 2^32 chance), nothing written."""
        try:
            self._ensure_started()
            n = self.next_number
            self.next_number = n + 1
            self._write_state(self.clean_end)
            return self.log_id, n
        except OSError:
            self._size = None        # read the state again next time
            return _new_log_id(), 1

    def append(self, data):
        """Log one result: data is a record as sync.records encodes it,
        (kind, payload), a round or match kind; returns its seq."""
        kind, payload = data
        if kind not in KINDS or kind == P.LOG_START:
            raise ValueError("not a result record: kind 0x%02x" % kind)
        self._ensure_started()
        return self._append(kind, payload)

    def append_round(self, match_id, round_no, names, scores, racks, winner,
                     exhausted=False, game=0):
        """Log one finished round (game: its code, records.encode_round);
        returns its sequence number."""
        from sync.records import encode_round
        return self.append(encode_round(
            match_id, round_no, names, scores, racks, winner, exhausted, game))

    def append_match(self, match_id, names, round_scores, totals, wins, winner,
                     rules=None):
        """Log one finished match; returns its sequence number."""
        from sync.records import encode_match
        return self.append(encode_match(
            match_id, names, round_scores, totals, wins, winner, rules))

    # -- synced mark -------------------------------------------------------
    def synced(self):
        """Highest seq the host has acknowledged (0 if none or unreadable)."""
        b = _read_checked(self.synced_path, 4)
        return 0 if b is None else struct.unpack("<I", b)[0]

    def mark_synced(self, seq):
        """Record the host's ack (never past the last record, never back)."""
        self.refresh()
        if seq > self.last_seq:
            seq = self.last_seq
        if seq <= self.synced():
            return self.synced()
        _write_checked(self.synced_path, struct.pack("<I", seq))
        return seq

    def unsynced(self):
        """How many records the host has not acknowledged yet."""
        self.refresh()
        return max(0, self.last_seq - self.synced())
