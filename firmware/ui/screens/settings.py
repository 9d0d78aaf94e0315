"""Settings: idle sleep, refresh policy, player names (edited with the D-pad)."""
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, WHITE
from ui.menu import draw_list, step, footer
from ui.layout import W

IDLE = (0, 1, 3, 5, 10)
PARTIALS = (5, 10, 20, 40)
CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"


class Screen(Base):
    name = "settings"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.cur = 0
        self.edit = -1       # name being edited
        self.ch = 0          # character position in it

    def rows(self):
        s = self.app.settings
        out = [("Idle sleep", "off" if not s["idle_min"] else "%d min" % s["idle_min"]),
               ("Clean refresh every", "%d partials" % s["partials"])]
        for i in range(6):
            out.append(("Player %d name" % (i + 1), s["names"][i]))
        out.append(("Back", None))
        return out

    def draw(self, fb):
        fb.fill_rect(0, 0, W, 14, BLACK)
        fb.text("Settings", 4, 3, WHITE)
        rows = self.rows()
        draw_list(fb, [r[0] for r in rows], self.cur, 4, 24, 392, len(rows), 0,
                  [r[1] for r in rows])
        if self.edit >= 0:
            y = 24 + self.cur * 13 + 2
            name = self.app.settings["names"][self.edit]
            x = 392 - len(name) * 8 + self.ch * 8
            fb.fill_rect(x, y + 9, 8, 2, WHITE)
            footer(fb, "UP/DOWN letter  LEFT/RIGHT move  A: done")
        else:
            footer(fb, "LEFT/RIGHT change  A: edit name  B: back")

    def _cycle(self, tab, v, d):
        i = tab.index(v) if v in tab else 0
        return tab[(i + d) % len(tab)]

    def key(self, b, long):
        app = self.app
        s = app.settings
        if self.edit >= 0:
            name = s["names"][self.edit]
            if b == buttons.UP or b == buttons.DOWN:
                c = CHARS.find(name[self.ch]) if self.ch < len(name) else 0
                c = (c + (1 if b == buttons.UP else -1)) % len(CHARS)
                name = (name[:self.ch] + CHARS[c] + name[self.ch + 1:])
            elif b == buttons.RIGHT:
                self.ch = min(self.ch + 1, 7)
                if self.ch >= len(name):
                    name += " "
            elif b == buttons.LEFT:
                self.ch = max(0, self.ch - 1)
            elif b == buttons.A or b == buttons.B:
                name = name.strip() or "P%d" % (self.edit + 1)
                self.edit = -1
                s["names"][self.cur - 2] = name
                app.save_settings()
            if self.edit >= 0:
                s["names"][self.edit] = name
            app.redraw()
            return
        rows = self.rows()
        if b == buttons.UP or b == buttons.DOWN:
            self.cur = step(self.cur, len(rows), -1 if b == buttons.UP else 1)
        elif b == buttons.LEFT or b == buttons.RIGHT:
            d = -1 if b == buttons.LEFT else 1
            if self.cur == 0:
                s["idle_min"] = self._cycle(IDLE, s["idle_min"], d)
            elif self.cur == 1:
                s["partials"] = self._cycle(PARTIALS, s["partials"], d)
            app.save_settings()
        elif b == buttons.A and 2 <= self.cur < 8:
            self.edit = self.cur - 2
            self.ch = 0
        elif b == buttons.B or (b == buttons.A and self.cur == 8):
            app.pop()
            return
        app.redraw()
