"""What both sides of a linked match share: the far end of a pairing
(Peer: its address, the pair's key, the session in use, a
link.channel.Channel, and when it was last heard: one per joined console
on the host, one, its host, on a joined console) and the loop that
listens to the radio between a console's own doings (Side.wait).

The radio's duty cycle (Side.wait): the radio draws 100-130 mA while on,
ten times the rest of the console, so in a match it is on only
- LISTEN_MS at the start of every BEAT_MS of the link's clock (every
  console of the table listens at once: what one has to send, the others
  hear: new messages, retransmissions, heartbeats all wait for a beat),
- while an exchange runs: HOLD_MS after a DATA frame sent or received
  (the rest of a message, its ack, the host's answer to a move), and
- all the time in the lobby (pairing) and while a console asks for a
  session.
Off, frames sent to it are lost unacknowledged, and sent again at the
next beat.  A move waits for the next beat (at most BEAT_MS), then goes
to the host and on to the others in that beat: a joined console's glass
shows it about half a beat and a refresh later.  The beat is the link's
clock as it is: on the simulated radio one clock for all; boards with
clocks of their own would align a joined console's beat to its host's
frames (NOTES.md).
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
# the duty cycle (module doc): listen LISTEN_MS every BEAT_MS, and HOLD_MS
# after a DATA frame (longer than channel.RTO_MS: a first resend still
# finds the other side listening)
BEAT_MS = const(250)
LISTEN_MS = const(25)
HOLD_MS = const(300)
# a beat's first GUARD_MS only listen: every console's radio is up before
# anyone sends (their clocks never strike the beat at the same instant)
GUARD_MS = const(12)
# sends to a radio that did not acknowledge, at once (a lost frame
# costs no wait for the next beat)
TRIES = const(3)


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
        """Onto the radio, again at once while unacknowledged (TRIES);
        an acknowledgement proves nothing (channel)."""
        try:
            for _ in range(TRIES):
                if self.link.send(self.mac, frame):
                    return
        except OSError:
            pass                # no such peer registered: as lost

    def encrypt(self):
        """From now on the radio encrypts frames to this peer under the
        pair's key, and decrypts its encrypted ones (both sides hold the
        key once PAIRED is sent or read).  Past the radio's encrypted
        peers (hal.link.MAX_ENCRYPTED) frames go in plaintext: the tags
        still authenticate them."""
        try:
            self.link.add_peer(self.mac, F.radio_key(self.pkey))
        except OSError:
            pass

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

    duty = True                     # the radio's duty cycle (module doc); False: always on

    def __init__(self, link, rand):
        self.link = link
        self.rand = rand            # rand(n) -> n random bytes (os.urandom on a board)
        self.refused = {}
        self.hot = None             # when a DATA frame last went or came (HOLD_MS)

    def refuse(self, e):
        self.refused[e.why] = self.refused.get(e.why, 0) + 1

    def take(self, mac, frame, now):
        """One frame off the radio, whatever it holds."""
        try:
            self.handle(mac, frame, now)
        except F.FrameError as e:
            self.refuse(e)
            return
        if frame[1] == F.DATA:
            self.hot = now          # an exchange runs: listen on (HOLD_MS)

    def wait(self, ms):
        """Listen for ms of the link's clock: frames handled as they come,
        timers run (retransmission, heartbeats, asking for sessions); the
        frames already arrived are read even when ms is 0.  The radio is
        switched off and on as the duty cycle says (module doc)."""
        link = self.link
        t0 = link.ticks_ms()
        while True:
            now = link.ticks_ms()
            left = ms - ticks_diff(now, t0)
            on = self.on_for(now)
            if not on:
                link.radio(False)
                if left <= 0:
                    return
                link.sleep_ms(min(left, BEAT_MS - now % BEAT_MS))
                continue
            if link.radio(True):
                self.woke(now)
            phase = now % BEAT_MS
            if phase < GUARD_MS and self.duty and not self.always_on() and not self.held(now):
                mac, frame = link.recv(max(0, min(left, GUARD_MS - phase)))
                if frame is not None:
                    self.take(mac, frame, link.ticks_ms())
                elif left <= 0:
                    return
                continue
            self.timers(now)
            if self.sending():
                self.hot = now
            mac, frame = link.recv(max(0, min(left, self.due_in(now), on)))
            if frame is not None:
                self.take(mac, frame, link.ticks_ms())
            elif left <= 0:
                return

    def on_for(self, now):
        """ms the radio stays on from now (0: off until the next beat)."""
        if not self.duty or self.always_on():
            return BEAT_MS
        t = LISTEN_MS - now % BEAT_MS
        if self.hot is not None:
            t = max(t, HOLD_MS - ticks_diff(now, self.hot))
        return max(t, 0)

    def to_beat(self, now):
        """0 while a beat's sending part is on (after its guard), else ms
        until it is: a console asking (JOIN, HELLO) on a fixed period
        asks then, or a host listening only in beats never hears it."""
        if not self.duty:
            return 0
        p = now % BEAT_MS
        if GUARD_MS <= p < LISTEN_MS:
            return 0
        return (GUARD_MS - p) % BEAT_MS

    def held(self, now):
        """Within HOLD_MS of a DATA frame sent or received."""
        return self.hot is not None and ticks_diff(now, self.hot) < HOLD_MS

    def channels(self):
        """The sessions' channels (each side its own)."""
        return ()

    def sending(self):
        """A DATA frame went out just now (a channel's sent_at is now)."""
        now = self.link.ticks_ms()
        for ch in self.channels():
            if ch.flight and ch.sent_at == now:
                return True
        return False

    def woke(self, now):
        """The radio is back on: frames still in flight go again now (the
        other side was off when their time came)."""
        for ch in self.channels():
            if ch.flight:
                ch.sent_at = now - ch.rto

    def always_on(self):
        """The lobby, pairing, or a session being asked for."""
        return True
