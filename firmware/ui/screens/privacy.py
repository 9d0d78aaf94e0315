"""Pass-the-device screen between two humans' turns: no rack is shown.
`draw_pass` is the box itself, Gin Rummy's gin_pass draws it too."""
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, centre_text, box
from ui.menu import footer


class Screen(Base):
    name = "privacy"
    resumable = True

    def __init__(self, app, state=None):
        super().__init__(app)
        # a turn in progress to give back (a game resumed from the title)
        self.play_state = state.get("play") if state else None

    def state(self):
        return {"play": self.play_state} if self.play_state else None

    def draw(self, fb):
        g = self.app.match.game
        draw_pass(fb, g.names[g.current],
                  "Round %d of %d   Pool %d" % (g.round_no, g.rounds, len(g.pool)),
                  "A: show my rack")

    def key(self, b, long):
        if b == buttons.A:
            self.app.goto("play", state=self.play_state)


def draw_pass(fb, name, status, keys):
    """Who plays next (big), a reminder that only they look, a status
    line and the keys."""
    box(fb, 40, 60, 320, 150, "Pass the device")
    centre_text(fb, "Next:", 96, BLACK)
    centre_text(fb, name, 112, BLACK, 3, 3)
    centre_text(fb, "Only %s should look now." % name, 150, BLACK)
    centre_text(fb, status, 170, BLACK)
    footer(fb, keys)
