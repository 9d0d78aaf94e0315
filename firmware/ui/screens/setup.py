"""New game: players, seats, rounds and every rule variant, in words.

UP/DOWN pick a line, LEFT/RIGHT change its value, A moves on to the next
line (it never changes a value) and deals on "Start the game", START
deals from anywhere.  The line under the list explains the highlighted
choice.  Every seat may be an AI: the match is then played by the AIs
while you watch (screens/watch.py).  The last choices are kept in the
settings so a rematch is one press.
"""
from compat import const
from hal import buttons
from rummikub.rules import Rules
from rummikub.game import Game
from ui.screen import Base
from ui.gfx import BLACK, WHITE
from ui.menu import draw_list, step, footer, LINE
from ui.layout import W
from ui.match import SEAT_KINDS, HUMAN

# The rules as the setup screen offers them, in RULES.md's order:
# (rule name, label, what it means, ((value, shown as), ...)); the first
# value is the default.  The rule names stay the engine's and the saves'.
_RULE_ROWS = const((
    ("tile_set", "Tile set", "XP: 6 colours, 4 jokers, for up to 6",
     (("standard", "106 tiles"), ("xp", "XP, 160 tiles"))),
    ("first_player", "Who starts", "Decides who plays first each round",
     (("draw", "highest drawn tile"), ("random", "random"))),
    ("initial_meld", "First meld", "Your first sets must add up to this",
     ((30, "30 points"), (0, "no minimum"), (10, "10 points"), (20, "20 points"),
      (25, "25 points"), (40, "40 points"), (50, "50 points"))),
    ("initial_meld_table_use", "First meld turn uses table",
     "yes: after melding, rework the table at once",
     ((False, "no"), (True, "yes"))),
    ("freed_joker_with_rack_tiles", "Freed joker goes",
     "Where a joker taken off the table must go",
     ((False, "anywhere"), (True, "new set+2 rack"))),
    ("timer_s", "Turn timer", "Time for a turn; then the turn is undone",
     ((60, "60 s"), (0, "off"), (30, "30 s"), (90, "90 s"), (120, "120 s"))),
    ("failed_play_penalty", "Failed play penalty", "Tiles drawn when a turn fails or times out",
     ((1, "draw 1"), (3, "draw 3"))),
    ("extra_draws", "Draw instead of playing", "Tiles you may draw when not playing",
     ((False, "1 tile"), (True, "1 to 3 tiles"))),
    ("joker_penalty", "Joker left on a rack", "What a joker costs its owner at the end",
     ((30, "30 points"), (20, "20 points"), (25, "25 points"))),
    ("exhausted_winner", "Pool empty: winner has", "When nobody goes out before the pool ends",
     (("points", "lowest points"), ("tiles", "fewest tiles"))),
    ("match_winner", "Match winner", "Who wins after the last round",
     (("wins", "most rounds won"), ("points", "most points"))),
))

HELP = {
    "players": "2-4 with 106 tiles; 5-6 take the XP set",
    "rounds": "Rounds in the match; scores add up",
    "start": "START deals from any line",
}
ROWS = 17
_LIST_Y = const(26)


def seat_text(kind):
    return kind if kind == HUMAN else "AI " + kind


def value_text(name, v):
    """How rule `name` at value `v` is shown (the value itself if unlisted)."""
    for rn, _, _, choices in _RULE_ROWS:
        if rn == name:
            for cv, shown in choices:
                if cv == v and type(cv) is type(v):
                    return shown
    return str(v)


def rules_text(changed):
    """The rules that differ from the defaults, as this screen words them
    (the History screen's line)."""
    out = []
    for rn, label, _, _ in _RULE_ROWS:
        if rn in changed:
            out.append("%s: %s" % (label, value_text(rn, changed[rn])))
    return "; ".join(out)


class Screen(Base):
    name = "setup"

    def __init__(self, app, state=None):
        super().__init__(app)
        last = app.settings.get("setup") or {}
        self.players = last.get("players", 2)
        self.seats = (list(last.get("seats", [])) + ["human", "hard", "medium", "easy",
                                                      "medium", "hard"])[:6]
        for i in range(6):
            if self.seats[i] not in SEAT_KINDS:
                self.seats[i] = "medium"
        self.rounds = last.get("rounds", 2)
        self.rules = Rules()
        try:
            self.rules.update(last.get("rules", {}))
        except ValueError:
            pass
        if self.players > self.rules.players[1]:   # as _change: more players need XP
            self.rules.tile_set = "xp"
        self.cur = 0
        self.top = 0

    def watching(self):
        """No human seat: the AIs play the match and nobody holds a rack."""
        return HUMAN not in self.seats[:self.players]

    def rows(self):
        """[(label, value text, key)] for the lines of the form."""
        out = [("Players", str(self.players), "players")]
        names = self.app.settings["names"]
        for i in range(self.players):
            out.append(("  Seat %d: %s" % (i + 1, names[i][:8]), seat_text(self.seats[i]),
                        "seat%d" % i))
        out.append(("Rounds", str(self.rounds), "rounds"))
        for name, label, _, _ in _RULE_ROWS:
            out.append((label, value_text(name, getattr(self.rules, name)), name))
        out.append(("Start the game" + (" (watch)" if self.watching() else ""), None,
                    "start"))
        return out

    def explain(self, key):
        """The one line under the list: what the highlighted line means."""
        if key.startswith("seat") or (key == "start" and self.watching()):
            if self.watching():
                return "All seats AI: you watch them play"
            return "A person, or an AI: %s to %s" % (SEAT_KINDS[1], SEAT_KINDS[-1])
        for name, _, text, _ in _RULE_ROWS:
            if name == key:
                return text
        return HELP.get(key, "")

    def draw(self, fb):
        fb.fill_rect(0, 0, W, 14, BLACK)
        fb.text("New game", 4, 3, WHITE)
        rows = self.rows()
        self.top = draw_list(fb, [r[0] for r in rows], self.cur, 4, _LIST_Y, 392, ROWS,
                             self.top, [r[1] for r in rows])
        y = _LIST_Y + ROWS * LINE + 12
        fb.hline(0, y - 4, W, BLACK)
        fb.text(self.explain(rows[self.cur][2]), 4, y, BLACK)
        footer(fb, "LEFT/RIGHT: change  A: next  START: deal")

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
        else:
            for name, _, _, choices in _RULE_ROWS:
                if name != key:
                    continue
                v = getattr(self.rules, key)
                i = 0
                for j in range(len(choices)):
                    if choices[j][0] == v:
                        i = j
                nv = choices[(i + d) % len(choices)][0]
                if key == "tile_set" and nv == "standard" and self.players > 4:
                    nv = "xp"
                self.rules.set(key, nv)

    def key(self, b, long):
        app = self.app
        rows = self.rows()
        key = rows[self.cur][2]
        if b == buttons.UP or b == buttons.DOWN or (b == buttons.A and key != "start"):
            self.cur = step(self.cur, len(rows), -1 if b == buttons.UP else 1)
        elif b == buttons.LEFT or b == buttons.RIGHT:
            self._change(key, -1 if b == buttons.LEFT else 1)
            self.cur = min(self.cur, len(self.rows()) - 1)
        elif b == buttons.B:
            app.pop()
            return
        elif b == buttons.A or b == buttons.START:
            self.start()
            return
        app.redraw()

    def start(self):
        app = self.app
        seats = self.seats[:self.players]
        app.settings["setup"] = {"players": self.players, "seats": self.seats,
                                 "rounds": self.rounds, "rules": self.rules.changed()}
        app.save_settings()
        g = Game(self.rules, self.players, app.new_seed(), self.rounds,
                 app.settings["names"][:self.players])
        app.new_match(g, seats)
