"""Junk frames for the simulated radio (host_tools.link.air): what a
console must refuse while it plays on, delivered into its receive buffer
like any frame (so junk also crowds real frames out of it).

    random      random bytes, 1..250 of them
    oversized   251..600 random bytes (no ESP-NOW radio delivers these;
                a console's code must not care)
    truncated   a real frame cut short
    flipped     a real frame with 1..3 bits flipped (its tag fails)
    replayed    a real frame sent again as it was, from its sender
    stranger    a real frame from an address no console has (unpaired)
    forged      a frame of our kinds for the right table, from a paired
                console's address, with a made-up tag (a forged move)
    wrong code  a JOIN tagged under a code not the table's
"""
import struct

KINDS = ("random", "oversized", "truncated", "flipped", "replayed", "stranger",
         "forged", "wrong code")
STRANGER = b"\x02\xde\xad\xbe\xef\x01"


class Fuzzer:
    def __init__(self, rng, per_s):
        self.rng = rng
        self.per_s = per_s
        self.recent = []        # (src, dst, frame): the last real unicast frames
        self.sent = {k: 0 for k in KINDS}

    def saw(self, src, dst, frame):
        if dst != b"\xff" * 6 and 8 <= len(frame) <= 250:
            self.recent.append((src, dst, bytes(frame)))
            if len(self.recent) > 200:
                self.recent.pop(0)

    def _next(self, air):
        if self.per_s > 0:
            gap = int(self.rng.expovariate(self.per_s) * 1000) + 1
            air._at(air.now + gap, "junk")

    def start(self, air):
        self._next(air)

    def fire(self, air):
        self._next(air)
        targets = [c for c in air.consoles if c.alive()]
        if not targets or not self.recent:
            return
        r = self.rng
        kind = r.choice(KINDS)
        src, dst_mac, frame = r.choice(self.recent)
        dst = air.by_mac.get(dst_mac)
        if dst is None or not dst.alive():
            dst = r.choice(targets)
        if kind == "random":
            src, frame = r.choice(targets).mac, r.randbytes(r.randint(1, 250))
        elif kind == "oversized":
            src, frame = r.choice(targets).mac, r.randbytes(r.randint(251, 600))
        elif kind == "truncated":
            frame = frame[:r.randint(0, len(frame) - 1)] or b"\xd1"
        elif kind == "flipped":
            b = bytearray(frame)
            for _ in range(r.randint(1, 3)):
                i = r.randrange(len(b))
                b[i] ^= 1 << r.randrange(8)
            frame = bytes(b)
        elif kind == "stranger":
            src = STRANGER
        elif kind == "forged":
            # DATA for the right table, a plausible seq and ack, a move-like
            # body, and a tag nobody computed
            body = struct.pack("<IIB", r.randint(1, 400), r.randint(0, 400), 0)
            body += bytes((0x31,)) + r.randbytes(r.randint(4, 40))
            frame = frame[:6] + body + r.randbytes(8)
            frame = bytes((0xD1, 0x10)) + frame[2:]
        elif kind == "wrong code":
            from link import frames as F
            key = F.code_key("%06d" % r.randrange(1000000), struct.unpack_from("<I", frame, 2)[0])
            src = STRANGER
            frame = bytes(F.seal(F.JOIN, struct.unpack_from("<I", frame, 2)[0],
                                 r.randbytes(8) + b"\x03Eve", key, src))
        # "replayed": the frame as it was
        s = air.by_mac.get(src)
        if not dst.on or (s is not None and air._cut(s, dst)):
            return              # a radio switched off, or a partition between: nothing lands
        self.sent[kind] += 1
        air.stats["junk"] += 1
        air.land(dst, src, frame)
