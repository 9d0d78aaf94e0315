"""A linked Rummikub match on the glass, as the app's match (the contract
in ui.seats): the host console's (HostMatch: the one Game, its link.host.Host,
AI seats and pass-and-play seats on this console) and a joined
console's (GuestMatch: what link.guest.Guest holds, read as a Game by the
play screen through GuestGame).  Both read the radio whenever the app is
idle (listen) and go to the wait screen (ui.table.table_wait) while a
seat of another console plays, or while the consoles catch up.
"""
import gc
from rummikub.game import PLAYING, MATCH_OVER
from ui.match import Match
from ui.seats import HUMAN
from ui.table import LINKED, GuestSide, HostSide


def _stamp(g):
    return (g.round_no, g.turn_no, g.phase, len(g.round_rows))


class HostMatch(HostSide, Match):
    """The host's match: a Match whose LINKED seats move by frames.  Every
    change of the game goes through the Host (saved first: on_change)."""
    LOGGED = "logged_rounds"

    def __init__(self, game, seats, match_id, host):
        Match.__init__(self, game, seats, match_id)
        self.host = host
        self.stamp = _stamp(game)
        self.app = None
        self.before = [bytearray(s) for s in game.table]   # the table at the last change
        host.on_change = self._changed

    def playing(self):
        return self.game.phase == PLAYING

    def _changed(self, host):
        g = self.game
        last = g.last
        if _stamp(g)[:2] != self.stamp[:2] and last and self.linked(last[1]):
            # another console's move, applied by the host: into the review
            if self.review_before is None:
                self.review_before = self.before
            self.note_turn()
        self.stamp = _stamp(g)
        self.before = [bytearray(s) for s in g.table]
        if self.app is not None:
            self.save(self.app)

    def sync(self):
        """A change made on this console (a person's turn on the play
        screen, the next round on the result screen) goes to the others."""
        if _stamp(self.game) != self.stamp:
            h = self.host
            h._changed(h.link.ticks_ms())

    def leave(self, storage):
        if self.game.phase == MATCH_OVER:
            from link.save import HOST
            storage.delete(HOST)

    def ready(self):
        """This console moves now (its person, an AI seat), or the round is over."""
        return self.game.phase != PLAYING or self.host.its_turn() >= 0

    def play_on(self, app):
        """As Match.play_on, with the seats of other consoles: the wait
        screen while one of them plays or the tables catch up."""
        from ui import forget, unload
        self.app = app
        self.sync()
        g = self.game
        h = self.host
        if g.phase == PLAYING and g.turn_no == 0 and not self.review:
            self.start_note()
        if g.phase == PLAYING and not self.human(g.current) and not self.linked(g.current) \
                and h.its_turn() >= 0:
            app.drop_screens(hide_rack=self.humans() > 1)
            gc.collect()
            app.banner("%s is thinking..." % g.names[g.current])
            unload("ai")
            gc.collect()
            self.ai_turn()
            self.sync()
        self.ai = {}
        gc.collect()
        unload("human")
        gc.collect()
        if g.phase != PLAYING:
            app.drop_screens()
            from ui.score_log import log_round
            log_round(app, self)
            forget("ui.score_log")
            unload("logged")
            self.save(app)
            name = "result"
        elif not self.human(g.current) or h.its_turn() < 0:
            name = "table_wait"     # another console's person, an AI, the gate
        elif self.needs_privacy():
            name = "privacy"
        else:
            name = "play"
        forget("rummikub.savefile")
        forget("common.container")
        gc.collect()
        app.goto(name)


class GuestGame:
    """A joined console's game as the play screen reads a Game: the
    newest VIEW and the TABLE's names and rules.  A move is checked here
    by the engine (a refusal at once, in its words) and sent to the host,
    which checks it again and applies it."""

    def __init__(self, guest):
        self.guest = guest
        self.refresh()

    def refresh(self):
        from rummikub.rules import Rules
        v, info = self.guest.fill(self, Rules())
        self.n = v.n
        self.rounds = info["rounds"]
        self.round_rows = [r["scores"] for r in info["rows"]]
        self.table = [bytearray(s) for s in v.table]
        self.round_no = v.round_no
        self.turn_no = v.turn_no
        self.melded = v.melded
        self.pool = bytearray(v.pool)       # only its size is known
        self.racks = [v.racks[p] if p in v.racks else bytearray(v.counts[p])
                      for p in range(v.n)]
        self.last = v.last

    @property
    def rack(self):
        return self.racks[self.current]

    def check(self, after):
        from rummikub.turn import validate_turn
        return validate_turn(self.table, self.rack, after, self.melded[self.current], self.rules)

    def play(self, after):
        res = self.check(after)
        if res.valid:
            self.guest.play(after)
        return res

    def draw(self, count=1):
        self.guest.draw()
        return b""

    def fail(self):
        self.guest.draw()
        return b""

    def describe_last(self):
        """What the last turn did, as far as this console may know it."""
        last = self.last
        if not last:
            return ""
        kind, p, tiles, count = last
        who = self.names[p]
        if kind == 1:
            from rummikub.tiles import fmt_tiles
            return "%s played %s" % (who, fmt_tiles(tiles))
        if kind == 4:
            return "%s passed" % who
        what = "drew" if kind == 2 else "could not play: drew"
        if tiles:
            from rummikub.tiles import fmt_tiles
            return "%s %s %s" % (who, what, fmt_tiles(tiles))
        return "%s %s %d tile%s" % (who, what, count, "" if count == 1 else "s")


class GuestMatch(GuestSide, Match):
    """A joined console's match: its seats are its person's; the others
    are played elsewhere.  Saved (link.save) and logged (link.logbook) at
    every TABLE and VIEW the host sends."""

    def __init__(self, guest, logged=0):
        game = GuestGame(guest)
        seats = [HUMAN if p in guest.seats else LINKED for p in range(game.n)]
        Match.__init__(self, game, seats, guest.info["match"])
        self.guest = guest
        self.logged = logged
        self.app = None
        self.shown = game.version
        self.since = {}         # seat -> when the host first said its console is quiet
        self.check = False      # the first score log after a resume looks first
        guest.on_news = self._news

    def playing(self):
        return self.game.phase == PLAYING

    def _news(self, gst):
        """A TABLE or VIEW: saved and logged at once, the glass after."""
        if self.app is None:
            return
        info = gst.info
        self.seats = [HUMAN if p in gst.seats else LINKED for p in range(info["n"])]
        self.log_news(info, len(info["rows"]) >= info["rounds"], "rummikub")
        self.save(self.app)

    def leave(self, storage):
        if self.game.phase == MATCH_OVER:
            from link.save import GUEST
            storage.delete(GUEST)

    def note_turn(self):
        """The review is made of what the host sends (_review), not here."""

    def _review(self):
        """Each new VIEW's last turn into the review, the table before it kept."""
        g = self.game
        before = g.table
        g.refresh()
        if g.version != self.shown:
            self.shown = g.version
            if g.last and g.last[1] in self.guest.seats:
                self.clear_review()         # our own move: the review starts after it
                return
            line = g.describe_last()
            if line:
                if self.review_before is None:
                    self.review_before = before
                from ui.turn_sets import pack
                self._note(line, g.last[1],
                           pack(b"", b"", g.table, (0, 0, 0)) if g.last[0] == 1 else b"")

    def play_on(self, app):
        from ui import unload
        self.app = app
        self._review()
        unload("human")
        gc.collect()
        g = self.game
        if g.phase == PLAYING and self.guest.my_turn() >= 0:
            self.last_human = -1
            app.goto("play")
        else:
            app.goto("table_wait")

