"""One pair's session: messages in numbered DATA frames, each side's own
acknowledgements, retransmission, and a message bigger than a frame split
into frames and joined again.

The radio's own acknowledgement says only that the peer's radio heard a
frame (a full receive buffer drops frames it acknowledged), so nothing
here trusts it: each DATA frame carries the highest sequence number its
sender has received in order (`ack`), and a frame stays in flight, sent
again after RTO_MS (doubling up to RTO_MAX_MS), until the peer's ack
covers it.  At most WINDOW frames are in flight: two full frames are what
an ESP-NOW receive buffer holds.  A receiver takes frames in order only
(a duplicate or an early frame is dropped and answered with an ACK), so a
message's parts always join in order.  A side that has sent nothing for
HEARTBEAT_MS sends an ACK: the other side hears it is there.

The channel never touches the radio: fill() and due() hand the frames to
send(frame).  Messages queued with `replace` (a newer snapshot of the same
thing) take the place of any not yet sent.
"""
import struct

from compat import const, ticks_diff
from link import frames as F

WINDOW = const(2)
RTO_MS = const(250)
RTO_MAX_MS = const(2000)
HEARTBEAT_MS = const(1000)
PART = const(227)          # 250 - DATA's fields - the tag
MAX_MESSAGE = const(2048)  # a message joined from parts never exceeds this


class Channel:
    def __init__(self, table, key, now):
        self.table = table
        self.key = key
        self.seq = 0            # the last seq given to a frame
        self.acked = 0          # the highest seq the peer has acknowledged
        self.got = 0            # the last seq received in order
        self.flight = []        # [seq, flags, part]: sent, not yet acknowledged
        self.queue = []         # [message, token]: not yet framed
        self.joined = bytearray()
        self.skip = False       # the message being received overflowed
        self.ack_due = False
        self.last_tx = now
        self.sent_at = now      # when the oldest frame in flight was last sent
        self.rto = RTO_MS
        self.resent = 0         # frames sent again (counts for the figures)
        self.broken = 0         # messages that could not be joined

    # -- sending
    def post(self, message, replace=False):
        """Queue a message; returns its token: delivered(token) is True
        once the peer has acknowledged its last frame.  replace: drop
        queued messages of the same kind (first byte) not yet framed."""
        if replace:
            k = message[0]
            self.queue = [q for q in self.queue if q[0][0] != k]
        token = [0]
        self.queue.append([message, token])
        return token

    def delivered(self, token):
        return token[0] != 0 and self.acked >= token[0]

    def idle(self):
        """Nothing queued and nothing in flight."""
        return not self.queue and not self.flight

    def _frame(self, seq, flags, part):
        return F.data_frame(self.table, seq, self.got, flags, part, self.key)

    def fill(self, now, send):
        """Frame queued messages while the window has room, and send them."""
        while self.queue and len(self.flight) < WINDOW:
            message, token = self.queue[0]
            part = message[:PART]
            rest = message[PART:]
            self.seq += 1
            flags = F.MORE if rest else 0
            if rest:
                self.queue[0][0] = rest
            else:
                self.queue.pop(0)
                token[0] = self.seq
            if not self.flight:
                self.sent_at = now
            self.flight.append([self.seq, flags, part])
            self._send(now, send, self._frame(self.seq, flags, part))

    def _send(self, now, send, frame):
        self.ack_due = False
        self.last_tx = now
        send(frame)

    def due(self, now, send):
        """Timers: frames in flight sent again after the RTO, an ACK owed
        or a heartbeat.  Returns True if anything was sent."""
        sent = False
        if self.flight and ticks_diff(now, self.sent_at) >= self.rto:
            for seq, flags, part in self.flight:
                self._send(now, send, self._frame(seq, flags, part))
                self.resent += 1
            self.sent_at = now
            self.rto = min(self.rto * 2, RTO_MAX_MS)
            sent = True
        self.fill(now, send)
        if self.ack_due or ticks_diff(now, self.last_tx) >= HEARTBEAT_MS:
            self._send(now, send, F.ack_frame(self.table, self.got, self.key))
            sent = True
        return sent

    def due_in(self, now):
        """ms until due() has something to send (0: now)."""
        if self.ack_due or (self.queue and len(self.flight) < WINDOW):
            return 0
        t = HEARTBEAT_MS - ticks_diff(now, self.last_tx)
        if self.flight:
            t = min(t, self.rto - ticks_diff(now, self.sent_at))
        return max(t, 0)

    # -- receiving (frames already verified under this channel's key)
    def on_ack(self, ack, now):
        if self.acked < ack <= self.seq:
            self.acked = ack
            while self.flight and self.flight[0][0] <= ack:
                self.flight.pop(0)
            self.rto = RTO_MS
            self.sent_at = now

    def on_data(self, body, now):
        """A DATA frame's body: returns a whole message when this frame
        completes one, else None."""
        F.need(body, 9, F.DATA)
        seq, ack, flags = struct.unpack_from(F.DATA_HEAD, body, 0)
        self.on_ack(ack, now)
        self.ack_due = True
        if seq != self.got + 1:
            return None         # a duplicate, or early: its ACK says what we have
        self.got = seq
        more = flags & F.MORE
        if not self.skip and len(self.joined) + len(body) - 9 > MAX_MESSAGE:
            self.joined = bytearray()
            self.broken += 1
            self.skip = True
        if self.skip:
            self.skip = bool(more)   # its parts are dropped up to its last
            return None
        self.joined.extend(body[9:])
        if more:
            return None
        message = bytes(self.joined)
        self.joined = bytearray()
        return message
