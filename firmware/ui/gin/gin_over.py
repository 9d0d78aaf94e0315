"""Gin Rummy: the game is over.  Points, the game bonus (100, or 200 when
the loser won no hand), 20 a hand won, totals and the final margin."""
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, centre_text, box
from ui.menu import footer


class Screen(Base):
    name = "gin_over"

    def draw(self, fb):
        g = self.app.match.game
        w, totals, bonus, margin = g.final()
        centre_text(fb, "%s wins!" % g.names[w], 20, BLACK, 2, 3)
        box(fb, 30, 64, 340, 150, "Final score")
        x1, x2 = 200, 290
        fb.text(g.names[0][:9], x1, 84, BLACK)
        fb.text(g.names[1][:9], x2, 84, BLACK)
        rows = (("Points", g.scores),
                ("Game bonus", [bonus[0][0], bonus[1][0]]),
                ("Hands won x20", [bonus[0][1], bonus[1][1]]),
                ("Total", totals))
        y = 104
        for label, v in rows:
            fb.text(label, 44, y, BLACK)
            fb.text(str(v[0]), x1, y, BLACK)
            fb.text(str(v[1]), x2, y, BLACK)
            y += 18
        fb.hline(44, y - 24, 310, BLACK)
        shut = bonus[w][0] == 200
        centre_text(fb, "%s wins by %d%s" % (g.names[w], margin,
                                              " (shutout: 200)" if shut else ""), 190, BLACK)
        centre_text(fb, "%d hands played" % g.hand_no, 230, BLACK)
        footer(fb, "A: back to the title")

    def key(self, b, long):
        if b == buttons.A or b == buttons.START:
            self.app.end_match()
