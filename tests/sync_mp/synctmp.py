"""Scratch files for the sync tests, on CPython and MicroPython alike."""
import os
from binascii import hexlify


def scratch(name):
    """A fresh path under $SYNC_TMP (or /tmp); removes what was there."""
    base = os.getenv("SYNC_TMP") or "/tmp"
    path = "%s/%s-%s" % (base, name, hexlify(os.urandom(4)).decode())
    for p in (path, path + ".synced", path + ".state"):
        try:
            os.remove(p)
        except OSError:
            pass
    return path


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def remove(*paths):
    """The files, and a score log's companions (its state and synced mark)."""
    for path in paths:
        for p in (path, path + ".state", path + ".synced"):
            try:
                os.remove(p)
            except OSError:
                pass
