"""Idle power-down: save, sleep screen, panel sleep, deep sleep.

The app feeds every poll's events to note(); when due() turns true it calls
sleep_now(save, draw).  The same path runs on every backend: on the ESP32
deep_sleep() never returns (the board boots again when a button wakes it),
in the emulator it raises DeepSleep and the test or window "reboots".
On boot the app restores from storage; hal.start() hands it the wake press.
"""
from compat import ticks_diff

DEFAULT_IDLE_MS = 180000


class IdleSleep:
    def __init__(self, hal, idle_ms=DEFAULT_IDLE_MS):
        self.hal = hal
        self.idle_ms = idle_ms
        self.last = hal.ticks_ms()

    def touch(self):
        self.last = self.hal.ticks_ms()

    def note(self, events):
        if events:
            self.touch()

    def idle_for(self):
        return ticks_diff(self.hal.ticks_ms(), self.last)

    def due(self):
        return self.idle_ms > 0 and self.idle_for() >= self.idle_ms

    def sleep_now(self, save, draw=None):
        """save() the app state, draw(display) the sleep screen, power down."""
        save()
        d = self.hal.display
        (draw or draw_sleep_screen)(d)
        d.refresh_full()        # a clean image: it stays on the glass for hours
        d.sleep()
        self.hal.deep_sleep()


def draw_sleep_screen(d, line="Sleeping - press any button"):
    """Plain default sleep screen (the UI usually passes its own)."""
    d.fill(1)
    d.rect(20, 110, d.width - 40, 80, 0)
    d.text("Pocket Rummikub", (d.width - 15 * 8) // 2, 130, 0)
    d.text(line, (d.width - len(line) * 8) // 2, 160, 0)
