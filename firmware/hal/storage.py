"""Crash-safe small files: a save is never half-applied, a load never garbage.

Each file is `PRK1` + payload length (u32 LE) + CRC-32 of the payload (u32 LE)
+ payload.  save(name, data):
  0. if name is missing but name.tmp checks out (a cut after step 2 of
     the save before), rename name.tmp to name: it is the newest save and
     step 1 must not overwrite it;
  1. write name.tmp completely, flush, sync;
  2. keep the current copy (only if it checks out) as name.bak;
  3. rename name.tmp to name.
A power cut at any point leaves at least one checked copy of the newest or
the previous save, and so does a second cut in the save after it; load() tries name, then name.tmp (a complete new save that
was not renamed yet), then name.bak, and logs which one it fell back to and
why.  Corrupt files are kept as name.bad, never silently deleted.
Works on MicroPython (os, binascii) and CPython; `fs` is an object with the
os-style functions open/rename/remove/stat so tests can cut power mid-write.
"""
import os
from binascii import crc32

from compat import const

MAGIC = b"PRK1"
_HEADER = const(12)
_MAX_SIZE = const(64 * 1024)
_PIECE = const(64)      # bytes a read when a save only checks the old copy


class _OsFs:
    def open(self, p, mode):
        return open(p, mode)

    def rename(self, a, b):
        os.rename(a, b)

    def remove(self, p):
        os.remove(p)

    def stat(self, p):
        return os.stat(p)

    def sync(self):
        s = getattr(os, "sync", None)
        if s:
            s()


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def _le(n):
    return bytes((n & 0xFF, (n >> 8) & 0xFF, (n >> 16) & 0xFF, (n >> 24) & 0xFF))


def header(data):
    """The 12 header bytes for a payload (bytes, or a list of its parts)."""
    if not isinstance(data, list):
        data = [data]
    n = crc = 0
    for b in data:
        n += len(b)
        crc = crc32(b, crc)
    return MAGIC + _le(n) + _le(crc & 0xFFFFFFFF)


def encode(data):
    """The on-disk form of a payload."""
    return header(data) + data


def _check_header(hdr):
    """Payload length from a header; ValueError saying what is wrong."""
    if len(hdr) < _HEADER:
        raise ValueError("truncated header (%d bytes)" % len(hdr))
    if hdr[:4] != MAGIC:
        raise ValueError("bad magic")
    n = _u32(hdr, 4)
    if n > _MAX_SIZE:
        raise ValueError("length %d over the %d byte limit" % (n, _MAX_SIZE))
    return n


def _check_payload(hdr, check, got, n):
    """check: the CRC-32 of the got bytes of payload the file holds."""
    if got != n:
        raise ValueError("length %d, header says %d" % (got, n))
    if check & 0xFFFFFFFF != _u32(hdr, 8):
        raise ValueError("checksum mismatch")


def decode(raw):
    """Payload of an on-disk blob; raises ValueError saying what is wrong."""
    n = _check_header(raw[:_HEADER])
    data = bytes(raw[_HEADER:_HEADER + n])
    _check_payload(raw, crc32(data), len(data) + len(raw[_HEADER + n:]), n)
    return data


class Storage:
    def __init__(self, root, log=print, fs=None):
        self.root = root
        self.log = log
        self.fs = fs or _OsFs()

    def path(self, name):
        if not name or "/" in name or name.startswith("."):
            raise ValueError("bad storage name %r" % (name,))
        return self.root + "/" + name

    def _exists(self, p):
        try:
            self.fs.stat(p)
            return True
        except OSError:
            return False

    def _read(self, p, whole=True):
        """(payload, None) or (None, reason); whole=False: (True, None), the
        payload checked in _PIECE-byte reads and not kept (a save checks
        the copy it replaces without holding it whole beside the new one)."""
        try:
            f = self.fs.open(p, "rb")
        except OSError:
            return None, "missing"
        try:
            # header first: never allocate more than the payload it announces
            hdr = f.read(_HEADER)
            n = _check_header(hdr)
            size = self.fs.stat(p)[6]
            if size != _HEADER + n:       # a damaged length must not allocate
                raise ValueError("length %d, header says %d" % (size - _HEADER, n))
            if whole:
                data = f.read(n)
                _check_payload(hdr, crc32(data), len(data) + len(f.read(1)), n)
                return bytes(data), None
            crc = got = 0
            while True:
                piece = f.read(_PIECE)
                if not piece:
                    break
                crc = crc32(piece, crc)
                got += len(piece)
            _check_payload(hdr, crc, got, n)
            return True, None
        except ValueError as e:
            return None, str(e)
        finally:
            f.close()

    def _remove(self, p):
        try:
            self.fs.remove(p)
        except OSError:
            pass

    def save(self, name, data):
        """Atomically replace `name` with bytes `data`, or with a list of
        parts written one after another (the payload never in one block)."""
        hdr = header(data)
        n = _u32(hdr, 4)
        if n > _MAX_SIZE:
            raise ValueError("%s: %d bytes is over the %d byte limit" % (name, n, _MAX_SIZE))
        if not isinstance(data, list):
            data = [data]
        p = self.path(name)
        tmp = p + ".tmp"
        if not self._exists(p) and self._read(tmp, False)[0] is not None:
            self.fs.rename(tmp, p)
        f = self.fs.open(tmp, "wb")
        try:
            f.write(hdr)
            for b in data:
                f.write(b)
            f.flush()
        except OSError:       # flash full: the old copies stay as they were
            f.close()
            self._remove(tmp)
            raise
        finally:
            f.close()
        self.fs.sync()
        if self._exists(p):
            cur, why = self._read(p, False)
            if cur is None:
                self.log("storage: %s was corrupt (%s); kept as %s.bad" % (name, why, name))
                self._remove(p + ".bad")
                self.fs.rename(p, p + ".bad")
            else:
                self._remove(p + ".bak")
                self.fs.rename(p, p + ".bak")
        self.fs.rename(tmp, p)
        self.fs.sync()

    def load(self, name):
        """Newest checked copy of `name` (bytes), or None if there is none."""
        p = self.path(name)
        data, why = self._read(p)
        if data is not None:
            return data
        reasons = [why]
        for suffix, what in ((".tmp", "unrenamed new save"), (".bak", "backup")):
            d, w = self._read(p + suffix)
            if d is not None:
                self.log("storage: %s unusable (%s); loaded %s %s%s"
                         % (name, why, what, name, suffix))
                return d
            reasons.append(w)
        if reasons != ["missing", "missing", "missing"]:
            self.log("storage: no valid copy of %s (%s)" % (name, "; ".join(reasons)))
        return None

    def load_backup(self, name):
        """The backup copy of `name` (the save before the newest), checked,
        or None: for a newest copy whose content the app cannot use."""
        return self._read(self.path(name) + ".bak")[0]

    def damaged(self, name):
        """True if `name` has copies on flash but none checks out (load()
        gives None): the app says so instead of acting as if nothing
        was saved."""
        if self.load(name) is not None:
            return False
        p = self.path(name)
        for suffix in ("", ".tmp", ".bak"):
            if self._exists(p + suffix):
                return True
        return False

    def delete(self, name):
        p = self.path(name)
        for suffix in ("", ".tmp", ".bak"):
            self._remove(p + suffix)
