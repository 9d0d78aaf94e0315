"""Gin Rummy, two people: pass the device; no hand is shown."""
from hal import buttons as hb
from ui.screen import Base
from ui.gfx import BLACK, centre_text, box
from ui.menu import footer


class Screen(Base):
    name = "gin_pass"

    def draw(self, fb):
        g = self.app.gin.game
        box(fb, 40, 60, 320, 150, "Pass the device")
        centre_text(fb, "Next:", 96, BLACK)
        centre_text(fb, g.names[g.current], 112, BLACK, 3, 3)
        centre_text(fb, "Only %s should look now." % g.names[g.current], 150, BLACK)
        centre_text(fb, "Hand %d   %s %d - %s %d" % (g.hand_no, g.names[0], g.scores[0],
                                                    g.names[1], g.scores[1]), 170, BLACK)
        footer(fb, "A: show my hand   hold B: save and quit")

    def key(self, b, long):
        app = self.app
        if b == hb.A:
            app.gin.last_human = app.gin.game.current
            app.goto("gin_play")
        elif b == hb.B and long:
            from ui.gin.table import leave
            leave(app.storage)
            app.gin = None
            app.goto("title")
