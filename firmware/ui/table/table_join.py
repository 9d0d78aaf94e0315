"""Join a table: the tables in range (each host announces its own, with
its free seats and "Gin" for a Gin Rummy table), and the host's pairing code entered digit by digit.

UP/DOWN change the digit under the cursor, LEFT/RIGHT move along the
code, START the next table in range, A joins the chosen table, B back to
the title.  Once paired the screen says so and waits for the host to
start; the match's first table then opens the game, Rummikub or Gin
Rummy as the host chose (ui.table.guest_match).
"""
from compat import const
from hal import buttons as hb
from ui.table import Lobby
from ui.gfx import BLACK, WHITE, centre_text, scaled_text, text_width
from ui.menu import draw_list, footer
from ui.layout import W

_CODE_Y = const(168)


class Screen(Lobby):
    name = "table_join"
    TITLE = "Join a table"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.digits = bytearray(6)
        self.pos = 0
        self.pick = 0
        if self.link is not None:
            from link.guest import Guest
            from ui.table import rand
            self.side = Guest(self.link, rand, app.settings["names"][0])
        self.guest = self.side

    def listen(self, app, ms):
        Lobby.listen(self, app, ms)
        g = self.guest
        if g is not None and g.paired() and g.view is not None and g.info is not None:
            self._begin()

    def _begin(self):
        """The host's first TABLE and VIEW (of either game): the match is on."""
        from ui.table import guest_match
        app = self.app
        m = guest_match(self.guest)
        app.start_match(m)
        m.app = app
        m.save(app)
        app.advance()

    def _tables(self):
        return sorted(self.guest.tables.items())

    def _state(self):
        g = self.guest
        return (len(g.tables), g.joining is not None, g.refusal, g.paired(),
                tuple([t[1] for t in g.tables.values()]), tuple(g.gin.values()))

    def _status(self):
        g = self.guest
        if g.paired():
            host = [t[2] for m, t in g.tables.items() if m == g.host.mac]
            return "You are in (seat %d). Waiting for %s to start" % (
                g.seats[0] + 1 if g.seats else 0, host[0] if host else "the host")
        if g.joining is not None:
            return "Joining..."
        if g.refusal is not None:
            from link.frames import REASONS
            return "Not joined: %s" % REASONS.get(g.refusal, "refused")
        return ""

    def draw(self, fb):
        if not self.heading(fb):
            return
        tables = self._tables()
        if not tables:
            centre_text(fb, "Looking for tables in range...", 60)
        else:
            self.pick = min(self.pick, len(tables) - 1)
            items = ["%s's table" % t[2][:12] for m, t in tables]
            draw_list(fb, items, self.pick, 60, 40, W - 120, min(len(items), 5),
                      values=["%s%d free" % ("Gin, " if self.guest.gin.get(m) else "", t[1])
                                  for m, t in tables])
        fb.text("Code", 40, _CODE_Y - 16, BLACK)
        code = " ".join(["%d" % d for d in self.digits])
        x0 = (W - text_width(code, 3)) // 2
        scaled_text(fb, code, x0, _CODE_Y, 3, 4, BLACK)
        x = x0 + self.pos * 2 * 24
        fb.fill_rect(x, _CODE_Y + 36, 24, 4, BLACK)
        st = self._status()
        if st:
            fb.fill_rect(0, 236, W, 14, BLACK)
            centre_text(fb, st, 239, WHITE)
        footer(fb, "UP/DOWN digit  </> move  A: join  START: next table")

    def key(self, b, long):
        app = self.app
        g = self.guest
        if b == hb.B:
            app.goto("title")
            return
        if g is None or g.paired():
            return
        if b == hb.UP or b == hb.DOWN:
            self.digits[self.pos] = (self.digits[self.pos] + (1 if b == hb.UP else 9)) % 10
        elif b == hb.LEFT or b == hb.RIGHT:
            self.pos = (self.pos + (1 if b == hb.RIGHT else 5)) % 6
        elif b == hb.START:
            n = len(g.tables)
            self.pick = (self.pick + 1) % n if n else 0
        elif b == hb.A:
            tables = self._tables()
            if tables:
                mac, t = tables[min(self.pick, len(tables) - 1)]
                g.join(mac, t[0], "".join(["%d" % d for d in self.digits]))
        app.redraw()
