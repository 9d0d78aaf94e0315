"""The console going to sleep (idle, or an empty battery, or the last word
after a crash): the match saved (App.save_game), the sleep frame left on
the glass, power down (hal.sleep.IdleSleep.sleep_now).  Loaded only for
that moment."""


def sleep(app, line=None):
    """Save the match, show the sleep frame (with `line` instead of how to
    wake it), power down."""
    def draw(d):
        from ui.gfx import WHITE, BLACK, centre_text
        d.fill(WHITE)
        centre_text(d, "Pocket Rummikub", 110, BLACK, 2, 3)
        centre_text(d, line or "Sleeping - press any button", 170)
        if app.match:
            centre_text(d, "your game is saved", 190)
    app.sleeper.sleep_now(app.save_game, draw)
