"""What every screen is: draw the frame, take keys, maybe tick."""


class Base:
    name = ""
    resumable = False      # the app saves which resumable screen is shown
    can_sleep = True

    def __init__(self, app, state=None):
        self.app = app

    def draw(self, fb):
        pass

    def key(self, b, long):
        pass

    def dismiss(self, holder):
        """An error shown in a box (holder.error: the app's, or the
        screen's own) goes with the next key, which does nothing else:
        True if there was one."""
        if not holder.error:
            return False
        holder.error = ""
        self.app.redraw()
        return True

    def tick(self):
        """Time-driven change (timers); True to redraw."""
        return False

    def listen(self, app, ms):
        """ms pass between steps with no match on (App.idle): a link
        screen reads the radio meanwhile."""
        app.hal.sleep_ms(ms)

    def resumed(self):
        """Back on top after an overlay screen closed."""

    def state(self):
        """JSON-able state for a save (resumable screens)."""
        return None
