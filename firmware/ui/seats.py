"""Who sits where, for a match of either game on the device (ui.match.Match,
ui.gin.match.GinMatch): each seat is HUMAN or an AI level; an AI seat's
player is made on first use by the subclass's make_player(p) and kept in
.ai until the app drops them for RAM (.ai = {}; they are made again from
the game's state).  last_human is the seat that last saw its own cards.

What the app (ui.app) asks of either game's match: lesson (a tutorial
lesson's index, never saved; None in a real match), save(app, screen=None),
leave(storage) and play_on(app) (after a person's action, from the app's
loop: App.advance).
"""
HUMAN = "human"
# flash key: a Gin game was on the glass when the device slept (ui.gin.match
# writes it with each save; the boot resumes that game, or after a power-on
# drops it: ui.app)
GIN_ON = "gin_on"


class Seats:
    def __init__(self, game, seats, match_id=0):
        self.game = game
        self.seats = list(seats)
        self.match_id = match_id
        self.ai = {}
        self.last_human = -1
        self.lesson = None

    def human(self, p):
        return self.seats[p] == HUMAN

    def humans(self):
        return len([s for s in self.seats if s == HUMAN])

    def player(self, p):
        pl = self.ai.get(p)
        if pl is None:
            pl = self.make_player(p)
            self.ai[p] = pl
        return pl
