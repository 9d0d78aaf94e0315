"""Host a table: the lobby.  The game (Rummikub for 2-4 players, Gin
Rummy for 2), the pairing code in large digits, and the seats: this
console's person first, then each seat a console (another person joins
it with the code), an AI on this console, or a person passed this
console (pass-and-play).  Who has joined shows as they come.

UP/DOWN choose a line, LEFT/RIGHT change it (the game, players, rounds
or Gin's game target, a seat's kind; a seat a console has taken stays
theirs), A on "Start" begins once every console seat is taken, B goes
back to the title (the table closes).
"""
from compat import const
from hal import buttons as hb
from ui.table import Lobby
from ui.gfx import BLACK, centre_text, scaled_text, text_width
from ui.menu import draw_list, step, footer
from ui.layout import W

# a seat's choices after the first (this console's person), by game
KINDS = ("linked", "human", "easy", "medium", "hard", "expert")
GIN_KINDS = ("linked", "human", "easy", "medium", "hard")
GAMES = ("Rummikub", "Gin Rummy")
_LIST_Y = const(124)
_SEAT0 = const(3)       # the list's row of seat 1: after game, players, rounds


def kind_text(kind):
    if kind == "linked":
        return "a console"
    if kind == "human":
        return "pass-and-play"
    return "AI " + kind


class Screen(Lobby):
    name = "table_lobby"
    TITLE = "Host a table"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.cur = 0
        self.note = ""
        self.names = app.settings["names"]
        self.seats = ["human", "linked"]
        self.rounds = 1
        self.gin = False
        self.target = 100       # Gin: points that end the game
        self.host = None
        if self.link is None:
            return
        from link import messages as M
        from link.host import Host
        from ui.table import rand
        self.side = self.host = Host(self.link, int.from_bytes(rand(4), "little"), rand,
                                     self.names[0])
        self.host.open([M.HOST_SEAT, M.LINKED], self.names[:2],
                       "%06d" % (int.from_bytes(rand(4), "little") % 1000000))

    def _kinds(self):
        from link import messages as M
        return [M.HOST_SEAT if k == "human" else M.LINKED if k == "linked" else M.AI_SEAT
                for k in self.seats]

    def _apply(self):
        """The seats as chosen, onto the host's offer (a seat a console
        took keeps it: only free seats change)."""
        h = self.host
        h.kinds = self._kinds()
        n = len(self.seats)
        while len(h.owner) < n:
            h.owner.append(-1)
            h.names.append("")
        del h.owner[n:]
        del h.names[n:]
        for i in range(n):
            if h.owner[i] < 0:
                h.names[i] = "" if self.seats[i] == "linked" else self.names[i]

    def _taken(self, i):
        return self.host.owner[i] >= 0 if i < len(self.host.owner) else False

    def _rows(self):
        h = self.host
        rows = [("Game", GAMES[self.gin]), ("Players", str(len(self.seats))),
                ("Game to", str(self.target)) if self.gin else ("Rounds", str(self.rounds)),
                ("Seat 1: %s" % self.names[0][:8], "you")]
        for i in range(1, len(self.seats)):
            if self._taken(i):
                rows.append(("Seat %d: %s" % (i + 1, h.names[i][:8]), "joined"))
            elif self.seats[i] == "linked":
                rows.append(("Seat %d: waiting..." % (i + 1), kind_text("linked")))
            else:
                rows.append(("Seat %d: %s" % (i + 1, self.names[i][:8]), kind_text(self.seats[i])))
        rows.append(("Start the game", None))
        return rows

    def _state(self):
        h = self.host
        return (h.code, tuple(h.owner), tuple(h.names))

    def draw(self, fb):
        if not self.heading(fb):
            return
        code = " ".join(self.host.code)
        scaled_text(fb, code, (W - text_width(code, 3)) // 2, 38, 3, 4, BLACK)
        centre_text(fb, "The code: others choose Join a table", 80)
        centre_text(fb, "and enter it", 90)
        waiting = len(self.host.free())
        centre_text(fb, "Everyone is in" if not waiting else
                    "Waiting for %d console%s" % (waiting, "" if waiting == 1 else "s"), 104)
        rows = self._rows()
        draw_list(fb, [r[0] for r in rows], self.cur, 20, _LIST_Y, W - 40, len(rows),
                  values=[r[1] for r in rows])
        if self.note:
            centre_text(fb, self.note, 272)
        footer(fb, "UP/DOWN  </>: change  A: start  B: back")

    def key(self, b, long):
        app = self.app
        if self.host is None:
            if b == hb.B:
                app.goto("title")
            return
        rows = self._rows()
        self.note = ""
        if b == hb.UP or b == hb.DOWN:
            self.cur = step(self.cur, len(rows), -1 if b == hb.UP else 1)
        elif b == hb.LEFT or b == hb.RIGHT:
            self._change(1 if b == hb.RIGHT else -1)
        elif b == hb.A or b == hb.START:
            if self.cur == len(rows) - 1:
                self._start()
                return
            self._change(1)
        elif b == hb.B:
            app.goto("title")
            return
        app.redraw()

    def _players(self, n):
        """The table to n seats; False (the note says why) if a console holds one cut."""
        while len(self.seats) > n:
            if self._taken(len(self.seats) - 1):
                self.note = "%s's console has seat %d" % (self.host.names[len(self.seats) - 1],
                                                          len(self.seats))
                return False
            self.seats.pop()
        while len(self.seats) < n:
            self.seats.append("linked")
        return True

    def _change(self, d):
        c = self.cur
        if c == 0:
            if not self.gin and not self._players(2):
                return
            self.gin = not self.gin
            self.host.gin = self.gin        # the joining consoles' list says so
            kinds = GIN_KINDS if self.gin else KINDS
            for i in range(1, len(self.seats)):
                if self.seats[i] not in kinds:
                    self.seats[i] = "medium"
        elif c == 1:
            n = len(self.seats) + d
            if self.gin:
                self.note = "Gin Rummy is for 2 players"
                return
            if n < 2 or n > 4 or not self._players(n):
                return
        elif c == 2:
            if self.gin:
                self.target = max(50, min(500, self.target + 50 * d))
            else:
                self.rounds = max(1, min(9, self.rounds + d))
        elif _SEAT0 < c < _SEAT0 + len(self.seats):
            i = c - _SEAT0
            if self._taken(i):
                self.note = "%s's console has this seat" % self.host.names[i]
                return
            kinds = GIN_KINDS if self.gin else KINDS
            self.seats[i] = kinds[(kinds.index(self.seats[i]) + d) % len(kinds)]
        self._apply()

    def _start(self):
        h = self.host
        if h.free():
            self.note = "A console seat is empty: wait, or make it an AI"
            self.app.redraw()
            return
        from hal.parts import device_id
        from link.logbook import new_match_id
        from ui.table import LINKED
        app = self.app
        seats = [LINKED if k == "linked" else k for k in self.seats]
        mid = new_match_id(app.log_dir, device_id(app.hal))
        if self.gin:
            from gin.game import GinGame
            from gin.rules import GinRules
            from ui.table.gin_match import GinHostMatch
            game = GinGame(GinRules(target=self.target), app.new_seed(), h.names)
            m = GinHostMatch(game, seats, mid, h)
        else:
            from rummikub.game import Game
            from rummikub.rules import Rules
            from ui.table.match import HostMatch
            game = Game(Rules(), len(self.seats), app.new_seed(), self.rounds, h.names)
            m = HostMatch(game, seats, mid, h)
        app.start_match(m)
        m.app = app
        h.begin(game, m.match_id)
        app.advance()
