"""The host console's side of a linked match: the authority.

It holds the one game, a Rummikub Game or a GinGame (the engine knows
nothing of the link: a linked seat is a seat whose moves arrive as
frames, as an AI seat's come from ai.players), its save is the match's,
and it tells each joined console what that console's person may see
(.talk, the game's messages: link.messages, or link.gin_messages, read
through the same names).  The caller (the app, or a headless console)
plays the host's own seats and its AI seats when its_turn() says so
(play()/draw() for Rummikub; a Gin action on the game, then changed()),
and lets time pass in wait(ms), which runs the radio.

The lobby: open(kinds, code) offers the seats of kind LINKED; a console
whose person entered the code joins (JOIN/PAIRED, link.frames) and takes
the next free one.  begin(game, match_id) starts the match once every
linked seat is taken; after that a JOIN is refused.

Every change of the game (a move, a draw, the next round) goes: version
+ 1, on_change(host) (the caller saves the match, and at a round's end
logs it: nothing is announced that a power cut could lose), then a VIEW
to every console in session.  The next move waits until every console not
quiet has acknowledged that VIEW (gate_open): each table shows each turn.  A console not heard for peer.QUIET_MS is quiet: the
others are told (QUIET) and it no longer holds the game up.  A restarted
host (restore()) has its pairings but no sessions: it CALLs each console
until it says HELLO, then sends the match (TABLE) and the table (VIEW).
"""
from compat import const, ticks_diff
from hal.link import BROADCAST
from link import frames as F
from link import messages as M
from link.peer import ASK_MS, QUIET_MS, Peer, Side

BEACON_MS = const(1000)
MAX_BAD = const(10)        # wrong codes in a lobby before the code changes


class Host(Side):
    def __init__(self, link, table, rand, name="Host"):
        Side.__init__(self, link, rand)
        self.table = table
        self.name = name
        self.peers = []
        self.kinds = []            # each seat's kind (messages.KINDS)
        self.names = []
        self.owner = []            # each seat's console (index in peers), -1: this one
        self.game = None
        self.talk = M              # the game's messages: link.messages, link.gin_messages
        self.match_id = ""
        self.version = 0
        self.code = None
        self.ckey = None
        self.bad = 0               # wrong codes since the code was drawn
        self.seen = []             # JOIN nonces of this lobby (a replay is refused)
        self.quiet = 0             # seats whose console is quiet (mask)
        self.move = None           # (peer, move): a move waiting for the gate
        self.left = []             # each finished round's points left on each rack
        self.on_change = None      # on_change(host): save (and log) before telling anyone
        self.gin = False           # the lobby offers a Gin game (its BEACON says so)
        self.beacon_at = None
        self.boot = link.ticks_ms()

    # -- the lobby ------------------------------------------------------------
    def open(self, kinds, names, code):
        """Offer the LINKED seats of `kinds` (one per seat) to consoles
        that know `code` (six digits)."""
        self.kinds = list(kinds)
        self.names = list(names)
        self.owner = [-1] * len(kinds)
        self.new_code(code)

    def new_code(self, code):
        self.code = code
        self.ckey = F.code_key(code, self.table)
        self.bad = 0

    def free(self):
        return [p for p in range(len(self.kinds))
                if self.kinds[p] == M.LINKED and self.owner[p] < 0]

    def _game(self, game):
        self.game = game
        if hasattr(game, "hands"):      # a GinGame
            from link import gin_messages
            self.talk = gin_messages

    def begin(self, game, match_id):
        """The match starts: no more joins; every console gets the table."""
        self._game(game)
        self.match_id = match_id
        self.seen = []
        self._changed(self.link.ticks_ms())

    def _join(self, mac, frame, now):
        if self.ckey is None:           # restored from a save: no lobby, no code
            self._refuse_join(mac, frame, F.UNDER_WAY)
            raise F.FrameError(F.UNEXPECTED, "JOIN after the lobby closed")
        try:
            body = F.verify(frame, self.ckey, mac)
        except F.FrameError:
            if self.game is not None:
                self._refuse_join(mac, frame, F.UNDER_WAY)
                raise
            self.bad += 1
            self._refuse_join(mac, frame, F.WRONG_CODE)
            if self.bad >= MAX_BAD:
                self.new_code("%06d" % (int.from_bytes(self.rand(4), "little") % 1000000))
            raise
        F.need(body, F.NONCE, F.JOIN)
        ng = bytes(body[:F.NONCE])
        p = self._peer(mac)
        if p is not None and p.join == ng:
            p.link.send_plain(mac, p.paired)    # our PAIRED was lost: the same again
            return
        if self.game is not None:
            self._refuse_join(mac, frame, F.UNDER_WAY)
            raise F.FrameError(F.UNEXPECTED, "JOIN after the lobby closed")
        if ng in self.seen:
            raise F.FrameError(F.REPLAYED, "a JOIN seen before")
        if p is None and not self.free():
            self._refuse_join(mac, frame, F.TABLE_FULL)
            return
        self.seen.append(ng)
        nh = self.rand(F.NONCE)
        pkey = F.pair_key(self.ckey, self.link.mac, mac, ng, nh)
        if p is None:
            seat = self.free()[0]
            try:
                self.link.add_peer(mac)
            except OSError:
                self._refuse_join(mac, frame, F.TABLE_FULL)
                return
            p = Peer(self.link, mac, pkey, self.table, now)
            p.seats = [seat]
            self.owner[seat] = len(self.peers)
            self.peers.append(p)
        else:                           # paired again in the lobby: a new key
            p.pkey = pkey
            p.ch = p.offer = None
        self.names[p.seats[0]] = self._unique(F.text(body, F.NONCE)[0] or "P%d" % (p.seats[0] + 1),
                                              p.seats[0])
        p.join = ng
        p.paired = F.seal(F.PAIRED, self.table, ng + nh + bytes((M.mask(p.seats),)), self.ckey)
        self.link.send_plain(mac, p.paired)     # it has no key yet
        p.encrypt()

    def _unique(self, name, seat):
        """`name`, or with a number when another seat has it already (two
        fresh consoles both say "Ann": "Ann", "Ann2"), 8 characters at most."""
        base = name
        k = 2
        while name in self.names[:seat] + self.names[seat + 1:]:
            name = base[:8 - len(str(k))] + str(k)
            k += 1
        return name

    def _refuse_join(self, mac, frame, why):
        """REFUSED, tagged with our code's key: a joiner whose code is
        another reads it as "wrong code".  A stranger is no peer after."""
        if len(frame) < F.HEAD + F.NONCE + F.TAG:
            return
        body = bytes(frame[F.HEAD:F.HEAD + F.NONCE]) + bytes((why,))
        stranger = self._peer(mac) is None
        try:
            if stranger:
                self.link.add_peer(mac)
            self.link.send_plain(mac, F.seal(F.REFUSED, self.table, body, self.ckey or F.Key(b"-")))
        except OSError:
            return
        if stranger:
            self.link.del_peer(mac)

    # -- the match ------------------------------------------------------------
    def its_turn(self, now=None):
        """The seat whose move the caller plays now (the host's own or an
        AI seat), or -1: a joined console's turn, the round over, or the
        tables not yet all showing the last change."""
        g = self.game
        if g is None or not self.talk.playing(g) or self.kinds[g.current] == M.LINKED:
            return -1
        return g.current if self.gate_open(self.link.ticks_ms() if now is None else now) else -1

    def play(self, sets):
        """The current seat (the caller's) leaves `sets`; the TurnResult."""
        res = self.game.play(sets)
        if res.valid:
            self._changed(self.link.ticks_ms())
        return res

    def draw(self):
        got = self.game.draw()
        self._changed(self.link.ticks_ms())
        return got

    def next_round(self):
        self.game.next_round()
        self._changed(self.link.ticks_ms())

    def changed(self):
        """The caller changed the game itself (a Gin action, the next
        hand): saved, then told to every console."""
        self._changed(self.link.ticks_ms())

    def gate_open(self, now):
        """Every console not quiet shows the last change (one that is
        asking for a session is waited for: it will show it soon)."""
        for p in self.peers:
            if p.quiet(now):
                continue
            if p.ch is None or p.shown != self.version or not p.ch.delivered(p.token):
                return False
        return True

    def settled(self, now):
        """gate_open, and nothing left to send to any console in session."""
        if not self.gate_open(now):
            return False
        for p in self.peers:
            if p.ch is not None and not p.quiet(now) and not p.ch.idle():
                return False
        return True

    def _changed(self, now):
        self.version += 1
        self.move = None
        g = self.game
        if len(self.left) < self.talk.rows(g):
            self.left.append(self.talk.left(g))
        if self.on_change is not None:
            self.on_change(self)
        for p in self.peers:
            if p.ch is not None:
                self._post_view(p)

    def _post_view(self, p):
        """The VIEW, after the TABLE if the console lacks the match as it
        stands (a new session, a round ended)."""
        g = self.game
        t = self.talk
        if p.shown == 0 or p.rows != t.rows(g):
            p.ch.post(t.table(self.match_id, g, self.kinds, M.mask(p.seats), self.left), True)
            p.rows = t.rows(g)
        p.token = p.ch.post(t.view(self.version, g, p.seats, self.quiet), True)
        p.shown = self.version

    def _session(self, p):
        """A console's new session: the match and the table, whole."""
        p.shown = 0
        if self.game is not None:
            self._post_view(p)

    def _message(self, p, msg, now):
        t = self.talk
        if msg[0] not in t.MOVES:
            raise F.FrameError(F.UNEXPECTED, "message 0x%02x is not for the host" % msg[0])
        version, seat, move = t.read_move(msg)
        g = self.game
        if g is None or version < self.version:
            return                      # a copy, or made on an older table: settled
        if seat not in p.seats or version != self.version or not t.playing(g) \
                or seat != g.current:
            p.ch.post(M.verdict(version, seat, "not your turn"))
            raise F.FrameError(F.UNEXPECTED, "a move out of turn")
        self.move = (p, move)

    def _apply(self, now):
        """The waiting move, once every table shows the last change."""
        p, move = self.move
        self.move = None
        g = self.game
        why = self.talk.apply(g, move)
        if why is not None:
            if p.ch is not None:
                p.ch.post(M.verdict(self.version, g.current, why))
            return
        self._changed(now)

    # -- frames ---------------------------------------------------------------
    def _peer(self, mac):
        for p in self.peers:
            if p.mac == mac:
                return p
        return None

    def handle(self, mac, frame, now):
        kind, table = F.head(frame)
        if kind == F.BEACON:
            return                      # another table's announcement
        if table != self.table:
            raise F.FrameError(F.OTHER_TABLE)
        if kind == F.JOIN:
            return self._join(mac, frame, now)
        p = self._peer(mac)
        if p is None:
            raise F.FrameError(F.UNPAIRED, "%s frame from a console not paired" % F.NAMES[kind])
        if kind == F.HELLO:
            body = F.verify(frame, p.pkey)
            F.need(body, F.NONCE, kind)
            p.heard = now
            ng = bytes(body[:F.NONCE])
            if p.offer is None or p.offer[1] != ng:
                nh = self.rand(F.NONCE)
                p.offer = (F.session_key(p.pkey, ng, nh), ng, nh)
            p.send(F.seal(F.WELCOME, self.table, ng + p.offer[2], p.pkey))
        elif kind == F.DATA or kind == F.ACK:
            msg, new = p.receive(kind, frame, now)
            if new:
                self._session(p)
            if msg:
                self._message(p, msg, now)
        else:
            raise F.FrameError(F.UNEXPECTED, "a %s frame is not for the host" % F.NAMES[kind])

    def timers(self, now):
        if self.game is None and self.ckey is not None:   # the lobby is open
            if self.beacon_at is None or ticks_diff(now, self.beacon_at) >= BEACON_MS:
                self.beacon_at = now
                out = bytearray((len(self.free()),))
                F.put_text(out, self.name)
                out.append(1 if self.gin else 0)
                self.link.send(BROADCAST, F.seal(F.BEACON, self.table, out))
        q = 0
        for p in self.peers:
            if p.quiet(now):
                q |= M.mask(p.seats)
        if q != self.quiet:
            self.quiet = q
            for p in self.peers:
                if p.ch is not None:
                    p.ch.post(M.quiet(q), True)
        if self.move is not None and self.gate_open(now):
            self._apply(now)
        for p in self.peers:
            if p.ch is not None:
                p.ch.due(now, p.send)
            elif p.asked is None or ticks_diff(now, p.asked) >= ASK_MS:
                p.asked = now           # a restarted host: "say HELLO"
                p.send(F.seal(F.CALL, self.table, self.rand(F.NONCE), p.pkey))

    def channels(self):
        return [p.ch for p in self.peers if p.ch is not None]

    def always_on(self):
        return self.game is None

    def due_in(self, now):
        t = ASK_MS
        for p in self.peers:
            t = min(t, p.due_in(now))
            if not p.quiet(now):
                t = min(t, QUIET_MS - ticks_diff(now, p.heard))
        if self.game is None and self.beacon_at is not None:
            t = min(t, BEACON_MS - ticks_diff(now, self.beacon_at))
        return max(t, 0)

    # -- the save -------------------------------------------------------------
    def state(self):
        """What the match's save keeps beside the game (JSON-able)."""
        return {"table": self.table, "name": self.name, "version": self.version,
                "match": self.match_id, "kinds": self.kinds, "left": self.left,
                "consoles": [[p.mac.hex(), p.pkey.secret.hex(), p.seats]
                             for p in self.peers]}

    def restore(self, game, state):
        """After a power cut: the game and state() from the save.  The
        consoles are CALLed until each says HELLO."""
        self._game(game)
        self.version = state["version"]
        self.match_id = state["match"]
        self.kinds = list(state["kinds"])
        self.left = state["left"]
        self.names = list(game.names)
        self.owner = [-1] * len(self.kinds)
        now = self.link.ticks_ms()
        for mac, key, seats in state["consoles"]:
            mac = bytes.fromhex(mac)
            self.link.add_peer(mac)
            p = Peer(self.link, mac, F.Key(bytes.fromhex(key)), self.table, now)
            p.encrypt()
            p.seats = list(seats)
            for s in seats:
                self.owner[s] = len(self.peers)
            self.peers.append(p)
