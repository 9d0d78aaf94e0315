"""A game of Gin Rummy being played on the device: the GinGame, who sits
where ("human" or an AI level), AI turns, the save and what comes next.

The match is saved on flash (key "gin") after every action that changes
it, so an idle sleep or a power cut loses nothing; `GIN_ON` marks that the
device was in a gin game when it slept (the app's boot resumes it).
"""
from gin.game import HAND_OVER, M_PASS, M_TAKE, M_DRAW, M_DISCARD, M_KNOCK
from gin.cards import fmt_card

from ui.seats import Seats

SAVE = "gin"
GIN_ON = "gin_on"
OPPONENTS = ("easy", "medium", "hard", "human")
IN_HAND = ("gin_play", "gin_pass")       # the screens a save may name: during a hand
OVER = ("gin_hand", "gin_over")          # and after one (the game's end: gin_over)


class GinMatch(Seats):
    def __init__(self, game, seats, match_id=0):
        Seats.__init__(self, game, seats, match_id)
        self.logged = 0           # hands already in the score log

    def make_player(self, p):
        from ai.gin_players import GinPlayer
        return GinPlayer(self.seats[p], seed=p + 1)

    def run_ai(self):
        """AI actions until a human must act or the hand is over."""
        g = self.game
        while g.phase != HAND_OVER and not self.human(g.current):
            self.player(g.current).act(g)

    def next_screen(self):
        g = self.game
        if g.phase == HAND_OVER:
            return "gin_hand"
        if self.humans() > 1 and g.current != self.last_human:
            return "gin_pass"
        return "gin_play"

    def news(self, me):
        """What the other player did since me last acted, as a line."""
        g = self.game
        m = g.moves
        parts = []
        i = len(m) - 2
        while i >= 0 and m[i] >> 3 != me:
            kind = m[i] & 7
            c = m[i + 1]
            if kind == M_PASS:
                parts.append("passed " + fmt_card(c))
            elif kind == M_TAKE:
                parts.append("took " + fmt_card(c))
            elif kind == M_DRAW:
                parts.append("drew from the stock")
            elif kind in (M_DISCARD, M_KNOCK):
                parts.append("discarded " + fmt_card(c))
            i -= 2
        if not parts:
            return ""
        parts.reverse()
        return "%s %s" % (g.names[1 - me], ", ".join(parts))

    # -- score log ------------------------------------------------------------
    def log_hands(self, app):
        """Hands finished since the last call go to the score log (the app's
        log, as Rummikub rounds do: sync carries them to the host): each
        hand as a round record (points, deadwood left after lay-offs, the
        winner, void as "exhausted"), and a finished game as a match record
        (hand rows, totals with the bonuses, hands won, rules with
        "game": "gin").  Returns True when something was written."""
        g = self.game
        if self.logged >= len(g.history):
            return False
        log = app.scorelog()
        if log is None:
            self.logged = len(g.history)
            return False
        try:
            h = g.history[-1]
            r = g.result or {}
            pts = [0, 0]
            if h[0] >= 0:
                pts[h[0]] = h[1]
            if r.get("void") or "knocker" not in r:
                from gin.melds import deadwood
                dw = [deadwood(g.hands[0]), deadwood(g.hands[1])]
            else:
                k = r["knocker"]
                dw = [0, 0]
                dw[k] = r["knocker_deadwood"]
                dw[1 - k] = r["defender_deadwood"]
            log.append_round(self.match_id, min(g.hand_no, 255), g.names, pts, dw,
                             None if h[0] < 0 else h[0], h[0] < 0)
            if g.is_over():
                rows = []
                for w, p, _ in g.history:
                    row = [0, 0]
                    if w >= 0:
                        row[w] = p
                    rows.append(row)
                win, totals, bonus, margin = g.final()
                rules = g.rules.changed()
                rules["game"] = "gin"
                log.append_match(self.match_id, g.names, rows[-255:], totals,
                                 g.hands_won, win, rules)
        except (OSError, ValueError) as e:
            app.log("score log: %s" % e)
        self.logged = len(g.history)
        return True

    # -- flash ----------------------------------------------------------------
    def save(self, storage, screen=None):
        from gin import savefile
        extra = {"seats": self.seats, "id": self.match_id, "last": self.last_human,
                 "logged": self.logged}
        if screen:
            extra["screen"] = screen
        storage.save(SAVE, savefile.dumps(self.game, extra))
        storage.save(GIN_ON, b"1")


def load(storage):
    """(GinMatch, saved screen name, None or the line saying that the
    newest save did not load and the one before it did); raises
    gin.savefile.SaveError saying why the newest did not load if neither
    does."""
    from gin.savefile import SaveError
    why = None
    for raw in (storage.load(SAVE), storage.load_backup(SAVE)):
        if raw is None:
            continue
        try:
            m, screen = _match(raw)
            return m, screen, why and "Gin save damaged; the one before it was loaded"
        except SaveError as e:
            why = why or str(e)
    raise SaveError(why or "no gin game saved")


def _match(raw):
    from gin import savefile
    game, extra = savefile.loads(raw)
    try:
        screen = _check_extra(game, extra)
    except (KeyError, TypeError, ValueError) as e:
        raise savefile.SaveError("gin save's app fields are invalid: %s" % e)
    m = GinMatch(game, extra["seats"], extra.get("id", 0))
    m.last_human = extra.get("last", -1)
    m.logged = extra.get("logged", len(game.history))
    return m, screen


def _check_extra(g, extra):
    """The screen a save's app fields name (None: the match decides);
    ValueError if a field does not fit the game."""
    from rummikub.fields import whole, need
    need(isinstance(extra, dict), "app fields")
    seats = extra["seats"]
    need(isinstance(seats, list) and len(seats) == 2 and seats[0] in OPPONENTS
         and seats[1] in OPPONENTS, "seats")
    # saved only when a person is to act (the AI acts before each save)
    need(g.phase == HAND_OVER or seats[g.current] == "human", "seat to act")
    need(whole(extra.get("id", 0), 0, 0xFFFFFFFF), "match id")
    need(whole(extra.get("last", -1), -1, 1), "last player")
    need(whole(extra.get("logged", 0), 0, len(g.history)), "logged hands")
    screen = extra.get("screen")
    need(screen is None or (screen in IN_HAND and g.phase != HAND_OVER) or
         (screen in OVER and g.phase == HAND_OVER and
          (screen == "gin_hand" or g.is_over())), "screen %r" % (screen,))
    return screen


def resume_after_sleep(app):
    """At boot after an idle sleep: back into the gin game that was on the
    screen (GIN_ON), else False."""
    if app.storage.load(GIN_ON) is None:
        return False
    from gin.savefile import SaveError
    try:
        m, screen, note = load(app.storage)
    except SaveError as e:
        app.log("gin save not loaded: %s" % e)
        app.error = "Gin save not loaded: %s" % e
        leave(app.storage)
        return False
    if note:
        app.error = note
    app.gin = m
    app.goto(screen or m.next_screen())
    return True


def leave(storage):
    """Out of gin (game over or back to the title): the boot no longer resumes it."""
    storage.delete(GIN_ON)
