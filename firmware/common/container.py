"""The checksummed container both games' saves use (rummikub.savefile and
gin.savefile): magic (4 bytes), version u8, header length u16, header
JSON, the game's binary state, then CRC32 of everything before it.

  SaveError   a save that cannot be loaded; the message says why
  room(n) -> an empty bytearray holding room for n bytes, taken at once:
              MicroPython keeps it, so the appends never move the bytes
              (a move needs a second block as big as those so far, and
              a fragmented heap often has none)
  opening(magic, version, head) -> ([parts], crc): magic, version, the
              header's length, then the header JSON in parts of about
              _SLICE bytes, made piece by piece (never the whole JSON
              text in one block), and the crc32 of them all
  start(magic, version, head, size) -> bytearray holding magic, version
              and the header, with room for the `size` bytes of state
              (put()'s length bytes counted) and the CRC; the
              caller appends its state (put() for a block of at most 255
              bytes with its length first), then
  join(parts, more=0) -> the parts as one bytearray (room for `more`
              bytes after them)
  seal(out, crc) -> out with the CRC appended (the same bytearray: the
              heap never holds the save twice); crc: crc32 of the parts
              written before out (opening()'s, when the state is kept
              apart from them: rummikub.savefile.dumps(parts=True))
  Reader(data, magic, version, game) checks the size, the magic ("not a
              <game> save"), the version and the CRC, reads the header
              (.head, JSON bytes: the caller decodes and checks it), then
              .take(n, what) / .block(what) read on, refusing to run past
              the CRC ("save is cut short in <what>"), and .finish()
              refuses bytes left over.
Loaded only to save or resume, with the savefile that uses it.
"""
import json
import struct
from binascii import crc32
from compat import const
from common import SaveError  # the package's: one class however often this module loads

_SLICE = const(64)      # bytes of header JSON a part holds (at least)


def room(n):
    out = bytearray(n)
    out[:] = b""
    return out


def _json(v, out):
    """json.dumps(v)'s text appended to the parts in out (a list of bytes,
    the last one being filled: _add), dicts and lists taken apart, so no
    block ever holds a whole header (the same text: the separators are
    json.dumps's own on both runtimes)."""
    if isinstance(v, dict):
        _add(out, "{")
        sep = ""
        for k in v:
            _add(out, sep + json.dumps(k) + ": ")
            _json(v[k], out)
            sep = ", "
        _add(out, "}")
    elif isinstance(v, (list, tuple)):
        _add(out, "[")
        sep = ""
        for x in v:
            _add(out, sep)
            _json(x, out)
            sep = ", "
        _add(out, "]")
    else:
        _add(out, json.dumps(v))


def _add(out, text):
    b = out[-1] + text.encode()
    out[-1] = b
    if len(b) >= _SLICE:
        out.append(b"")


def opening(magic, version, head):
    parts = [b"", b""]
    _json(head, parts)
    if not parts[-1]:
        parts.pop()
    n = 0
    for b in parts:
        n += len(b)
    parts[0] = bytes(magic) + bytes((version,)) + struct.pack("<H", n)
    crc = 0
    for b in parts:
        crc = crc32(b, crc)
    return parts, crc


def start(magic, version, head, size=0):
    return join(opening(magic, version, head)[0], size + 4)    # + the CRC


def join(parts, more=0):
    """The parts as one bytearray, with room for `more` bytes after them
    (room for all of it taken at once)."""
    n = more
    for b in parts:
        n += len(b)
    out = room(n)
    for b in parts:
        out.extend(b)
    return out


def put(out, b):
    out.append(len(b))
    out.extend(b)


def seal(out, crc=0):
    out.extend(struct.pack("<I", crc32(out, crc) & 0xFFFFFFFF))
    return out


class Reader:
    def __init__(self, data, magic, version, game):
        data = bytes(data)
        if len(data) < 11 or data[:4] != magic:
            raise SaveError("not a %s save" % game)
        if data[4] != version:
            raise SaveError("save version %d; this firmware reads version %d"
                            % (data[4], version))
        end = len(data) - 4
        if crc32(data[:end]) & 0xFFFFFFFF != struct.unpack("<I", data[end:])[0]:
            raise SaveError("save checksum does not match (file damaged)")
        self.data = data
        self.pos = 5
        self.end = end
        self.head = self.take(struct.unpack("<H", self.take(2, "header"))[0], "header")

    def take(self, n, what):
        if self.pos + n > self.end:
            raise SaveError("save is cut short in %s" % what)
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b

    def block(self, what):
        """A block written by put()."""
        return bytearray(self.take(self.take(1, what)[0], what))

    def finish(self):
        if self.pos != self.end:
            raise SaveError("save has %d unexpected bytes" % (self.end - self.pos))
