"""Gin Rummy: a hand is over.  Both hands laid out (melds, the defender's
lay-offs underlined, deadwood), the points and the game score."""
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, WHITE, centre_text
from ui.menu import footer
from ui.layout import W
from ui.gin.cards_gfx import draw_group_row


def describe(g, r):
    """The headline and the points line of hand result r."""
    if r.get("void"):
        return "Void hand", "The stock ran down to two cards: no score"
    k = r["knocker"]
    w = r["hand_winner"]
    dbl = " x2" if g.doubled else ""
    if r["gin"]:
        return "%s goes gin!" % g.names[k], "%s scores %d + 20 gin bonus%s = %d" % (
            g.names[k], r["defender_deadwood"], dbl, r["points"])
    if r["undercut"]:
        return "%s knocks - undercut!" % g.names[k], \
            "%s scores %d + 10 undercut bonus%s = %d" % (
                g.names[w], r["knocker_deadwood"] - r["defender_deadwood"], dbl, r["points"])
    return "%s knocks" % g.names[k], "%s scores %d - %d%s = %d" % (
        g.names[k], r["defender_deadwood"], r["knocker_deadwood"], dbl, r["points"])


class Screen(Base):
    name = "gin_hand"

    def __init__(self, app, state=None):
        super().__init__(app)
        m = app.match
        if m.log_hands(app):
            m.save(app, "gin_hand")

    def draw(self, fb):
        g = self.app.match.game
        r = g.result
        head, pts = describe(g, r)
        fb.fill_rect(0, 0, W, 16, BLACK)
        centre_text(fb, "Hand %d: %s" % (g.hand_no, head), 4, WHITE)
        y = 24
        if not r.get("void"):
            k = r["knocker"]
            d = 1 - k
            fb.text("%s: deadwood %d" % (g.names[k], r["knocker_deadwood"]), 8, y, BLACK)
            groups = [m for m in r["knocker_melds"]]
            if r["knocker_dead"]:
                groups.append(r["knocker_dead"])
            draw_group_row(fb, groups, y + 14)
            y += 56
            laid = [x[0] for x in r["layoffs"]]
            fb.text("%s: deadwood %d%s" % (g.names[d], r["defender_deadwood"],
                                           " after lay-offs" if laid else ""), 8, y, BLACK)
            groups = [m for m in r["defender_melds"]]
            if laid:
                groups.append(laid)
            if r["defender_dead"]:
                groups.append(r["defender_dead"])
            draw_group_row(fb, groups, y + 14, marks=laid)
            if laid:
                fb.text("underlined: laid off on %s's melds" % g.names[k], 8, y + 52, BLACK)
            y += 66
        else:
            for p in (0, 1):
                fb.text(g.names[p], 8, y, BLACK)
                draw_group_row(fb, [sorted(g.hands[p])], y + 14)
                y += 56
        centre_text(fb, pts, y + 8, BLACK)
        centre_text(fb, "%s %d   %s %d   (game to %d)" % (
            g.names[0], g.scores[0], g.names[1], g.scores[1], g.rules.target), y + 30, BLACK, 1, 2)
        footer(fb, "A: final score" if g.is_over() else "A: next hand")

    def key(self, b, long):
        if b != buttons.A and b != buttons.START:
            return
        app = self.app
        m = app.match
        g = m.game
        if g.is_over():
            m.save(app, "gin_over")
            app.goto("gin_over")
            return
        m.next_hand(app)
