"""What the sync endpoint answers one request with, decoded: the frames
tests/sync_mp read (CPython and MicroPython)."""
from sync import protocol as P


def ask(ep, ftype, seq, payload=b""):
    """Frames the endpoint sends for one request, decoded."""
    out = []
    more = ep.handle(ftype, seq, payload, out.append)
    dec = P.Decoder()
    for b in out:
        dec.feed(b)
    frames = []
    while True:
        fr = dec.next()
        if fr is None:
            return frames, more
        frames.append(fr)
