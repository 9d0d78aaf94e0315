"""A scripted person for the gin screens: reads the screen as a player
would and presses buttons through the headless emulator (CPython)."""
from gin.game import OFFER, DRAW



class GinKeys:
    def __init__(self, runner):
        self.r = runner
        self.presses = 0
        self.turns = 0

    @property
    def screen(self):
        return self.r.app.screen

    def key(self, name, long=False):
        self.presses += 1
        self.r.press(name, 1000 if long else 80)

    def to_gin(self):
        """From the title screen to Gin Rummy's set-up screen."""
        s = self.screen
        assert s.name == "title"
        i = [x[1] for x in s.items].index("gin_setup")
        self.keys(["down"] * i + ["a"])

    def keys(self, names):
        for k in names:
            self.key(k)

    def turn(self):
        """One action on the play screen the simple way: pass the up-card,
        draw from the stock, discard the lifted card (the screen lifts the
        highest deadwood card, or the knock card), knock when it says so."""
        s = self.screen
        g = s.g
        if g.phase == OFFER:
            self.key("b")
        elif g.phase == DRAW:
            self.key("start")
        else:
            self.key("start" if s.knocks else "a")
            self.turns += 1

    def play_until(self, names, limit=3000):
        """Play (any human seat), pass, hand results, until a screen in names."""
        for _ in range(limit):
            n = self.screen.name
            if n in names:
                return n
            if n == "gin_play":
                self.turn()
            elif n in ("gin_pass", "gin_hand"):
                self.key("a")
            else:
                raise AssertionError("unexpected screen %s" % n)
        raise AssertionError("no %s after %d presses" % (names, limit))
