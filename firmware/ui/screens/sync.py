"""Sync: the handheld answers `python -m host_tools sync --port PORT` on
its USB serial line (sync.endpoint, line and device id from the hal) until
the host says goodbye or the player presses B, then shows what was sent
and what came back.  Names and settings the host pushed are applied at
once (ui.settings_file.load_settings).  The endpoint's modules load only here
and are dropped when it is done."""
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, WHITE, centre_text
from ui.menu import footer
from ui.layout import W

QUIET_MS = 50


class Screen(Base):
    name = "sync"
    can_sleep = False

    def __init__(self, app, state=None):
        super().__init__(app)
        self.shown = False       # the waiting frame is on the glass
        self.result = None       # lines to show once sync mode has ended
        from hal.parts import device_id
        try:
            self.dev_id = device_id(app.hal)
        except Exception:        # noqa: a backend without an id still syncs
            self.dev_id = "?"

    def draw(self, fb):
        fb.fill_rect(0, 0, W, 14, BLACK)
        fb.text("Sync", 4, 3, WHITE)
        if self.result is None:
            centre_text(fb, "Connect the USB cable and run", 60, BLACK)
            centre_text(fb, "python -m host_tools sync --port PORT", 80, BLACK)
            centre_text(fb, "on the computer.", 100, BLACK)
            centre_text(fb, "Device " + self.dev_id, 140, BLACK)
            centre_text(fb, "Waiting for the host...", 170, BLACK, 2, 2)
            footer(fb, "B: cancel")
            return
        y = 40
        for line in self.result:
            centre_text(fb, line, y, BLACK)
            y += 18
        footer(fb, "A/B: back")

    def tick(self):
        if self.result is not None:
            return False
        if not self.shown:           # draw the instructions first
            self.shown = True
            return True
        self.result = self._run()
        return True

    def _stop(self):
        """The line was quiet: B pressed ends sync mode (its click, still to
        come, must not also leave the result)."""
        for kind, b in self.app.hal.poll():
            if b == buttons.B and kind == buttons.PRESS:
                self.cancel_click = True
                return True
        return False

    cancel_click = False

    def _run(self):
        app = self.app
        from hal.parts import serial
        try:
            port = serial(app.hal)
        except Exception as e:       # noqa: a backend whose line does not open
            app.log("sync: %s" % e)
            port = None
        if port is None:
            return ["This device has no USB serial line."]
        from ui.score_log import flush
        flush(app)                   # results that waited for the log: the host gets them
        from ui import forget
        forget("ui.score_log")
        from sync import endpoint as E
        from hal.clock import set_time
        root = app.log_dir
        ep = E.Endpoint(E.ScoreLog(root + E.LOG_PATH), self.dev_id,
                        players_path=root + E.PLAYERS_PATH,
                        settings_path=root + E.SETTINGS_PATH,
                        clock=lambda at, m: set_time(app.hal, at, m))
        try:
            bye = E.run(root, QUIET_MS, self._stop, port, ep)
            out = ["The host said goodbye." if bye else "Sync ended."]
        except Exception as e:       # noqa: a line error ends sync mode, not the app
            app.log("sync: %s" % e)
            out = ["Sync failed: %s" % e]
        out.append("Sent %d records; the host has all up to %d." % (ep.sent, ep.log.synced()))
        if ep.errors:
            out.append("%d damaged requests answered with ERR." % ep.errors)
        if "players" in ep.pushed or "settings" in ep.pushed:
            from ui import forget
            from ui.settings_file import load_settings
            app.settings = load_settings(app)
            forget("ui.settings_file")
            app.save_settings()
            if "players" in ep.pushed:
                out.append("Names: " + ", ".join(app.settings["names"]))
            if "settings" in ep.pushed:
                out.append("Settings received.")
        from ui import unload
        unload("logged")
        return out

    def key(self, b, long):
        if b == buttons.B and self.cancel_click:
            self.cancel_click = False
        elif self.result is not None and b in (buttons.A, buttons.B):
            self.app.pop()
