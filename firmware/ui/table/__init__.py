"""Link play on the glass: consoles at one table, each its own (the
protocol: the top-level `link` package; the radio: hal.link).

  match         HostMatch (the host console's match: the one Game, AI
                seats and pass-and-play seats here, the others' seats
                moved by frames) and GuestMatch (a joined console's: what
                its person may see, read as a Game by the play screen)
  gin_match     the same two for a Gin Rummy game (GinHostMatch,
                GinGuestMatch): Gin's own screens, ui.gin.gin_wait while
                the other console plays
  table_lobby   "Host a table": the seats, the pairing code, who is in
  table_join    "Join a table": the tables in range, the code entered
  table_wait    another console's person plays: their moves as they come,
                a quiet console named with how long it has been away, and
                on the host the choice to hand its seat to an AI or pause
The play screen, the privacy screen and the round's result are the
app's own (ui.screens, ui.gin): a linked match keeps to the same contract
(ui.seats) as any match.  Here: what both games' linked matches share
(HostSide, GuestSide: the quiet console, the seat handed to an AI, the
radio read while the app is idle) and what the two lobby screens share
(Lobby).
"""
from compat import ticks_diff
from ui.screen import Base

LINKED = "linked"       # a seat played on another console
QUIET_STEP = 5          # the wait's seconds shown in steps of this (fewer refreshes)


def rand(n):
    """Nonces and codes: the platform's true random bytes."""
    from compat import urandom
    return urandom(n)


def waited_text(name, ms):
    s = ms // 1000 // QUIET_STEP * QUIET_STEP
    return "Waiting for %s, %d s" % (name, s)


class Lobby(Base):
    """Host a table, Join a table: each its side of the link (.side: a
    link.host.Host or link.guest.Guest; None: the console has no radio),
    the radio read while the app is idle, and the glass redrawn when
    what it shows of the radio (_state()) has changed."""
    can_sleep = False       # consoles are joining
    TITLE = ""

    def __init__(self, app):
        super().__init__(app)
        from hal.parts import link
        self.link = link(app.hal)
        self.side = None
        self.shown = None

    def listen(self, app, ms):
        if self.side is None:
            app.hal.sleep_ms(ms)
        else:
            self.side.wait(ms)

    def tick(self):
        if self.side is None:
            return False
        st = self._state()
        if st != self.shown:
            self.shown = st
            return True
        return False

    def heading(self, fb):
        """The title; False (and the glass says why) without a radio."""
        from ui.gfx import BLACK, centre_text
        centre_text(fb, self.TITLE, 6, BLACK, 2, 2)
        if self.side is None:
            from ui.menu import footer
            centre_text(fb, "This console has no radio.", 120)
            footer(fb, "B: back")
            return False
        self.shown = self._state()
        return True


class Waiting:
    """What both games' wait screens (ui.table.table_wait, ui.gin.gin_wait)
    do beside drawing: move on with each change the radio brings (.seen:
    the version shown), redraw when the status line (_status()) changes,
    and the keys: on the host, A hands a quiet console's seat (.wait) to
    an AI; B saves and goes to the title."""

    def _away(self):
        """The status line's first words when there are: a quiet console
        on turn and how long it has been away, a joined console's refused
        move or its move sent; else None."""
        m = self.m
        self.wait = m.waiting()
        if self.wait is not None:
            seat, ms = self.wait
            return waited_text(m.game.names[seat], ms)
        gst = getattr(m, "guest", None)
        if gst is not None:
            if gst.verdict is not None:
                return "Not valid: %s" % gst.verdict[2]
            if gst.move is not None:
                return "Sent: waiting for the table"
        return None

    def tick(self):
        m = self.m
        if m.version() != self.seen or m.ready():
            self.app.advance()
            return False
        return self._status() != self.shown

    def key(self, b, long):
        from hal import buttons as hb
        m = self.m
        app = self.app
        if getattr(m, "host", None) is not None and self.wait is not None and b == hb.A:
            m.hand_to_ai(app, self.wait[0])
        elif b == hb.B:
            m.save(app)
            app.end_match()         # the save stays on flash (a finished match's goes)


class HostSide:
    """The host's linked match, of either game (.host: link.host.Host;
    the match's sync() hands a change made here to it; playing(): a
    turn is under way; LOGGED: the attribute counting what it logged)."""
    LOGGED = "logged"

    def save(self, app, screen=None):
        from link import save
        try:
            save.save_host(app.storage, self.host, getattr(self, self.LOGGED))
        except OSError as e:
            app.error = "Storage full: game not saved"
            app.log("save: %s" % e)

    def linked(self, p):
        return self.seats[p] == LINKED

    def version(self):
        return self.host.version

    def listen(self, app, ms):
        self.app = app
        self.sync()
        self.host.wait(ms)

    def own_seat(self):
        """The seat whose cards the wait screen shows: this console's one person."""
        mine = [p for p in range(len(self.seats)) if self.human(p)]
        return mine[0] if len(mine) == 1 else -1

    def waiting(self):
        """(seat, ms) of a quiet console whose person is on turn, or None."""
        g = self.game
        h = self.host
        if not self.playing() or not self.linked(g.current):
            return None
        now = h.link.ticks_ms()
        for p in h.peers:
            if g.current in p.seats and p.quiet(now):
                return g.current, ticks_diff(now, p.heard)
        return None

    def hand_to_ai(self, app, seat, level="medium"):
        """The host gives a quiet console's seat to an AI on this console;
        that console, back, watches (it holds no seat and gets no cards)."""
        from link import messages as M
        h = self.host
        for p in h.peers:
            if seat in p.seats:
                p.seats.remove(seat)
                p.shown = 0         # the next session's VIEW comes with a new TABLE
        h.kinds[seat] = M.AI_SEAT
        h.owner[seat] = -1
        self.seats[seat] = level
        self.save(app)
        app.advance()


class GuestSide:
    """A joined console's linked match, of either game (.guest:
    link.guest.Guest)."""

    def linked(self, p):
        return self.seats[p] == LINKED

    def version(self):
        v = self.guest.view
        return v.version if v is not None else 0

    def own_seat(self):
        s = self.guest.seats
        return s[0] if len(s) == 1 else -1

    def ready(self):
        gst = self.guest
        return gst.my_turn() >= 0 or gst.verdict is not None

    def save(self, app, screen=None):
        from link import save
        try:
            save.save_guest(app.storage, self.guest, self.logged)
        except OSError as e:
            app.error = "Storage full: game not saved"
            app.log("save: %s" % e)

    def listen(self, app, ms):
        self.app = app
        gst = self.guest
        gst.wait(ms)
        if gst.move is None and gst.my_turn() < 0 and app.stack and \
                app.stack[-1].name in ("play", "gin_play"):
            app.advance()       # the seat is no longer ours (an AI took it while away)

    def log_news(self, info, over, game):
        """The match as the host last sent it into the score log, each
        round (hand) and the match once (link.logbook; .check: the first
        time after a resume, look in the log first)."""
        from link import logbook
        try:
            self.logged = logbook.log(self.app.log_dir, info["match"], info["names"],
                                      info["rows"], info["rules"], over, self.logged,
                                      self.check, game, info.get("at"))
            self.check = False
        except OSError as e:
            self.app.log("score log: %s" % e)

    def waiting(self):
        """(seat, ms): the quiet console whose person is on turn (the host
        counts as quiet when we have not heard it), or None."""
        gst = self.guest
        g = self.game
        now = gst.link.ticks_ms()
        if gst.host_quiet(now):
            return 0, ticks_diff(now, gst.host.heard)
        for p in list(self.since):
            if not gst.quiet >> p & 1:
                del self.since[p]
        if self.playing() and gst.quiet >> g.current & 1:
            # the host calls a console quiet once it is QUIET_MS unheard
            from link.peer import QUIET_MS
            t = self.since.setdefault(g.current, now)
            return g.current, ticks_diff(now, t) + QUIET_MS
        return None



def guest_match(gst, logged=0):
    """A joined console's match of the game its host sent (TABLE or GTABLE)."""
    if gst.info.get("game") == "gin":
        from ui.table.gin_match import GinGuestMatch
        return GinGuestMatch(gst, logged)
    from ui.table.match import GuestMatch
    return GuestMatch(gst, logged)


def resume(app, host_side):
    """Back into the linked match saved on flash (the title's "Resume
    table" on the host, "Rejoin table" on a joined console), of either
    game: the consoles find each other again by themselves
    (link.host.Host.restore, a joined console's HELLO).  False, with the
    app's one line saying why, if it cannot be."""
    from common import SaveError
    from link import save
    from hal.parts import link as radio
    link = radio(app.hal)
    if link is None:
        app.error = "This console has no radio"
        return False
    try:
        if host_side:
            got = save.load_host(app.storage)
        else:
            from link.guest import Guest
            gst = Guest(link, rand, "")      # the name is only for joining
            got = save.load_guest(app.storage, gst)
    except SaveError as e:
        app.error = str(e)
        return False
    if got is None:
        return False
    if host_side:
        from link import messages as M
        from link.host import Host
        from ui.seats import HUMAN
        game, st, logged = got
        h = Host(link, st["table"], rand, st.get("name", "Host"))
        h.restore(game, st)
        seats = [HUMAN if k == M.HOST_SEAT else LINKED if k == M.LINKED else "medium"
                 for k in h.kinds]
        if hasattr(game, "hands"):
            from ui.table.gin_match import GinHostMatch
            m = GinHostMatch(game, seats, h.match_id, h)
            m.logged = logged
        else:
            from ui.table.match import HostMatch
            m = HostMatch(game, seats, h.match_id, h)
            m.logged_rounds = logged
    else:
        if gst.view is None or gst.info is None:
            app.error = "The table had not begun: join it again"
            return False
        m = guest_match(gst, got)
    m.check = True          # a power cut may have come between a log and its save
    app.start_match(m)
    m.app = app
    app.advance()
    return True
