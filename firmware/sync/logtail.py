"""Closing a torn score log before the next append (sync.scorelog).

A write torn a few bytes short leaves a frame whose header promises more
bytes than the file holds.  Appended as is, the next frame would supply
them: when the missing bytes happen to be what the torn frame's CRC needs
(1 in 256 for a tear before the last byte), the torn frame reads as intact
and the new frame loses its marker.  closing_pad() returns the bytes to
write first: every frame that starts behind the last intact one and runs
past the end of the file is completed, with a wrong CRC, so the reader
skips it and finds the new frame right after.  Loaded only when the log
ends torn, which is rare.

    closing_pad(path, clean_end, size) -> bytes (b"" if nothing is open)
    pad_for(tail) -> bytes       the same for the tail's bytes themselves
"""
import struct

from sync import protocol as P

_AVOID = (P.MAGIC[0], P.MAGIC[1])


def _open_ends(buf):
    """End offsets of the frames that start in buf (at a marker) but need
    bytes beyond it, and the starts of frames that end within it."""
    need = 0
    inside = []
    i = buf.find(P.MAGIC)
    while i >= 0:
        if len(buf) - i < P.HEAD_SIZE:
            need = max(need, i + P.HEAD_SIZE)     # its header is not even whole
        else:
            n = struct.unpack_from("<H", buf, i + 2)[0]
            if n <= P.MAX_PAYLOAD:
                end = i + P.OVERHEAD + n
                if end > len(buf):
                    need = max(need, end)
                else:
                    inside.append(i)
        i = buf.find(P.MAGIC, i + 1)
    return need, inside


def _intact(buf, starts):
    for i in starts:
        try:
            if P.check(buf, i) is not None:
                return True
        except P.FrameError:
            pass
    return False


def pad_for(tail):
    """Bytes that, written after `tail`, leave no frame in tail + pad open
    and none of them intact.  Zeros (never a marker), the last byte chosen
    so that no completed frame passes its CRC."""
    buf = bytearray(tail)
    start = len(buf)
    while True:
        need, inside = _open_ends(buf)
        if not need:
            break
        buf.extend(bytes(need - len(buf)))     # zeros complete headers too
    if len(buf) == start:
        return b""
    for v in range(256):
        if v in _AVOID:
            continue
        buf[-1] = v
        if not _intact(buf, _open_ends(buf)[1]):
            return bytes(buf[start:])
    raise ValueError("cannot close the torn tail")    # never: few frames, 254 tries


def closing_pad(path, clean_end, size):
    """The pad for the log at path: only its last bytes can start an open
    frame (a frame is at most OVERHEAD + MAX_PAYLOAD long)."""
    start = max(clean_end, size - P.OVERHEAD - P.MAX_PAYLOAD)
    with open(path, "rb") as f:
        f.seek(start)
        tail = f.read(size - start)
    return pad_for(tail)
