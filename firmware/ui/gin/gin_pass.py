"""Gin Rummy, two people: pass the device; no hand is shown."""
from hal import buttons
from ui.screen import Base
from ui.screens.privacy import draw_pass


class Screen(Base):
    name = "gin_pass"

    def draw(self, fb):
        g = self.app.match.game
        draw_pass(fb, g.names[g.current],
                  "Hand %d   %s %d - %s %d" % (g.hand_no, g.names[0], g.scores[0],
                                               g.names[1], g.scores[1]),
                  "A: show my hand   hold B: save and quit")

    def key(self, b, long):
        app = self.app
        if b == buttons.A:
            app.match.last_human = app.match.game.current
            app.goto("gin_play")
        elif b == buttons.B and long:
            app.end_match()
