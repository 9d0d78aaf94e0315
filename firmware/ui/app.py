"""The handheld app: a screen stack over the hal, one event loop.

Every backend (the list: hal.base) hands the same App its hal; the
app never knows which one it runs on.  Each step: poll the buttons, give
the events to the top screen, let it tick (timers), redraw the whole
frame if anything changed and let ui.refresh decide how much of the
panel to refresh.  Screens are modules in ui/screens/ (a game's own in
its package, ui/gin/: ui.screen_class), imported when first shown so
the device only pays RAM for what is used.  What the app does now and
then lives in modules loaded only for that moment and dropped after:
the settings file (ui.settings_file), the score log (ui.score_log),
going to sleep (ui.asleep) and each game's saved match (ui.saved,
ui.gin.saved; each match writes its own save).  What a match may use of
the app, and what the app asks of a match: ui.seats.
"""
import gc
import sys
from compat import ticks_diff, const
from hal import buttons
from hal.sleep import IdleSleep
from ui.gfx import WHITE, BLACK
from ui.layout import W, H, HAND_Y, TEXT_COLS
from ui.refresh import Refresher
from ui import SAVE, forget, unload, screen_class, forget_screens
from ui.seats import GIN_ON
from ui.power import Battery

# MicroPython collects after every this many bytes allocated, not only
# when the heap is full: allocation then restarts low in the heap after
# each collection instead of sweeping the whole heap, so modules loaded
# and dropped at every turn leave fewer holes (developer guide, "How the
# app stays small": Fragmentation)
_GC_EVERY = const(16384)


class App:
    def __init__(self, hal, log=None, log_dir=None):
        self.hal = hal
        if hasattr(gc, "threshold"):       # MicroPython only
            gc.threshold(_GC_EVERY)
        # score log folder, ending in "/" ("": the current one): the
        # storage folder unless told (the device keeps it at the
        # filesystem root for the sync endpoint)
        d = getattr(hal.storage, "root", "") if log_dir is None else log_dir
        self.log_dir = d + "/" if d and not d.endswith("/") else d
        self.fb = hal.display
        self.storage = hal.storage
        self.log = log or (lambda s: None)
        self.error = ""          # one line: the title shows it, other screens at the bottom
        from ui.settings_file import load_settings
        self.settings = load_settings(self)
        forget("ui.settings_file")
        self.refresher = Refresher(self.fb, self.settings["partials"])
        self.sleeper = IdleSleep(hal, self.settings["idle_min"] * 60000)
        self.battery = Battery(hal)
        self.stack = []
        # the match being played, of either game (ui.match.Match, Rummikub's;
        # ui.gin.match.GinMatch), None at the title: start_match, end_match
        self.match = None
        self.dirty = True
        self.want = "fast"
        self.steps = 0
        self.pending = False     # advance() asked for (True, or what the play screen
                                 # hands over for its hint); runs between events
        self.ignore = 0          # buttons whose current press is not for us

    # -- settings, saving, score log: modules dropped after each use ------
    def save_settings(self):
        from ui.settings_file import save_settings
        save_settings(self)
        forget("ui.settings_file")
        self.refresher.limit = self.settings["partials"]
        self.sleeper.idle_ms = self.settings["idle_min"] * 60000

    def scorelog(self):
        """The score log (sync.scorelog.ScoreLog), None if not built in."""
        from ui.score_log import scorelog
        log = scorelog(self)
        forget("ui.score_log")
        return log

    def now(self):
        """Unix seconds (UTC) by the clock each sync sets; None if never set."""
        return self.hal.time()

    def save_game(self, screen=None):
        """Save the match with the screen it is on, or with `screen` (a
        tutorial lesson is never saved: the real game's save stays)."""
        m = self.match
        if m is not None and m.lesson is None:
            m.save(self, screen)

    def resume(self, cold=True):
        """Back into the saved Rummikub match (ui.saved.resume; cold: from
        the title); after an idle sleep (not cold) into the Gin game if one
        was on the glass (ui.gin.saved.resume)."""
        if not cold and self.storage.load(GIN_ON) is not None:
            from ui.gin.saved import resume
            if resume(self, False):
                return True
        from ui.saved import resume
        back = resume(self, cold)
        forget("ui.saved")
        return back

    # -- screens ------------------------------------------------------------
    @property
    def screen(self):
        return self.stack[-1]

    def push(self, name, **kw):
        self.stack.append(screen_class(name)(self, **kw))
        self.redraw("fast")

    def goto(self, name, **kw):
        """Replace the whole stack (a new place in the app, not an overlay);
        the screens left behind are unloaded."""
        self.stack = []
        forget_screens(name)
        self.push(name, **kw)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.screen.resumed()
        self.redraw("fast")

    def redraw(self, kind=None):
        self.dirty = True
        if kind == "full" or (kind == "fast" and self.want != "full"):
            self.want = kind

    def render(self):
        self.fb.fill(WHITE)
        self.screen.draw(self.fb)
        self.battery.draw(self.fb)
        if self.error and self.screen.name != "title":
            self.fb.fill_rect(0, 274, W, 12, 0)
            self.fb.text(self.error[:TEXT_COLS], 4, 276, WHITE)
        kind = self.want
        self.dirty = False
        self.want = None
        return self.refresher.show(kind)

    def banner(self, text):
        """A note in the status bar, shown at once (AI thinking): it covers
        no tile, and the tile counts it replaces would be stale."""
        self.fb.fill_rect(0, 0, W, 11, BLACK)
        self.fb.text(text[:TEXT_COLS], 2, 2, WHITE)
        self.battery.draw(self.fb)
        self.refresher.show()

    # -- the loop -----------------------------------------------------------
    def boot(self):
        """First screen: straight back into a saved game after an idle
        sleep, the title screen after a power-on."""
        events = self.hal.start()
        self.battery.check(self)     # empty: the note, power down (nothing to save yet)
        back = False
        if self.hal.wake_reason() != "power":
            for kind, b in events:   # the wake press only woke us: neither it nor
                self.ignore |= 1 << b    # its release acts (so the line a failed
            events = []              # resume leaves on the title stays there)
            back = self.resume(cold=False)
        if not back:                 # not in a gin game now (e.g. its power was cut)
            self.storage.delete(GIN_ON)
            self.goto("title")
        for kind, b in events:
            self.dispatch(kind, b)
        if self.pending:
            self._advance()
        self.render()

    def step(self):
        ev = self.hal.poll()
        for kind, b in ev:
            self.dispatch(kind, b)
        if self.pending:
            self._advance()
        if self.screen.tick():
            self.dirty = True
        if self.pending:
            self._advance()
        if self.dirty:
            self.render()
        self.sleeper.note(ev)
        if self.sleeper.due() and self.screen.can_sleep:
            self.sleep()
        self.battery.check(self)     # ui.power: the mark, a low warning, an empty stop
        self.steps += 1
        return ev

    def run(self):
        self.boot()
        while True:
            self.step()
            self.idle(self.hal.poll_ms)

    def run_for(self, ms):
        """Step for ms of (hal) time; the emulator's scripts use this."""
        t0 = self.hal.ticks_ms()
        while ticks_diff(self.hal.ticks_ms(), t0) < ms:
            self.step()
            self.idle(self.hal.poll_ms)

    def idle(self, ms):
        """Between steps: ms pass.  A linked match (or a link screen
        before one) reads the radio meanwhile; the rest just sleeps."""
        m = self.match
        if m is None:
            m = self.screen
        m.listen(self, ms)

    def dispatch(self, kind, b):
        if self.pending:             # a turn just ended: others play first
            self._advance()
        if self.ignore & (1 << b):
            if kind != buttons.PRESS:    # the rest of that press: its release, its
                return               # click (after the release), repeats
            self.ignore &= ~(1 << b)     # a new press is for us again
        if kind == buttons.PRESS and self.error and self.screen.name != "title":
            self.error = ""          # the bottom line goes with the next press
            self.redraw()
        if b <= buttons.RIGHT:
            if kind == buttons.PRESS or kind == buttons.REPEAT:
                self.screen.key(b, False)
        elif kind == buttons.CLICK:
            self.screen.key(b, False)
        elif kind == buttons.LONG:
            self.screen.key(b, True)

    def sleep(self, line=None):
        """Save, show the sleep screen (with `line` instead of how to wake
        it), power down (ui.asleep); a tutorial lesson is dropped, never
        saved."""
        if self.match is not None and self.match.lesson is not None:
            self.match = None
        from ui.asleep import sleep
        sleep(self, line)
        forget("ui.asleep")

    def crashed(self, e):
        """The last word (main.py): an error no screen caught.  The console
        gets the traceback; the glass gets one line and the console powers
        down as an idle sleep does.  Nothing is saved (the state that
        failed may be half changed): a button boots back into the last
        save, written when the last turn ended."""
        if hasattr(sys, "print_exception"):
            sys.print_exception(e)
        self.match = None            # so the sleep saves nothing
        self.sleep(("Sorry: %s. Any button: last save" % type(e).__name__)[:TEXT_COLS])

    # -- the match ----------------------------------------------------------
    def new_seed(self):
        """A deal's seed (never 0) from the clock and the presses so far."""
        return (self.hal.ticks_ms() * 2654435761 + self.steps) & 0x7FFFFFFF or 1

    def new_match_id(self):
        """A new match's id, reserved in the score log (0 without one)."""
        from ui.score_log import new_match_id
        mid = new_match_id(self)
        forget("ui.score_log")
        unload("logged")
        return mid

    def new_match(self, game, seats):
        """Into a new Rummikub match of game with these seats."""
        from ui.match import Match
        self.start_match(Match(game, seats, self.new_match_id()))
        self.advance()

    def start_match(self, m):
        """Into match m, of either game (ui.match.Match, ui.gin.match.GinMatch)."""
        self.match = m

    def advance(self, handover=True):
        """After a person's turn: the match plays on (its play_on: AI
        seats, then the next person's screen or the round's result).  Runs
        from the loop once the calling screen's handler has returned, so
        that screen's code and state can be freed for the solver.  With
        what the play screen hands over instead of True: the turn menu's
        hint, thought with no screen loaded (ui.hinting)."""
        self.pending = handover

    def _advance(self):
        state = self.pending
        self.pending = False
        if state is not True:
            from ui.hinting import run
            run(self, state)
            return
        m = self.match
        if m.lesson is not None:      # a lesson's one turn is over: judge it
            self.match = None         # (never saved)
            self.goto("lessons", state={"judge": m.lesson, "game": m.game})
            return
        m.play_on(self)

    def drop_screens(self, hide_rack=False):
        """No screen is shown until the next goto (the last frame stays on
        the glass): their modules give their RAM to the AI or the score
        log.  hide_rack: the hand and rack leave the glass too (the last
        person's, while others play)."""
        self.stack = []
        unload("ai")
        if hide_rack:
            top = HAND_Y - 4          # the hand's rule and all below it
            self.fb.fill_rect(0, top, W, H - top, WHITE)

    def has_save(self):
        return self.storage.load(SAVE) is not None

    def end_match(self):
        """Out of the match to the title (a finished match's save goes:
        each match's leave; results it could not log yet go to the score
        log's outbox first, ui.score_log)."""
        m = self.match
        self.match = None
        if m is not None:
            kept = True
            if m.unlogged:           # results the log has not taken: to the outbox
                from ui.score_log import hand_over
                kept = hand_over(self, m)
                forget("ui.score_log")
                unload("logged")
            if kept:                 # else its save keeps them, and stays
                m.leave(self.storage)
        self.goto("title")
