"""Watching an all-AI match: the table after each AI turn, framed where it
changed, and what was played; the next turn follows by itself.

A: the next turn now.  B: stop watching (the match stays saved; "Resume
game" on the title screen watches on).  The app plays one AI turn, then
shows this screen again (ui.app, when no seat is human).
"""
from compat import ticks_diff
from hal import buttons as hb
from ui.screen import Base
from ui.editor import Editor
from ui.turn_sets import changed_sets
from ui.gfx import BLACK, wrap
from ui.menu import footer
from ui import play_view as view
from ui.layout import HAND_Y, W, TEXT_COLS

WAIT_MS = 2500      # how long one turn stays up before the next is played


class Screen(Base):
    name = "watch"
    resumable = True
    can_sleep = False   # nobody presses a button while watching

    def __init__(self, app, state=None):
        super().__init__(app)
        m = app.match
        g = m.game
        self.lines = list(m.review[-3:])
        self.ed = Editor(g.table, g.rack, g.rules.ncolours)
        if m.review_before is not None:
            self.ed.marked = changed_sets(m.review_before, g.table, g.rules.ncolours)
        m.clear_review()
        self.t0 = app.hal.ticks_ms()

    def draw(self, fb):
        g = self.app.match.game
        view.status_bar(fb, g, "", room=self.app.battery.room())
        view.table(fb, self.ed, False)
        fb.hline(0, HAND_Y, W, BLACK)
        lines = []
        for ln in self.lines:
            lines += wrap(ln, TEXT_COLS)
        lines = lines[-5:] + ["Watching the AIs: %s plays next" % g.names[g.current][:8]]
        y = HAND_Y + 5
        for ln in lines:
            fb.text(ln, 4, y, BLACK)
            y += 11
        footer(fb, "A: next turn now  B: stop watching")

    def tick(self):
        if ticks_diff(self.app.hal.ticks_ms(), self.t0) >= WAIT_MS:
            self.t0 = self.app.hal.ticks_ms()
            self.app.advance()
        return False

    def key(self, b, long):
        if b == hb.A:
            self.app.advance()
        elif b == hb.B:
            self.app.save_game()
            self.app.goto("title")
