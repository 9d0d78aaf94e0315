"""One pair's session over lossy, duplicating, reordering delivery:
every message arrives once, whole and in order (CPython + MicroPython)."""
from common.rng import Rng
from link import frames as F
from link.channel import Channel, PART, RTO_MAX_MS, RTO_MS, WINDOW


class Pipe:
    """Two channels and the frames between them, with seeded faults."""

    def __init__(self, seed=1, loss=0, dup=0, hold=0):
        key = F.Key(b"s" * 32)
        self.a = Channel(5, key, 0)
        self.b = Channel(5, key, 0)
        self.rng = Rng(seed)
        self.loss, self.dup, self.hold = loss, dup, hold
        self.wire = []          # [to, frame]
        self.now = 0
        self.got = {"a": [], "b": []}
        self.sent = 0

    def _p(self, pct):
        return pct and self.rng.randbelow(100) < pct

    def sender(self, to):
        def send(frame):
            self.sent += 1
            if self._p(self.loss):
                return
            n = 2 if self._p(self.dup) else 1
            for _ in range(n):
                if self._p(self.hold):
                    self.wire.insert(0, [to, frame])    # overtaken by later ones
                else:
                    self.wire.append([to, frame])
        return send

    def step(self, ms=50):
        self.now += ms
        wire, self.wire = self.wire, []
        for to, frame in wire:
            ch = self.a if to == "a" else self.b
            kind = F.head(frame)[0]
            body = F.verify(frame, ch.key)
            if kind == F.ACK:
                ch.on_ack(int.from_bytes(bytes(body[:4]), "little"), self.now)
            else:
                m = ch.on_data(body, self.now)
                if m is not None:
                    self.got[to].append(m)
        self.a.due(self.now, self.sender("b"))
        self.b.due(self.now, self.sender("a"))


def test_a_long_message_is_split_and_joined():
    p = Pipe()
    msg = bytes(range(256)) * 3
    tok = p.a.post(msg)
    for _ in range(20):
        p.step()
    assert p.got["b"] == [msg]
    assert p.a.delivered(tok) and p.a.idle()
    assert p.a.seq == (len(msg) + PART - 1) // PART


def test_lossy_duplicating_reordering_delivery_is_exactly_once_in_order():
    for seed in (1, 2, 3):
        p = Pipe(seed, loss=30, dup=10, hold=10)
        msgs = [bytes([i]) * (1 + (i * 37) % 500) for i in range(30)]
        back = [bytes([200 + i]) * 9 for i in range(10)]
        for m in msgs:
            p.a.post(m)
        for m in back:
            p.b.post(m)
        for _ in range(3000):
            if p.a.idle() and p.b.idle():
                break
            p.step()
        assert p.got["b"] == msgs, seed
        assert p.got["a"] == back, seed
        assert p.a.resent > 0


def test_never_more_than_a_window_in_flight():
    p = Pipe(loss=100)
    for i in range(10):
        p.a.post(bytes(240))
    for _ in range(50):
        p.step()
        assert len(p.a.flight) <= WINDOW


def test_retransmission_backs_off_to_its_cap_and_resets_on_an_ack():
    p = Pipe(loss=100)
    p.a.post(b"hi")
    p.a.fill(0, p.sender("b"))
    times = []
    for t in range(0, 20000, 10):
        before = p.a.resent
        p.a.due(t, p.sender("b"))
        if p.a.resent != before:
            times.append(t)
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert times[0] == RTO_MS and gaps[:3] == [2 * RTO_MS, 4 * RTO_MS, RTO_MAX_MS]
    assert max(gaps) == RTO_MAX_MS
    p.a.on_ack(1, 20000)
    assert p.a.rto == RTO_MS and p.a.idle()


def test_a_newer_snapshot_replaces_an_unsent_one():
    p = Pipe(loss=100)
    for i in range(4):
        p.a.post(b"\x01first%d" % i)        # fills the window, two wait
    p.a.fill(0, p.sender("b"))
    t1 = p.a.post(b"\x02old view", True)
    t2 = p.a.post(b"\x02new view", True)
    assert [q[0] for q in p.a.queue] == [b"\x01first2", b"\x01first3", b"\x02new view"]
    assert not p.a.delivered(t1) and not p.a.delivered(t2)


def test_a_message_past_the_limit_is_dropped_whole():
    a = Channel(1, F.Key(b"x" * 32), 0)
    b = Channel(1, F.Key(b"x" * 32), 0)
    frames = []
    a.post(bytes(3000))
    a.post(b"after")
    for _ in range(30):
        a.fill(0, frames.append)
        for f in frames:
            m = b.on_data(F.verify(f, b.key), 0)
            if m is not None:
                assert m == b"after"
                assert b.broken == 1
                return
        frames = []
        a.on_ack(a.seq, 0)
    assert False, "the message after it never came"
