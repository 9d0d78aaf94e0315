"""What both sides of a linked match share: the far end of a pairing
(Peer: its address, the pair's key, the session in use, a
link.channel.Channel, and when it was last heard: one per joined console
on the host, one, its host, on a joined console) and the loop that
listens to the radio between a console's own doings (Side.wait).
"""
from compat import const, ticks_diff
from link import frames as F
from link.channel import Channel

# a console not heard for this long is reported quiet (heartbeats come
# every channel.HEARTBEAT_MS; a full e-ink refresh, which reads no
# radio, takes about 3 s)
QUIET_MS = const(6000)
# how often a side without a session asks for one (HELLO, CALL)
ASK_MS = const(1000)


class Peer:
    def __init__(self, link, mac, pkey, table, now):
        self.link = link
        self.mac = bytes(mac)
        self.pkey = pkey
        self.table = table
        self.ch = None          # the session's channel, once there is one
        self.offer = None       # (key, guest nonce): a session offered, not yet used
        self.heard = now        # the last frame that passed its tag
        self.asked = None       # when we last asked for a session
        # the host's record of a joined console
        self.seats = []         # the seats it holds
        self.join = None        # its JOIN's nonce, and our PAIRED frame:
        self.paired = None      # sent again if that JOIN comes again
        self.shown = 0          # the version of the last VIEW posted to it
        self.token = None       # that VIEW's delivery (channel.post)
        self.rows = 0           # finished rounds in the last TABLE posted

    def send(self, frame):
        """Onto the radio; its acknowledgement proves nothing (channel)."""
        try:
            self.link.send(self.mac, frame)
        except OSError:
            pass                # no such peer registered: as lost

    def quiet(self, now):
        return ticks_diff(now, self.heard) >= QUIET_MS

    def start(self, key, now):
        """A new session: a fresh channel (the old one's frames are void)."""
        self.ch = Channel(self.table, key, now)
        self.offer = None
        return self.ch

    def open(self, frame, now):
        """A DATA or ACK frame: verified under the session's key (or the
        offered one, which then becomes the session's: its first frame is
        the proof the other side took it).  Returns (body, new session?)."""
        if self.ch is not None:
            try:
                return F.verify(frame, self.ch.key), False
            except F.FrameError:
                if self.offer is None:
                    raise
        if self.offer is None:
            raise F.FrameError(F.FORGED, "%s frame with no session" % F.NAMES[frame[1]])
        body = F.verify(frame, self.offer[0])
        self.start(self.offer[0], now)
        return body, True

    def receive(self, kind, frame, now):
        """A DATA or ACK frame from this peer, verified (open) and taken by
        the channel: (a whole message or None, a new session?)."""
        body, new = self.open(frame, now)
        self.heard = now
        if kind == F.ACK:
            F.need(body, 4, kind)
            self.ch.on_ack(int.from_bytes(bytes(body[:4]), "little"), now)
            return None, new
        return self.ch.on_data(body, now), new

    def due_in(self, now):
        """ms until this peer's channel next needs a turn (sends, timers)."""
        return ASK_MS if self.ch is None else self.ch.due_in(now)


class Side:
    """A console's end of the link: link.host.Host or link.guest.Guest
    fill in handle(mac, frame, now) (raising FrameError to refuse it),
    timers(now) and due_in(now).  Refused frames are counted by kind
    (frames.WHY) in .refused; nothing a frame holds raises out of here."""

    def __init__(self, link, rand):
        self.link = link
        self.rand = rand            # rand(n) -> n random bytes (os.urandom on a board)
        self.refused = {}

    def refuse(self, e):
        self.refused[e.why] = self.refused.get(e.why, 0) + 1

    def take(self, mac, frame, now):
        """One frame off the radio, whatever it holds."""
        try:
            self.handle(mac, frame, now)
        except F.FrameError as e:
            self.refuse(e)

    def wait(self, ms):
        """Listen for ms of the link's clock: frames handled as they come,
        timers run (retransmission, heartbeats, asking for sessions); the
        frames already arrived are read even when ms is 0."""
        link = self.link
        t0 = link.ticks_ms()
        while True:
            now = link.ticks_ms()
            self.timers(now)
            left = ms - ticks_diff(now, t0)
            mac, frame = link.recv(max(0, min(left, self.due_in(now))))
            if frame is not None:
                self.take(mac, frame, link.ticks_ms())
            elif left <= 0:
                return
