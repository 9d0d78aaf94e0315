"""A linked Gin Rummy game on the glass, as the app's match (the contract
in ui.seats): the host console's (GinHostMatch: the one GinGame, its
link.host.Host, an AI or this console's person in each seat, the other
seat moved by frames) and a joined console's (GinGuestMatch: what
link.guest.Guest holds, read as a GinGame through link.gin_table).  Gin's
own screens play it (gin_play, gin_hand, gin_over); while the other
console plays, or the consoles catch up, ui.gin.gin_wait shows its moves
as they come.

Both log each hand and the game once under the host's match id, the
same records on both consoles (link.logbook; the first log after a
resume looks in the log first), and save at every change (link.save).
"""
import gc
from gin.game import HAND_OVER
from ui.gin.match import GinMatch
from ui.seats import HUMAN
from ui.table import LINKED, GuestSide, HostSide


def _stamp(g):
    return (g.hand_no, g.phase, len(g.moves))


class GinHostMatch(HostSide, GinMatch):
    def __init__(self, game, seats, match_id, host):
        GinMatch.__init__(self, game, seats, match_id)
        self.host = host
        self.app = None
        self.check = False
        self.stamp = _stamp(game)
        host.on_change = self._changed

    def playing(self):
        return self.game.phase != HAND_OVER

    def _changed(self, host):
        g = self.game
        self.stamp = _stamp(g)
        if self.app is not None:
            if g.is_over() and getattr(g, "ended_at", None) is None:
                g.ended_at = self.app.now()     # the date both consoles log
            self.save(self.app)

    def sync(self):
        """An action made on this console (its person's, its AI's, the
        next hand) goes to the other."""
        if _stamp(self.game) != self.stamp:
            self.host.changed()

    def leave(self, storage):
        if self.game.is_over():
            from link.save import HOST
            storage.delete(HOST)

    def log_hands(self, app):
        """The hands over since the last call, and the game once over,
        into the score log as the joined console logs them."""
        from link import logbook
        g = self.game
        before = self.logged
        rows = []
        for i in range(len(g.history)):
            w, pts, _ = g.history[i]
            rows.append({"scores": [pts if w == p else 0 for p in (0, 1)],
                         "left": self.host.left[i], "winner": None if w < 0 else w,
                         "exhausted": w < 0})
        try:
            self.logged = logbook.log(app.log_dir, self.match_id, g.names, rows,
                                      g.rules.changed(), g.is_over(), self.logged,
                                      self.check, "gin", getattr(g, "ended_at", None))
            self.check = False
        except OSError as e:
            app.log("score log: %s" % e)
        return self.logged != before

    def ready(self):
        """This console acts now (its person, an AI seat), or the hand is over."""
        return self.game.phase == HAND_OVER or self.host.its_turn() >= 0

    def play_on(self, app):
        """An AI seat's action (one: the other console shows each), then
        this console's person's screen, or the wait while the other
        console plays or catches up."""
        self.app = app
        self.sync()
        g = self.game
        if g.phase != HAND_OVER and not self.human(g.current) and \
                not self.linked(g.current) and self.host.its_turn() >= 0:
            app.drop_screens()
            gc.collect()
            self.player(g.current).act(g)
            self.sync()
        if g.phase == HAND_OVER:
            name = "gin_hand"
        elif not self.human(g.current) or self.host.its_turn() < 0:
            name = "gin_wait"
        else:
            name = self.next_screen()
        app.goto(name)


class GinGuestMatch(GuestSide, GinMatch):
    remote = True           # an action goes to the host; the next GVIEW shows it

    def __init__(self, guest, logged=0):
        from link.gin_table import GuestGin
        game = GuestGin(guest)
        GinMatch.__init__(self, game, [HUMAN if p in guest.seats else LINKED for p in (0, 1)],
                          guest.info["match"])
        self.guest = guest
        self.logged = logged
        self.check = False
        self.app = None
        self.since = {}         # seat -> when the host first said its console is quiet
        self.seen_hand = 0      # the hand whose end this console's person has seen
        guest.on_news = self._news

    def playing(self):
        return self.game.phase != HAND_OVER

    def _news(self, gst):
        """A GTABLE or GVIEW: saved and logged at once, the glass after."""
        if self.app is None:
            return
        info = gst.info
        self.seats = [HUMAN if p in gst.seats else LINKED for p in (0, 1)]
        self.log_news(info, info["over"], "gin")
        self.save(self.app)

    def log_hands(self, app):
        return False            # logged as the host's news comes (_news)

    def leave(self, storage):
        if self.game.is_over():
            from link.save import GUEST
            storage.delete(GUEST)

    def ready(self):
        return GuestSide.ready(self) or (self.guest.view.phase == HAND_OVER and
                                         self.guest.view.hand_no != self.seen_hand)

    def next_hand(self, app):
        """The hand's end seen: the host deals the next one (it may have:
        play_on reads the newest view, the next hand's if it came)."""
        self.seen_hand = self.game.hand_no
        app.advance()

    def play_on(self, app):
        self.app = app
        g = self.game
        g.refresh()
        gc.collect()
        if self.guest.my_turn() >= 0 or (self.guest.verdict is not None and g.phase != HAND_OVER
                                          and self.human(g.current)):
            self.last_human = g.current
            app.goto("gin_play")
        elif g.phase == HAND_OVER and g.hand_no != self.seen_hand:
            app.goto("gin_hand")
        else:
            app.goto("gin_wait")
