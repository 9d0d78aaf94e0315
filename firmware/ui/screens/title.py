"""Title screen and main menu: resume, new game, history, settings, and
the second game (Gin Rummy, ui/gin/gin_setup)."""
from compat import const
from hal import buttons
from rummikub.tiles import parse_tiles
from ui import SAVE
from ui.screen import Base
from ui.gfx import BLACK, centre_text, message_box
from ui.tiles_gfx import draw_tile
from ui.menu import draw_list, step, footer
from ui.layout import W

_DECOR = const("K11 B12 R13 J Y13")
_DAMAGED = const("Saved game damaged: could not be read")


class Screen(Base):
    name = "title"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.cur = 0
        self._items()
        if not app.error and self.items[0][1] != "resume" and app.storage.damaged(SAVE):
            app.error = _DAMAGED     # no copy reads: said, not passed over

    def _items(self):
        self.items = []
        if self.app.has_save():
            self.items.append(("Resume game", "resume"))
        st = self.app.storage
        if st.load("linkhost") is not None:         # link.save.HOST
            self.items.append(("Resume table", "table_resume"))
        if st.load("linkguest") is not None:        # link.save.GUEST
            self.items.append(("Rejoin table", "table_rejoin"))
        self.items += [("New game", "setup"), ("History", "history"),
                       ("Settings", "settings"), ("Learn to play", "lessons"),
                       ("Gin Rummy", "gin_setup"),
                       ("Host a table", "table_lobby"), ("Join a table", "table_join")]
        self.items.append(("Sync", "sync"))      # score sync over USB (ui.screens.sync)

    def resumed(self):
        self._items()
        self.cur = min(self.cur, len(self.items) - 1)

    def draw(self, fb):
        centre_text(fb, "Pocket", 22, BLACK, 3, 3)
        centre_text(fb, "Rummikub", 50, BLACK, 3, 3)
        x = (W - 5 * 24) // 2
        for i, t in enumerate(parse_tiles(_DECOR)):
            draw_tile(fb, x + i * 24, 90, t)
        draw_list(fb, [i[0] for i in self.items], self.cur, 120, 140, 160,
                  len(self.items))
        err = self.app.error
        if err:
            # a save that did not load (this screen's _DAMAGED, ui.saved's and
            # ui.gin.saved's lines) stays on flash: said of those, no other
            if err.startswith(("Saved game", "Gin save")):
                err += "\n(it stays on flash; a new game replaces it)"
            message_box(fb, err, y=200)
        footer(fb, "UP/DOWN choose   A: open")

    def key(self, b, long):
        app = self.app
        if self.dismiss(app):
            return
        if b == buttons.UP or b == buttons.DOWN:
            self.cur = step(self.cur, len(self.items), -1 if b == buttons.UP else 1)
            app.redraw()
        elif b == buttons.A or b == buttons.START:
            act = self.items[self.cur][1]
            if act == "resume":
                if not app.resume():
                    self.items = self.items[1:]
                    self.cur = 0
                    app.redraw()
            elif act == "table_resume" or act == "table_rejoin":
                # by a string: a solo match never interns link play's names
                resume = __import__("ui.table", None, None, ("resume",)).resume
                if not resume(app, act == "table_resume"):
                    self._items()
                    app.redraw()
            elif act in ("gin_setup", "table_lobby", "table_join"):
                app.goto(act)           # another place: the title's screens go
            else:
                app.push(act)
