"""Gin Rummy linked between two consoles: the other console's person
plays (or an AI on the host, or the consoles catch up with the last
change).  The table as gin_play shows it, this console's hand as it
stands, what the other did since ("Ben took the 7H from the discard,
discarded the KS") and who plays now.  A console gone quiet is named with
how long it has been away ("Waiting for Ben, 20 s"); on the host A then
hands its seat to the Gin AI and B pauses the game (saved: "Resume
table" on the title brings it back); on a joined console B leaves for
the title (the pairing stays saved: "Rejoin table").

The screen moves on by itself (App.advance) with each change the radio
brings (ui.table.gin_match)."""
from ui.table import Waiting
from ui.gfx import BLACK, centre_text
from ui.menu import footer
from ui.gin import gin_play


class Screen(Waiting, gin_play.Screen):
    name = "gin_wait"
    can_sleep = False

    def __init__(self, app, state=None):
        gin_play.Screen.__init__(self, app, state)
        self.seen = self.m.version()
        self.wait = None
        self.shown = None

    def _seat(self):
        return self.m.own_seat()    # this console's person's (-1: it watches)

    def _aim(self):
        pass                        # no card is lifted here

    def _status(self):
        g = self.g
        away = self._away()
        if away:
            return away
        if not self.m.playing():
            return "Hand over: %s deals the next" % g.names[0]
        return "%s is playing..." % g.names[g.current]

    def _keys(self):
        m = self.m
        if getattr(m, "host", None) is not None and self.wait is not None:
            return "A: the AI plays for %s  B: pause" % self.g.names[self.wait[0]][:8]
        return "B: to the title (the game waits)"

    def draw(self, fb):
        self._table(fb)
        st = self._status()
        self.shown = st
        centre_text(fb, st, 122, BLACK)
        self._hand(fb, False)
        footer(fb, self._keys())

