"""Saves with one header field changed and a valid checksum: what a
damaged or hostile file that still passes the container's CRC looks like
(CPython and MicroPython)."""
import json

from common.container import Reader, start, seal


def rehead(data, mod, change):
    """`data` (a save of savefile module `mod`) with change(head) applied
    to its header, resealed."""
    rd = Reader(data, mod.MAGIC, mod.VERSION, "any")
    head = json.loads(rd.head.decode())
    change(head)
    out = start(mod.MAGIC, mod.VERSION, head)
    out.extend(rd.data[rd.pos:rd.end])
    return seal(out)


def setter(key, value, sub=None):
    """A change that sets head[key] (or head[sub][key]) to value."""
    def change(head):
        (head if sub is None else head[sub])[key] = value
    return change
