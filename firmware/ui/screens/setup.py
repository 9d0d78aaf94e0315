"""New game: players, seats, rounds and every rule variant by its name.

UP/DOWN pick a line, LEFT/RIGHT change its value, A on "Start" deals.
The last choices are kept in the settings so a rematch is one press.
"""
from hal import buttons as hb
from rummikub.rules import Rules, FIELDS
from rummikub.game import Game
from ui.screen import Base
from ui.gfx import BLACK, WHITE
from ui.menu import draw_list, step, footer
from ui.match import SEAT_KINDS

# choices offered per rule (RULES.md names; the first value is the default)
CHOICES = {
    "tile_set": ("standard", "xp"),
    "first_player": ("draw", "random"),
    "initial_meld": (30, 0, 10, 20, 25, 40, 50),
    "initial_meld_table_use": (False, True),
    "freed_joker_with_rack_tiles": (False, True),
    "timer_s": (60, 0, 30, 90, 120),
    "failed_play_penalty": (1, 3),
    "extra_draws": (False, True),
    "joker_penalty": (30, 20, 25),
    "exhausted_winner": ("points", "tiles"),
    "match_winner": ("wins", "points"),
}


def _show(v):
    if v is True:
        return "yes"
    if v is False:
        return "no"
    return str(v)


class Screen(Base):
    name = "setup"

    def __init__(self, app, state=None):
        super().__init__(app)
        last = app.settings.get("setup") or {}
        self.players = last.get("players", 2)
        self.seats = (list(last.get("seats", [])) + ["human", "hard", "medium", "easy",
                                                      "medium", "hard"])[:6]
        self.rounds = last.get("rounds", 2)
        self.rules = Rules()
        try:
            self.rules.update(last.get("rules", {}))
        except ValueError:
            pass
        self.cur = 0
        self.top = 0

    def rows(self):
        """[(label, value text, key)] for the lines of the form."""
        out = [("Players", str(self.players), "players")]
        names = self.app.settings["names"]
        for i in range(self.players):
            out.append(("  Seat %d %s" % (i + 1, names[i][:8]), self.seats[i], "seat%d" % i))
        out.append(("Rounds", str(self.rounds), "rounds"))
        for name, _, _ in FIELDS:
            out.append((name, _show(getattr(self.rules, name)), name))
        out.append(("Start the game", None, "start"))
        return out

    def draw(self, fb):
        fb.fill_rect(0, 0, 400, 14, BLACK)
        fb.text("New game", 4, 3, WHITE)
        rows = self.rows()
        self.top = draw_list(fb, [r[0] for r in rows], self.cur, 4, 20, 392, 20,
                             self.top, [r[1] for r in rows])
        footer(fb, "LEFT/RIGHT change  A on Start: deal  B: back")

    def _change(self, key, d):
        if key == "players":
            self.players = (self.players - 2 + d) % 5 + 2
            self.rules.tile_set = "xp" if self.players > 4 else self.rules.tile_set
        elif key.startswith("seat"):
            i = int(key[4:])
            k = SEAT_KINDS.index(self.seats[i])
            self.seats[i] = SEAT_KINDS[(k + d) % len(SEAT_KINDS)]
        elif key == "rounds":
            self.rounds = (self.rounds - 1 + d) % 12 + 1
        elif key in CHOICES:
            ch = CHOICES[key]
            v = getattr(self.rules, key)
            i = ch.index(v) if v in ch else 0
            nv = ch[(i + d) % len(ch)]
            if key == "tile_set" and nv == "standard" and self.players > 4:
                nv = "xp"
            self.rules.set(key, nv)

    def key(self, b, long):
        app = self.app
        rows = self.rows()
        key = rows[self.cur][2]
        if b == hb.UP or b == hb.DOWN:
            self.cur = step(self.cur, len(rows), -1 if b == hb.UP else 1)
        elif b == hb.LEFT or b == hb.RIGHT:
            self._change(key, -1 if b == hb.LEFT else 1)
            self.cur = min(self.cur, len(self.rows()) - 1)
        elif b == hb.B:
            app.pop()
            return
        elif b == hb.A or b == hb.START:
            if key == "start" or b == hb.START:
                self.start()
                return
            self._change(key, 1)
        app.redraw()

    def start(self):
        app = self.app
        seats = self.seats[:self.players]
        if "human" not in seats:
            seats[0] = "human"
        app.settings["setup"] = {"players": self.players, "seats": self.seats,
                                 "rounds": self.rounds, "rules": self.rules.changed()}
        app.save_settings()
        seed = (app.hal.ticks_ms() * 2654435761 + app.steps) & 0x7FFFFFFF
        g = Game(self.rules, self.players, seed or 1, self.rounds,
                 app.settings["names"][:self.players])
        app.new_match(g, seats)
