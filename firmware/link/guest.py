"""A joined console's side of a linked match: it holds what its person
may see (the match as link.messages' TABLE has it, the newest VIEW: the
table, the counts, its own rack) and sends what its person chose.

Finding a table: the hosts in range announce theirs (BEACON: .tables);
join(mac, table, code) pairs with one whose code the person entered
(JOIN/PAIRED: .paired, or .refusal says why not).  From then on the
pair's key is in state() for the console's save: after a power cut on
either side, restore() and a HELLO (or the restarted host's CALL) start a
new session, and the host sends the match and the table again.

A move (play(sets), draw()) names the VIEW's version it was made on; it
is sent again in each new session until the host's next VIEW shows it
applied, or a VERDICT says why it was refused (.verdict).  A host not
heard for peer.QUIET_MS is quiet (.host_quiet()); the console keeps
asking for a session until it answers.
"""
from compat import const, ticks_diff
from link import frames as F
from link import messages as M
from link.peer import ASK_MS, Peer, Side

G_TABLE = const(0x25)       # link.gin_messages' GTABLE, GVIEW (loaded for Gin only)
G_VIEW = const(0x26)


def read_view(msg):
    """A VIEW of either game (Rummikub's or Gin's GVIEW)."""
    if msg and msg[0] == G_VIEW:
        from link.gin_messages import read_view as gin_view
        return gin_view(msg)
    return M.read_view(msg)


class Guest(Side):
    def __init__(self, link, rand, name):
        Side.__init__(self, link, rand)
        self.name = name
        self.tables = {}        # host mac -> (table id, free seats, host name)
        self.gin = {}           # host mac -> True: its table plays Gin Rummy
        self.joining = None     # (host mac, table, code key, nonce, last sent)
        self.refusal = None     # why the last JOIN was refused (frames.REASONS)
        self.host = None        # the host (a Peer), once paired
        self.table = 0
        self.seats = []
        self.hello = None       # [nonce, last sent] while asking for a session
        self.info = None        # the match (messages.read_table)
        self.view = None        # the newest VIEW (messages.View)
        self.quiet = 0          # seats whose console the host says is quiet
        self.move = None        # (version, message) until the host has settled it
        self.verdict = None     # (version, seat, why) of a refused move
        self.news = 0           # TABLE and VIEW messages taken
        self.on_news = None     # on_news(guest) after each: the caller saves, shows

    # -- pairing -------------------------------------------------------------
    def join(self, mac, table, code):
        ckey = F.code_key(code, table)
        self.link.add_peer(mac)
        self.refusal = None
        self.joining = [bytes(mac), table, ckey, self.rand(F.NONCE), None]

    def paired(self):
        return self.host is not None

    def _pair(self, mac, frame, now):
        j = self.joining
        if j is None or mac != j[0]:
            raise F.FrameError(F.UNEXPECTED, "a %s frame while not joining" % F.NAMES[frame[1]])
        if frame[1] == F.REFUSED:
            try:
                body = F.verify(frame, j[2])
                F.need(body, F.NONCE + 1, F.REFUSED)
                if bytes(body[:F.NONCE]) != j[3]:
                    raise F.FrameError(F.REPLAYED, "a REFUSED for another JOIN")
                self.refusal = body[F.NONCE]
            except F.FrameError as e:
                if e.why != F.FORGED:
                    raise
                self.refusal = F.WRONG_CODE     # tagged under another code
            self.joining = None
            return
        body = F.verify(frame, j[2])
        F.need(body, 2 * F.NONCE + 1, F.PAIRED)
        if bytes(body[:F.NONCE]) != j[3]:
            raise F.FrameError(F.REPLAYED, "a PAIRED for another JOIN")
        nh = bytes(body[F.NONCE:2 * F.NONCE])
        self.table = j[1]
        self.host = Peer(self.link, mac, F.pair_key(j[2], mac, self.link.mac, j[3], nh),
                         self.table, now)
        self.host.encrypt()
        self.seats = M.seats_of(body[2 * F.NONCE], 8)
        self.joining = None
        self._ask(now)

    # -- the session -----------------------------------------------------------
    def _ask(self, now):
        """HELLO: the same nonce until a session starts (the host answers
        a HELLO it has seen with the same WELCOME)."""
        if self.hello is None:
            self.hello = [self.rand(F.NONCE), None]
        self.hello[1] = now
        self.host.send(F.seal(F.HELLO, self.table, self.hello[0], self.host.pkey))

    def host_quiet(self, now):
        return self.host is not None and self.host.quiet(now)

    def _welcome(self, frame, now):
        body = F.verify(frame, self.host.pkey)
        F.need(body, 2 * F.NONCE, F.WELCOME)
        if self.hello is None or bytes(body[:F.NONCE]) != self.hello[0]:
            raise F.FrameError(F.REPLAYED, "a WELCOME for another HELLO")
        ch = self.host.start(F.session_key(self.host.pkey, self.hello[0],
                                           bytes(body[F.NONCE:2 * F.NONCE])), now)
        self.hello = None
        ch.ack_due = True               # our first frame: the host takes the session
        if self.move is not None:
            ch.post(self.move[1])       # not settled in the old session

    def _message(self, msg):
        kind = msg[0]
        if kind == M.VIEW or kind == G_VIEW:
            v = read_view(msg)
            self.quiet = v.quiet
            if self.view is not None and v.version < self.view.version:
                return
            self.view = v
            self.raw = msg
            if self.move is not None and v.version > self.move[0]:
                self.move = None
        elif kind == M.TABLE or kind == G_TABLE:
            if kind == M.TABLE:
                self.info = M.read_table(msg)
            else:
                from link.gin_messages import read_table
                self.info = read_table(msg)
            self.seats = self.info["mine"]
        elif kind == M.VERDICT:
            self.verdict = M.read_verdict(msg)
            if self.move is not None and self.verdict[0] == self.move[0]:
                self.move = None
            return
        elif kind == M.QUIET:
            self.quiet = M.read_quiet(msg)
            return
        else:
            raise F.FrameError(F.UNEXPECTED, "message 0x%02x is not for a guest" % kind)
        self.news += 1                  # a VIEW or a TABLE
        if self.on_news is not None:
            self.on_news(self)

    # -- the game its person sees -----------------------------------------------
    def fill(self, game, rules):
        """Set on `game` (ui.table.match.GuestGame, link.gin_table.GuestGin)
        what either game takes the same way from the match and the newest
        VIEW: the names, the rules (`rules`: the game's own, updated with
        the table's), the version, whose turn, the phase.  Returns (view,
        match) for the fields of its own game."""
        v = self.view
        info = self.info
        game.names = info["names"]
        game.rules = rules.update(info["rules"])
        game.version = v.version
        game.current = v.current
        game.phase = v.phase
        return v, info

    # -- moves -----------------------------------------------------------------
    def my_turn(self):
        """The seat of ours whose move it is, or -1."""
        v = self.view
        if v is None or not v.playing() or v.current not in self.seats or self.move is not None:
            return -1
        return v.current

    def _send_move(self, msg):
        self.move = (self.view.version, msg)
        self.verdict = None
        if self.host.ch is not None:
            self.host.ch.post(msg)

    def play(self, sets):
        self._send_move(M.play(self.view.version, self.view.current, sets))

    def draw(self):
        self._send_move(M.draw(self.view.version, self.view.current))

    def act(self, kind, card=255):
        """A Gin action (gin.game's M_PASS .. M_KNOCK; card: the discard)."""
        from link.gin_messages import move
        self._send_move(move(self.view.version, self.view.current, kind, card))

    # -- frames ------------------------------------------------------------------
    def handle(self, mac, frame, now):
        kind, table = F.head(frame)
        if kind == F.BEACON:
            body = memoryview(frame)[F.HEAD:]
            F.need(body, 1, kind)
            name, pos = F.text(body, 1)
            self.tables[bytes(mac)] = (table, body[0], name)
            self.gin[bytes(mac)] = pos < len(body) and body[pos] == 1
            return
        if kind == F.PAIRED or kind == F.REFUSED:
            return self._pair(bytes(mac), frame, now)
        h = self.host
        if h is None or mac != h.mac:
            raise F.FrameError(F.UNPAIRED, "%s frame from a console not our host" % F.NAMES[kind])
        if table != self.table:
            raise F.FrameError(F.OTHER_TABLE)
        if kind == F.CALL:
            F.verify(frame, h.pkey)
            h.heard = now
            if self.hello is None or ticks_diff(now, self.hello[1]) >= ASK_MS // 2:
                self._ask(now)
        elif kind == F.WELCOME:
            self._welcome(frame, now)
            h.heard = now
        elif kind == F.DATA or kind == F.ACK:
            msg = h.receive(kind, frame, now)[0]
            if msg:
                self._message(msg)
        else:
            raise F.FrameError(F.UNEXPECTED, "a %s frame is not for a guest" % F.NAMES[kind])

    def timers(self, now):
        j = self.joining
        if j is not None and (j[4] is None or ticks_diff(now, j[4]) >= ASK_MS) \
                and not self.to_beat(now):
            j[4] = now
            out = bytearray(j[3])
            F.put_text(out, self.name)
            self.link.send(j[0], F.seal(F.JOIN, j[1], out, j[2], self.link.mac))
        h = self.host
        if h is None:
            return
        if self.hello is not None or h.ch is None or h.quiet(now):
            if (self.hello is None or ticks_diff(now, self.hello[1]) >= ASK_MS) \
                    and not self.to_beat(now):
                self._ask(now)      # until a WELCOME answers
        if h.ch is not None:
            h.ch.due(now, h.send)

    def channels(self):
        h = self.host
        return (h.ch,) if h is not None and h.ch is not None else ()

    def always_on(self):
        return self.host is None or self.hello is not None

    def due_in(self, now):
        t = ASK_MS
        j = self.joining
        if j is not None:
            a = 0 if j[4] is None else ASK_MS - ticks_diff(now, j[4])
            t = min(t, a if a > 0 else self.to_beat(now))
        h = self.host
        if h is not None:
            t = min(t, h.due_in(now))
            if self.hello is not None:
                a = ASK_MS - ticks_diff(now, self.hello[1])
                t = min(t, a if a > 0 else self.to_beat(now))
            elif h.ch is None or h.quiet(now):
                t = min(t, self.to_beat(now))
        return max(t, 0)

    # -- the save ------------------------------------------------------------------
    def state(self):
        """The pairing, for the console's save (JSON-able)."""
        h = self.host
        return {"host": h.mac.hex(), "table": self.table, "key": h.pkey.secret.hex(),
                "seats": self.seats, "name": self.name}

    def restore(self, state):
        mac = bytes.fromhex(state["host"])
        self.link.add_peer(mac)
        self.table = state["table"]
        self.seats = list(state["seats"])
        self.host = Peer(self.link, mac, F.Key(bytes.fromhex(state["key"])), self.table,
                         self.link.ticks_ms())
        self.host.encrypt()
