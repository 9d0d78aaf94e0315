"""Who sits where, for a match of either game on the device (ui.match.Match,
ui.gin.match.GinMatch): each seat is HUMAN or an AI level; an AI seat's
player is made on first use by the subclass's make_player(p) and kept in
.ai until the app drops them for RAM (.ai = {}; they are made again from
the game's state).  last_human is the seat that last saw its own cards.
"""
HUMAN = "human"


class Seats:
    def __init__(self, game, seats, match_id=0):
        self.game = game
        self.seats = list(seats)
        self.match_id = match_id
        self.ai = {}
        self.last_human = -1

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
