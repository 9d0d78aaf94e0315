"""The web page's entry point: firmware/main.py's job, one slice at a time.

The worker (worker.js) calls, from JavaScript:

    r = webmain.Runner("/data", show, air)   # show(kind, y0, y1, frame_base64);
                                        # air: the other tabs (hal.weblink)
    r.step(keys) -> status              # one app step with these buttons held

Between two steps control goes back to JavaScript (that is when the
WebAssembly heap is collected and the page's messages arrive, the other
tabs' frames among them), so the worker calls step() every poll_ms, never
a loop here.  After each step the app is idle for 0 ms (App.idle, as the
board's loop idles between steps): a linked match or a link screen reads
the frames that came meanwhile and runs the link's timers; the time
between steps passes in JavaScript.  A tab has no radio to rest, so the
link's duty cycle is off (link.peer.Side.duty): it listens all the time.  The status is one
line, "SCREEN TURN ASLEEP": the top screen's name ("-" between screens),
a counter of the match's turns (a step that changes it ran the engine's
turn and any AI turns after it; in Gin Rummy hand * 1000 + actions) and 1 while the app is in idle sleep.
While asleep a step only waits for a button, which wakes the app as a
button wakes the board.  An exception escapes step(): the worker shows it.
"""
from hal.base import SleepWake
from hal.web import WebHal
from link.peer import Side
from ui.app import App

Side.duty = False


def first_names(storage, root, console):
    """Tab `console` of a browser (the page's console 2, 3...), on its
    first start: its person is the console-th of the default names, the
    rest follow (tabs at one table are then Ann, Ben...: not all Ann).
    Put as pushed names (ui.settings_file applies them), once: not over
    settings already kept."""
    if storage.load("settings") is not None:     # ui.settings_file.SETTINGS
        return
    import json
    from ui.settings_file import clean_settings
    names = clean_settings({})[0]["names"]
    k = (console - 1) % len(names)
    with open(root + "/players.json", "w") as f:  # sync.endpoint.PLAYERS_PATH
        f.write(json.dumps(names[k:] + names[:k]))


class Runner:
    def __init__(self, root, show, air=None, log=print, console=1):
        self.hal = WebHal(root, show, log=log, air=air)
        if console > 1:
            first_names(self.hal.storage, root, console)
        self.log = log
        self.asleep = False
        self.app = None
        self._start()

    def _start(self):
        self.app = App(self.hal, log=self.log)
        try:
            self.app.boot()
        except SleepWake:
            self.asleep = True

    def step(self, keys):
        if self.asleep:
            if keys:
                self.asleep = False
                self.hal = self.hal.reboot(SleepWake(keys))
                self._start()
            return self.status()
        self.hal.keys = keys
        try:
            self.app.step()
            self.app.idle(0)
        except SleepWake:
            self.asleep = True
        return self.status()

    def status(self):
        app = self.app
        name = app.stack[-1].name if app.stack else "-"
        m = app.match                 # either game's (ui.app)
        turn = 0
        if m is not None:
            g = m.game
            if hasattr(g, "round_no"):    # Rummikub: round, turn
                turn = g.round_no * 1000 + g.turn_no
            else:                         # Gin Rummy: hand, visible actions
                turn = g.hand_no * 1000 + len(g.moves) // 2
        return "%s %d %d" % (name or "-", turn, 1 if self.asleep else 0)
