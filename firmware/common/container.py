"""The checksummed container both games' saves use (rummikub.savefile and
gin.savefile): magic (4 bytes), version u8, header length u16, header
JSON, the game's binary state, then CRC32 of everything before it.

  SaveError   a save that cannot be loaded; the message says why
  room(n) -> an empty bytearray holding room for n bytes, taken at once:
              MicroPython keeps it, so the appends never move the bytes
              (a move needs a second block as big as those so far, and
              a fragmented heap often has none)
  start(magic, version, head, size) -> bytearray holding magic, version
              and the header, with room for the `size` bytes of state
              (put()'s length bytes counted) and the CRC; the
              caller appends its state (put() for a block of at most 255
              bytes with its length first), then
  seal(out, crc) -> out with the CRC appended (the same bytearray: the
              heap never holds the save twice); crc: crc32 of a part
              written before out (the header, when the state is kept
              apart from it: rummikub.savefile.dumps(parts=True))
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


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why."""


def room(n):
    out = bytearray(n)
    out[:] = b""
    return out


def start(magic, version, head, size=0):
    hb = json.dumps(head).encode()
    # (3: the version byte and the header's length; 4: the CRC)
    out = room(len(magic) + 3 + len(hb) + size + 4)
    out.extend(magic)
    out.append(version)
    out.extend(struct.pack("<H", len(hb)))
    out.extend(hb)
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
