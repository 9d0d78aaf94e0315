"""Who sits where, for a match of either game on the device (ui.match.Match,
ui.gin.match.GinMatch): each seat is HUMAN or an AI level; an AI seat's
player is made on first use by the subclass's make_player(p) and kept in
.ai until the app drops them for RAM (.ai = {}; they are made again from
the game's state).  last_human is the seat that last saw its own cards.
match_id is the id the score log reserved when the match started (the
scheme: sync.matchid); unlogged, the match's results the
log could not take yet (ui.score_log), saved with the match.

The match's contract with the app, both ways, written here only (a match
of a new game, or one played over a link, keeps to it; tests/ui/
test_match_contract.py checks both lists against the code).

What the app (ui.app.App) asks of either game's match:
  `game`            the game being played (a lesson's judge reads it)
  `lesson`          a tutorial lesson's index, never saved; None in a match
  `save(app, screen=None)`  onto flash with the screen it goes on to (None:
                    with the screen shown, or nothing if every action saved)
  `leave(storage)`  out to the title: a finished match's save goes
  `unlogged`        its results the score log has not taken yet: the app
                    hands them over when the match is left (ui.score_log)
  `play_on(app)`    after a person's action, from the app's loop (App.advance):
                    AI seats play, then the next person's screen, saved first
  `listen(app, ms)` ms pass between the loop's steps (App.idle): a linked
                    match reads the radio, the others sleep (hal.sleep_ms)

What a match, and its game's save module (ui.saved, ui.gin.saved) bringing
one back, may use of the app; nothing else:
  `storage`         flash (hal.storage.Storage): the save, under the game's key
  `error`           the one line on the glass (a full flash, a save not loaded)
  `log(text)`       a line on the console
  `log_dir`         the score log's folder, ending in "/" (ui.score_log)
  `stack`           the screens shown: a save asks the resumable one its state()
  `drop_screens(hide_rack=False)`  no screen until the next goto: their RAM
                    to the AI, the save and the score log (the frame stays)
  `banner(text)`    a line in the status bar at once ("X is thinking...")
  `goto(name, state=None)`  the next screen, by name (ui.screen_class)
  `scorelog()`      the score log (sync.scorelog.ScoreLog), None if not built in
  `now()`           Unix seconds by the clock the host sets, None if never set
  `start_match(m)`  m is the match played now (App.match)
  `advance()`       the match plays on from the app's loop (its play_on)
  `hal`             the hal: a linked match's radio (hal.parts.link(hal)) and clock
"""
HUMAN = "human"
# flash key: a Gin game was on the glass when the device slept (ui.gin.match
# writes it with each save; the boot resumes that game, or after a power-on
# drops it: ui.app)
GIN_ON = "gin_on"


class Seats:
    def __init__(self, game, seats, match_id=0):
        self.game = game
        self.seats = list(seats)
        self.match_id = match_id
        self.unlogged = []
        self.ai = {}
        self.last_human = -1
        self.lesson = None

    def human(self, p):
        return self.seats[p] == HUMAN

    def humans(self):
        return len([s for s in self.seats if s == HUMAN])

    def player(self, p):
        pl = self.ai.get(p)
        if pl is None:
            pl = self.make_player(p)
            self.ai[p] = pl
        return pl

    def listen(self, app, ms):
        app.hal.sleep_ms(ms)

    def restore(self, extra, key):
        """The match id (under key) and the results waiting for the log
        from a save's app fields; ValueError naming the field that has
        another shape.  An id is 0 (no score log), a 32-bit int (format 1:
        a match started on firmware before the scheme) or text of the
        scheme (sync.matchid.split); a result waiting is the hex text
        of a record's kind byte and payload (ui.score_log)."""
        v = extra.get(key, 0)
        if isinstance(v, int) and not isinstance(v, bool):
            ok = 0 <= v <= 0xFFFFFFFF
        else:
            try:
                from sync.matchid import split
                ok = split(v)
            except (ImportError, ValueError):
                ok = False
        if not ok:
            raise ValueError("bad match id")
        self.match_id = v
        v = extra.get("unlogged", [])
        if not isinstance(v, list):
            raise ValueError("bad unlogged results")
        for h in v:
            try:
                ok = isinstance(h, str) and len(h) >= 2 and not len(h) % 2 and \
                    0x11 <= int(h[:2], 16) <= 0x14
            except ValueError:
                ok = False
            if not ok:
                raise ValueError("bad unlogged result")
        self.unlogged = v

    def store(self, app, key, data):
        """A save's bytes (or parts) onto flash under key; False, with the
        app's one line saying so, if the flash is full (the copy before
        stays as it was)."""
        try:
            app.storage.save(key, data)
            return True
        except OSError as e:
            app.error = "Storage full: game not saved"
            app.log("save: %s" % e)
            return False
