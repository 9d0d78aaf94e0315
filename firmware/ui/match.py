"""A match being played on the device: the Game plus who sits where.

Seats are "human" or an AI level.  AI turns are played here through the
same Game calls a human's END uses; what they did is collected for the
human's next look at the table (the review): a line each, the table as it
was before, and the table each play left, so the play screen can step
through the others' moves and mark the tiles each one put down and moved.
Everything the app must remember across a save is written by save() and
read back by ui.saved.
"""
import gc
from rummikub.game import PLAYING, MATCH_OVER
from ui import SAVE
from ui.seats import Seats, HUMAN

SEAT_KINDS = ("human", "easy", "medium", "hard", "expert")


class Match(Seats):
    def __init__(self, game, seats, match_id=0):
        Seats.__init__(self, game, seats, match_id)
        self.review = []          # lines: what others did since the last look
        # per line: (seat, the table the play left, packed: ui.turn_sets.pack),
        # seat -1 for a note (who starts), b"" when the table did not change
        self.tables = []
        self.review_before = None  # table before those turns (list of sets)
        self.logged_rounds = 0    # rounds already in the score log
        self.drawn = {}           # seat -> tiles it drew last turn (marked on its rack)
        self.sorted_round = {}    # seat -> round whose rack the app sorted for it
        self.menu_last = 0        # the turn menu opens on this line (ui.screens.play)

    def save(self, app, screen=None):
        """Onto flash (ui.SAVE) with the screen it goes on to, `screen`, or
        else the resumable screen it is on with that screen's state(): the
        game (rummikub.savefile) and what the app must remember beside it,
        what ui.saved loads back.  A full flash says so in the app's one
        line and leaves the save before it as it was."""
        from rummikub.tiles import fmt_table
        from ui.turn_sets import unpack
        extra = {
            "seats": self.seats, "match_id": self.match_id,
            "review": self.review, "last_human": self.last_human,
            "before": None if self.review_before is None else fmt_table(self.review_before),
            "tables": [[p, fmt_table(unpack(t)[2]) if t else ""] for p, t in self.tables],
            "logged": self.logged_rounds,
        }
        if self.unlogged:
            extra["unlogged"] = self.unlogged
        scr = None
        for s in app.stack:
            if s.resumable:
                scr = s
        if screen:
            extra["screen"] = screen
        elif scr is not None:
            extra["screen"] = scr.name
            extra["state"] = scr.state()
        from rummikub import savefile
        self.store(app, SAVE, savefile.dumps(self.game, extra, True))

    def leave(self, storage):
        """Out to the title: a finished match's save goes (a quit keeps it)."""
        if self.game.phase == MATCH_OVER:
            storage.delete(SAVE)

    def make_player(self, p):
        try:
            from ai.players import Player
        except ImportError:       # firmware built without the AI package
            return None
        return Player(self.seats[p], seed=self.game.rng.state ^ (p * 7919 + 1))

    def note_turn(self):
        """Remember a finished turn for the review (call after each turn)."""
        g = self.game
        line = g.describe_last()
        if line:
            from rummikub.game import DID_PLAY
            from ui.turn_sets import pack
            self._note(line, g.last[1],
                       pack(b"", b"", g.table, (0, 0, 0)) if g.last[0] == DID_PLAY else b"")

    def _note(self, line, seat=-1, table=b""):
        self.review.append(line)
        self.tables.append((seat, table))
        if len(self.review) > 6:
            self.review.pop(0)
            self.tables.pop(0)

    def start_note(self):
        """Who starts the round and why (the draw for order, RULES.md)."""
        g = self.game
        if g.order_draws:
            from rummikub.tiles import fmt_tile
            last = g.order_draws[-1]
            self._note("Draw for order: " + ", ".join(
                ["%s %s" % (g.names[p], fmt_tile(t)) for p, t in last]))
        self._note("Round %d: %s starts" % (g.round_no, g.names[g.starter]))

    def start_review(self):
        if self.review_before is None:
            self.review_before = [bytearray(s) for s in self.game.table]

    def clear_review(self):
        self.review = []
        self.tables = []
        self.review_before = None

    def ai_turn(self):
        """Play one AI turn; False when it is a human's turn or the round is over."""
        g = self.game
        if g.phase != PLAYING or self.human(g.current):
            return False
        self.start_review()
        pl = self.player(g.current)
        if pl is None:
            g.draw() if g.pool else g.fail()
        else:
            pl.take_turn(g)
        self.note_turn()
        return True

    def play_on(self, app):
        """After a person's turn (from the app's loop, once the screen's
        handler has returned, so its code and state can be freed for the
        solver): AI seats play, then the next person's screen (the
        privacy screen first if another person held the device), the
        round's result, or the watch screen; saved before it loads."""
        from ui import forget, unload
        g = self.game
        if g.phase == PLAYING and not self.human(g.current):
            # the solver needs the RAM more than the screens do: the
            # screen modules are loaded again after
            app.drop_screens(hide_rack=self.humans() > 1)
            gc.collect()
        if g.phase == PLAYING and g.turn_no == 0 and not self.review:
            self.start_note()
        while g.phase == PLAYING and not self.human(g.current):
            app.banner("%s is thinking..." % g.names[g.current])
            unload("ai")           # the banner's drawing code, too
            gc.collect()
            self.ai_turn()
            if not self.humans():
                break              # nobody plays: each turn is shown (watch)
        if g.phase != PLAYING:
            # the round's end, perhaps from a person's turn: the score log
            # is written next, with the screens dropped as for an AI turn
            # (the frame stays on the glass until the result is shown)
            app.drop_screens()
        if g.phase != PLAYING or self.humans():
            # a person's screen is next (and at a round's end the score
            # log): the AI's code gives them its RAM; the next AI turn
            # loads it again, with players made afresh from the game's
            # state (as after a resume)
            self.ai = {}
            gc.collect()           # the players' tables first: unload needs a little heap
            unload("human")
            gc.collect()
        if g.phase != PLAYING:
            from ui.score_log import log_round
            log_round(app, self)
            forget("ui.score_log")
            unload("logged")
            name = "result"
        elif not self.humans():
            name = "watch"
        elif self.needs_privacy():
            name = "privacy"
        else:
            name = "play"
        self.save(app, name)       # before the screen loads: less RAM in use
        forget("rummikub.savefile")
        forget("common.container")
        gc.collect()
        app.goto(name)

    def needs_privacy(self):
        """A different human is about to see their rack."""
        p = self.game.current
        return self.humans() > 1 and self.human(p) and p != self.last_human
