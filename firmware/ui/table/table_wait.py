"""Another console's person plays (or an AI on the host, or the consoles
are catching up with the last change): the table as it stands, framed
where it changed, what was done since this console's person last moved,
and who plays now.  A console gone quiet is named on every glass with how
long it has been away ("Waiting for Bo, 20 s"); on the host, A then hands
its seat to an AI and B pauses the match (saved; "Resume table" on the
title brings it back and the consoles rejoin).  On a joined console the
round's end and the match's are shown here, and B leaves for the title
(the pairing stays saved: "Rejoin table" comes back).

The screen moves on by itself (App.advance) with each change the radio
brings: the next one is this screen again with the new table, or the
person's turn.
"""
from compat import const
from ui.screen import Base
from ui.table import Waiting
from ui.editor import Editor
from ui.turn_sets import changed_sets
from ui import play_view as view
from rummikub.game import PLAYING, MATCH_OVER

_LINES = const(3)


class Screen(Waiting, Base):
    name = "table_wait"
    can_sleep = False

    def __init__(self, app, state=None):
        super().__init__(app)
        m = app.match
        self.m = m
        g = m.game
        mine = m.own_seat()
        self.ed = Editor(g.table, bytearray(g.racks[mine]) if mine >= 0 else bytearray(),
                         g.rules.ncolours)
        if m.review_before is not None:
            self.ed.marked = changed_sets(m.review_before, g.table, g.rules.ncolours)
        self.lines = list(m.review[-_LINES:])
        self.seen = m.version()
        self.wait = None
        self.shown = None

    def _status(self):
        """The line under the review: who plays, who is away, the verdict."""
        g = self.m.game
        away = self._away()
        if away:
            return away
        if g.phase == MATCH_OVER:
            return "Match over: %s" % _totals(g)
        if g.phase != PLAYING:
            return "Round over: %s. Next round soon" % _totals(g)
        return "%s is playing..." % g.names[g.current]

    def _keys(self):
        """What the keys do here, when they do more than leave."""
        m = self.m
        if getattr(m, "host", None) is not None and self.wait is not None:
            return "A: an AI plays for %s  B: pause" % m.game.names[self.wait[0]][:8]
        if m.game.phase == MATCH_OVER:
            return "B: to the title"
        return ""

    def draw(self, fb):
        g = self.m.game
        view.status_bar(fb, g, "", room=self.app.battery.room())
        view.table(fb, self.ed, False)
        st = self._status()
        self.shown = st
        keys = self._keys()
        view.hand(fb, self.ed, self.lines[-(1 if keys else 2):] + [st] + ([keys] if keys else []),
                  False)
        view.rack(fb, self.ed, False)



def _totals(g):
    rows = g.round_rows
    if not rows:
        return ""
    tot = [sum([r[p] for r in rows]) for p in range(g.n)]
    return ", ".join(["%s %+d" % (g.names[p][:5], tot[p]) for p in range(g.n)])
