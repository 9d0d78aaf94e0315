"""Framed messages for score sync; the device and the host import this file.

A frame is  MAGIC(2) | length u16 | type u8 | seq u32 | payload | crc32 u32,
little endian, the CRC over everything after MAGIC.  The same frame shape is
what the score log stores on flash, so records stream to the host as they
lie on disk.  The decoder finds frames in a byte stream with noise, lost,
flipped or extra bytes: it skips to the next MAGIC and reports every damaged
frame as a FrameError, so the caller can ask again instead of crashing.
"""
import struct
from binascii import crc32

MAGIC = b"\xa5\x5a"
HEAD = "<HBI"          # length, type, seq (after MAGIC)
HEAD_SIZE = 9          # MAGIC + struct HEAD
OVERHEAD = 13          # HEAD_SIZE + crc32
MAX_PAYLOAD = 1640     # the largest match record (records.MAX_MATCH) fits

# The sync session's requests and replies: sync.messages.
# Log records (frame seq = record seq); see records.py for their payloads.
LOG_START = 0x10
ROUND = 0x11           # a round or a match of a format 1 match id (32-bit)
MATCH = 0x12
ROUND2 = 0x13          # the same, of a format 2 match id ([console.]log.number)
MATCH2 = 0x14

# the records' (the requests' and replies': sync.messages.NAMES)
NAMES = {LOG_START: "LOG_START", ROUND: "ROUND", MATCH: "MATCH", ROUND2: "ROUND2",
         MATCH2: "MATCH2"}


def name(ftype):
    """A frame type's name for a message: a record's, a request's or a
    reply's (sync.messages, loaded only then), else its number."""
    n = NAMES.get(ftype)
    if n is None:
        from sync.messages import NAMES as asked
        n = asked.get(ftype, "type 0x%02x" % ftype)
    return n


class FrameError(ValueError):
    """A damaged frame was skipped; the message says what was wrong."""


def encode(ftype, seq, payload=b""):
    """One frame as bytes."""
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes exceeds %d" % (n, MAX_PAYLOAD))
    body = struct.pack(HEAD, n, ftype, seq) + payload
    return MAGIC + body + struct.pack("<I", crc32(body) & 0xFFFFFFFF)


def check(buf, pos=0):
    """Validate the frame at buf[pos:]: (type, seq, payload start, end) or
    None if buf ends first; raise FrameError if it is damaged."""
    if len(buf) - pos < HEAD_SIZE:
        return None
    if buf[pos] != MAGIC[0] or buf[pos + 1] != MAGIC[1]:
        raise FrameError("no frame marker")
    n, ftype, seq = struct.unpack_from(HEAD, buf, pos + 2)
    if n > MAX_PAYLOAD:
        raise FrameError("frame length %d exceeds %d" % (n, MAX_PAYLOAD))
    end = pos + HEAD_SIZE + n + 4
    if len(buf) < end:
        return None
    got = struct.unpack_from("<I", buf, end - 4)[0]
    want = crc32(memoryview(buf)[pos + 2:end - 4]) & 0xFFFFFFFF
    if got != want:
        raise FrameError("CRC mismatch in %s frame seq %d (%d bytes)"
                         % (name(ftype), seq, n))
    return ftype, seq, pos + HEAD_SIZE, end - 4


class Decoder:
    """Feed bytes in, take whole frames out with next().

    next() returns (type, seq, payload) or None when it needs more bytes, and
    raises FrameError after skipping a damaged frame (call it again to go on).
    Bytes before a frame marker are dropped and counted in .noise.
    """

    def __init__(self):
        self.buf = bytearray()
        self.noise = 0

    def feed(self, data):
        self.buf.extend(data)

    def reset(self):
        self.buf = bytearray()

    def _drop(self, n):
        self.buf = self.buf[n:]

    def next(self):
        buf = self.buf
        i = buf.find(MAGIC)
        if i < 0:
            # keep a last byte that may start a marker
            keep = 1 if buf and buf[-1] == MAGIC[0] else 0
            self.noise += len(buf) - keep
            self._drop(len(buf) - keep)
            return None
        if i:
            self.noise += i
            self._drop(i)
        try:
            r = check(self.buf)
        except FrameError:
            self._drop(1)      # resync on the next marker
            raise
        if r is None:
            return None
        ftype, seq, start, end = r
        payload = bytes(memoryview(self.buf)[start:end])
        self._drop(end + 4)
        return ftype, seq, payload

    def pending(self):
        """Bytes held while waiting for the rest of a frame."""
        return len(self.buf)

    def held(self):
        """Those bytes."""
        return bytes(self.buf)

    def stale(self):
        """The line went quiet with part of a frame held: that frame lost
        bytes (or its length field is damaged), so drop its marker and let
        next() look for frames behind it.  True if anything was dropped."""
        if not self.buf:
            return False
        self._drop(1)
        return True


# Payload helpers: short strings and tagged values, shared by records.py.

def put_str(out, s):
    b = s.encode() if isinstance(s, str) else bytes(s)
    if len(b) > 255:
        raise ValueError("string longer than 255 bytes: %r" % (s,))
    out.append(len(b))
    out.extend(b)


def get_str(buf, pos):
    n = buf[pos]
    end = pos + 1 + n
    if end > len(buf):
        raise ValueError("string runs past the end of the payload")
    return bytes(buf[pos + 1:end]).decode(), end


def put_value(out, v):
    """bool, int (32 bit) or str, tagged b/i/s."""
    if v is True or v is False:
        out.extend(b"b")
        out.append(1 if v else 0)
    elif isinstance(v, int):
        out.extend(b"i")
        out.extend(struct.pack("<i", v))
    elif isinstance(v, str):
        out.extend(b"s")
        put_str(out, v)
    else:
        raise ValueError("cannot encode value %r" % (v,))


def get_value(buf, pos):
    if pos >= len(buf):
        raise ValueError("value runs past the end of the payload")
    tag = buf[pos]
    if tag == 0x62:    # b
        return buf[pos + 1] == 1, pos + 2
    if tag == 0x69:    # i
        return struct.unpack_from("<i", buf, pos + 1)[0], pos + 5
    if tag == 0x73:    # s
        return get_str(buf, pos + 1)
    raise ValueError("unknown value tag 0x%02x" % tag)


def put_pairs(out, d):
    """A dict of short names to values, sorted by name."""
    keys = sorted(d)
    out.append(len(keys))
    for k in keys:
        put_str(out, k)
        put_value(out, d[k])


def get_pairs(buf, pos):
    d = {}
    n = buf[pos]
    pos += 1
    for _ in range(n):
        k, pos = get_str(buf, pos)
        d[k], pos = get_value(buf, pos)
    return d, pos
