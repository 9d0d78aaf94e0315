"""Finished matches, newest first, read from the score log on flash.

A match record that passed its CRC but does not decode is listed as
unreadable (with its seq and why), not skipped and never a crash."""
from hal import buttons as hb
from ui.screen import Base
from ui.gfx import BLACK, WHITE, centre_text, message_box
from ui.menu import footer
from ui.layout import W
from ui.screens.scoreboard import draw_board


def load_matches(app, limit=20):
    log = app.scorelog()
    out = []
    if log is None:
        return out
    from sync import protocol as P
    from sync import records as R
    try:
        for kind, seq, payload in log.records():
            if kind == P.MATCH:
                try:
                    out.append(R.decode_match(payload))
                except R.RecordError as e:
                    out.append({"unreadable": seq, "why": str(e)})
                if len(out) > limit:
                    out.pop(0)
    except OSError as e:
        out.append({"unreadable": 0, "why": "score log: %s" % e})
    out.reverse()
    from ui import unload
    unload("logged")
    return out


class Screen(Base):
    name = "history"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.matches = load_matches(app)
        self.i = 0

    def draw(self, fb):
        fb.fill_rect(0, 0, W, 14, BLACK)
        n = len(self.matches)
        centre_text(fb, "History" + (" - match %d of %d" % (self.i + 1, n) if n else ""),
                    3, WHITE)
        if not n:
            centre_text(fb, "No finished matches yet.", 120, BLACK)
        elif "unreadable" in self.matches[self.i]:
            m = self.matches[self.i]
            centre_text(fb, "Record %d is unreadable" % m["unreadable"], 60, BLACK, 2, 2)
            message_box(fb, m["why"], y=110)
        else:
            m = self.matches[self.i]
            w = m["winner"] if m["winner"] is not None else 0
            centre_text(fb, "%s won" % m["names"][w], 22, BLACK, 2, 2)
            draw_board(fb, m["names"], m["rounds"], m["totals"], m["wins"], w, 46)
        footer(fb, "LEFT/RIGHT: older/newer   B: back")

    def key(self, b, long):
        n = len(self.matches)
        if b == hb.B or b == hb.A:
            self.app.pop()
        elif n and (b == hb.LEFT or b == hb.RIGHT):
            self.i = (self.i + (1 if b == hb.LEFT else -1)) % n
            self.app.redraw()
