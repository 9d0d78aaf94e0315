"""Match scoreboard: every round's scores, totals, round wins, the winner."""
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, WHITE, centre_text
from ui.menu import footer
from ui.layout import W


def draw_board(fb, names, rows, totals, wins, winner, y=40, seats=None):
    """The RULES.md table: one line per round, then totals and wins;
    seats (a seat's AI level or "person"), if given, under the names.
    Returns the y below it."""
    n = len(names)
    cw = min(64, 340 // n)
    x0 = 56
    fb.text("round", 4, y, BLACK)
    for i in range(n):
        fb.text(names[i][:cw // 8 - 1], x0 + i * cw, y, BLACK)
        if seats:
            fb.text(seats[i][:cw // 8 - 1], x0 + i * cw, y + 11, BLACK)
    if seats:
        y += 11
    fb.hline(0, y + 10, W, BLACK)
    y += 14
    first = max(0, len(rows) - 12)
    for r in range(first, len(rows)):
        fb.text("%5d" % (r + 1), 0, y, BLACK)
        for i in range(n):
            fb.text("%+d" % rows[r][i], x0 + i * cw, y, BLACK)
        y += 11
    fb.hline(0, y, W, BLACK)
    y += 4
    fb.text("total", 4, y, BLACK)
    for i in range(n):
        s = "%+d" % totals[i]
        if i == winner:
            fb.fill_rect(x0 + i * cw - 2, y - 2, len(s) * 8 + 4, 12, BLACK)
            fb.text(s, x0 + i * cw, y, WHITE)
        else:
            fb.text(s, x0 + i * cw, y, BLACK)
    y += 14
    fb.text(" wins", 0, y, BLACK)
    for i in range(n):
        fb.text("%d" % wins[i], x0 + i * cw, y, BLACK)
    return y + 14


class Screen(Base):
    name = "scoreboard"
    resumable = True

    def draw(self, fb):
        g = self.app.match.game
        totals, wins, order = g.standings()
        fb.fill_rect(0, 0, W, 14, BLACK)
        centre_text(fb, "Final scores", 3, WHITE)
        centre_text(fb, "%s wins the match!" % g.names[order[0]], 20, BLACK, 2, 2)
        y = draw_board(fb, g.names, g.round_rows, totals, wins, order[0], 44)
        how = "most rounds won" if g.rules.match_winner == "wins" else "highest total"
        centre_text(fb, "(decided by %s)" % how, y + 4, BLACK)
        footer(fb, "A: back to the title (saved in History)")

    def key(self, b, long):
        if b == buttons.A:
            self.app.end_match()
