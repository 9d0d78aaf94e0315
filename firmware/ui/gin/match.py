"""A game of Gin Rummy being played on the device: the GinGame, who sits
where ("human" or an AI level), AI turns, the score log, the save and
what comes next.

The match is saved on flash (key SAVE) after every action that changes
it, so an idle sleep or a power cut loses nothing; GIN_ON (ui.seats) marks
that the device was in a gin game when it slept (the app's boot resumes
it, ui.gin.saved).
"""
import gc
from gin.game import HAND_OVER, M_PASS, M_TAKE, M_DRAW, M_DISCARD, M_KNOCK
from gin.cards import fmt_card

from ui.gin import SAVE
from ui.seats import Seats, GIN_ON


class GinMatch(Seats):
    remote = False          # True: a joined console's (ui.table.gin_match), actions sent

    def __init__(self, game, seats, match_id=0):
        Seats.__init__(self, game, seats, match_id)
        self.logged = 0           # hands already in the score log

    def make_player(self, p):
        from ai.gin.players import GinPlayer
        return GinPlayer(self.seats[p], seed=p + 1)

    def run_ai(self):
        """AI actions until a human must act or the hand is over."""
        g = self.game
        while g.phase != HAND_OVER and not self.human(g.current):
            self.player(g.current).act(g)

    def play_on(self, app):
        """After a person's action (App.advance: from the app's loop, once
        the screen's handler has returned): AI seats act until a person
        must, then that person's screen, saved with the match.  The
        screens are dropped first (the last frame stays on the glass): the
        AI and the save get their RAM, as in a Rummikub match."""
        app.drop_screens()
        gc.collect()
        self.run_ai()
        name = self.next_screen()
        self.save(app, name)
        app.goto(name)

    def next_screen(self):
        g = self.game
        if g.phase == HAND_OVER:
            return "gin_hand"
        if self.humans() > 1 and g.current != self.last_human:
            return "gin_pass"
        return "gin_play"

    def news(self, me):
        """What the other player did since me last acted, as a line."""
        g = self.game
        m = g.moves
        parts = []
        i = len(m) - 2
        while i >= 0 and m[i] >> 3 != me:
            kind = m[i] & 7
            c = m[i + 1]
            if kind == M_PASS:
                parts.append("passed the " + fmt_card(c))
            elif kind == M_TAKE:
                parts.append("took the %s from the discard" % fmt_card(c))
            elif kind == M_DRAW:
                parts.append("drew from the stock")
            elif kind == M_DISCARD:
                parts.append("discarded the " + fmt_card(c))
            elif kind == M_KNOCK:
                parts.append("knocked with the " + fmt_card(c))
            i -= 2
        if not parts:
            return ""
        parts.reverse()
        return "%s %s" % (g.names[1 - me], ", ".join(parts))

    def next_hand(self, app):
        """The hand's result seen (gin_hand): the next hand is dealt."""
        self.game.next_hand()
        if self.humans() > 1:
            self.last_human = -1
        app.advance()

    # -- score log ------------------------------------------------------------
    def log_hands(self, app):
        """Hands finished since the last call go to the score log (the app's
        log, as Rummikub rounds do: sync carries them to the host): each
        hand as a round record (points, deadwood left after lay-offs, the
        winner, void as "exhausted"), and a finished game as a match record
        (hand rows, totals with the bonuses, hands won, rules with
        "game": "gin").  A full flash: they wait in the match (ui.score_log).
        Returns True when there was a hand to log."""
        g = self.game
        if self.logged >= len(g.history):
            return False
        self.logged = len(g.history)

        def records(out):
            from sync import ginlog
            ginlog.log_gin_hand(out, g, self.match_id)
            if g.is_over():
                ginlog.log_gin_match(out, g, self.match_id, app.now(), self.seats)
        from ui import forget, unload
        from ui.score_log import log
        log(app, self, records)       # what the log cannot take waits in the save
        forget("ui.score_log")
        unload("logged")
        return True

    # -- flash ----------------------------------------------------------------
    def save(self, app, screen=None):
        """Onto flash with the screen it goes on to, `screen`, what
        ui.gin.saved loads back; without one (the app's idle sleep)
        nothing is written: every action that changed the match saved it
        already, with its screen.  A full flash says so in the app's one
        line and leaves the save before it as it was."""
        if screen is None:
            return
        from gin import savefile
        extra = {"seats": self.seats, "id": self.match_id, "last": self.last_human,
                 "logged": self.logged, "screen": screen}
        if self.unlogged:
            extra["unlogged"] = self.unlogged
        if self.store(app, SAVE, savefile.dumps(self.game, extra)):
            self.store(app, GIN_ON, b"1")

    def leave(self, storage):
        """Out to the title: the boot no longer resumes it; a finished
        game's save goes too (a quit keeps it for the set-up's Resume)."""
        if self.game.is_over():
            storage.delete(SAVE)
        storage.delete(GIN_ON)
