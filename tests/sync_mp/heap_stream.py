"""Run by test_sync_heap under a capped MicroPython heap: serve HELLO and
then GET batches over a whole log, check the stream, print a summary."""
import struct
from sync import messages as M
from sync import protocol as P
from sync.endpoint import Endpoint
from sync.scorelog import ScoreLog

ep = Endpoint(ScoreLog("scores.log"), "d", "v")
dec = P.Decoder()
state = {"seqs": 0, "last": 0, "bytes": 0, "end": 0}


def send(b):
    state["bytes"] += len(b)
    dec.feed(b)
    while True:
        fr = dec.next()
        if fr is None:
            return
        if fr[0] == M.END:
            state["end"] = struct.unpack_from("<I", fr[2], 0)[0]
        elif fr[0] != M.HELLO_OK:
            assert fr[1] == state["last"] + 1, (fr[0], fr[1], fr[2], state["last"])
            state["last"] = fr[1]
            state["seqs"] += 1


ep.handle(M.HELLO, 1, b"", send)
while True:
    before = state["last"]
    ep.handle(M.GET, 2, struct.pack("<IB", before, 16), send)
    if state["last"] == before:
        break
print("streamed %d records %d bytes last %d" % (state["seqs"], state["bytes"], state["end"]))
