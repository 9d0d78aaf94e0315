"""Gin Rummy: resume or set up a new game (opponent, variants, target).

As Rummikub's set-up: LEFT/RIGHT change the line's value, A moves on to
the next line (deals on "Deal", resumes on "Resume"), START deals from
any line (resumes on "Resume"); the line under the list explains the
highlighted choice."""
from compat import const
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, centre_text, message_box
from ui.menu import draw_list, step, footer, LINE
from ui.layout import W
from ui.gin import OPPONENTS, SAVE

OPP_TEXT = ("AI easy", "AI medium", "AI hard", "2nd person")
TARGETS = (50, 100, 150, 200)     # LEFT/RIGHT step through them in order
_TARGET_100 = const(1)             # the usual game: to 100
_DAMAGED = const("Gin save damaged: could not be read (a new game replaces it)")
EXPLAIN = {
    "resume": "Go on with the saved gin game",
    "opp": "Who you play: an AI, or a person (pass it)",
    "okla": "on: the first up-card sets the knock limit",
    "glo": "yes: cards may be laid off on a gin hand",
    "target": "The game ends when a player reaches it",
    "deal": "START deals from any line",
}


def rules_text(changed):
    """The gin rules that differ from the defaults, in this screen's words
    (the History screen's line); the knock limit, not offered here, too."""
    out = []
    for rn, label, yes, no in (("oklahoma", "Oklahoma (up-card limit)", "on", "off"),
                               ("gin_layoff", "Lay-off on gin", "yes", "no")):
        if rn in changed:
            out.append("%s: %s" % (label, yes if changed[rn] else no))
    if "target" in changed:
        out.append("Game to: %s" % changed["target"])
    if "knock_limit" in changed:
        out.append("Knock limit: %s" % changed["knock_limit"])
    return "; ".join(out)


class Screen(Base):
    name = "gin_setup"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.opp = 2
        self.oklahoma = False
        self.gin_layoff = True
        self.target = _TARGET_100
        self.error = ""
        self.saved = app.storage.load(SAVE) is not None
        if not self.saved and app.storage.damaged(SAVE):
            self.error = _DAMAGED    # no copy reads: said, not passed over
        self.cur = 0

    def items(self):
        out = []
        if self.saved:
            out.append(("Resume gin game", None, "resume"))
        out += [("Opponent", OPP_TEXT[self.opp], "opp"),
                ("Oklahoma (up-card limit)", "on" if self.oklahoma else "off", "okla"),
                ("Lay-off on gin", "yes" if self.gin_layoff else "no", "glo"),
                ("Game to", str(TARGETS[self.target]), "target"),
                ("Deal", None, "deal")]
        return out

    def draw(self, fb):
        centre_text(fb, "Gin Rummy", 24, BLACK, 3, 3)
        its = self.items()
        draw_list(fb, [i[0] for i in its], self.cur, 60, 90, 280, len(its),
                  values=[i[1] for i in its])
        y = 90 + len(its) * LINE + 12
        fb.hline(0, y - 4, W, BLACK)
        fb.text(EXPLAIN[its[self.cur][2]], 4, y, BLACK)
        if self.error:
            message_box(fb, self.error, y=200)
        footer(fb, "LEFT/RIGHT: change  A: next  START: deal")

    def key(self, b, long):
        app = self.app
        if self.dismiss(self):
            return
        its = self.items()
        act = its[self.cur][2]
        if b == buttons.UP or b == buttons.DOWN:
            self.cur = step(self.cur, len(its), -1 if b == buttons.UP else 1)
        elif b == buttons.LEFT or b == buttons.RIGHT:
            d = -1 if b == buttons.LEFT else 1
            if act == "opp":
                self.opp = (self.opp + d) % len(OPPONENTS)
            elif act == "okla":
                self.oklahoma = not self.oklahoma
            elif act == "glo":
                self.gin_layoff = not self.gin_layoff
            elif act == "target":
                self.target = (self.target + d) % len(TARGETS)
        elif b == buttons.B:
            app.goto("title")
            return
        elif b == buttons.A or b == buttons.START:
            if act == "resume":
                self.resume()
                return
            if b == buttons.A and act != "deal":
                self.cur = step(self.cur, len(its), 1)     # on to the next line
            else:
                self.deal()
                return
        app.redraw()

    def resume(self):
        from ui.gin.saved import resume
        app = self.app
        if not resume(app, cold=True):
            self.error = app.error    # in this screen's box, not the app's bottom line
            app.error = ""
            self.saved = False
            self.cur = 0
            app.redraw()

    def deal(self):
        from gin.game import GinGame
        from gin.rules import GinRules
        from ui.gin.match import GinMatch
        app = self.app
        opp = OPPONENTS[self.opp]
        names = list(app.settings["names"][:2])
        if opp != "human":
            names[1] = "AI " + opp
        rules = GinRules(oklahoma=self.oklahoma, gin_layoff=self.gin_layoff,
                         target=TARGETS[self.target])
        g = GinGame(rules, app.new_seed(), names)
        app.start_match(GinMatch(g, ["human", opp], app.new_match_id()))
        app.advance()              # the AI acts first if it is its turn
