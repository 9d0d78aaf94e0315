"""Button logic: debounce, press/release edges, auto-repeat, long press.

Pure logic, no pins: a backend samples its 7 lines into a bitmask every
20-50 ms (interrupts would see contact bounce) and calls
`Buttons.update(bits, now_ms)`, which returns the events of that poll as
(kind, button) tuples.  Kinds:
    PRESS    accepted press edge (after debounce)
    RELEASE  accepted release edge
    CLICK    on release, if no LONG fired for this press (use for actions that
             have a long-press alternative, like START)
    LONG     held for long_ms (buttons in long_mask), once per press
    REPEAT   held past repeat_delay_ms, then every repeat_ms (repeat_mask)
After a deep-sleep wake the backend calls `wake(bits, now_ms)`: the button
that woke the board counts as pressed at once (its press is the first event),
even if it is already released by the time the app polls.
"""
from compat import const

UP = 0
DOWN = 1
LEFT = 2
RIGHT = 3
A = 4
B = 5
START = 6
COUNT = 7
NAMES = ("up", "down", "left", "right", "a", "b", "start")
_DPAD = const(0x0F)
ALL = 0x7F

PRESS = 1
RELEASE = 2
CLICK = 3
LONG = 4
REPEAT = 5
KIND_NAMES = ("", "press", "release", "click", "long", "repeat")


def bit(button):
    return 1 << button


class Buttons:
    # The timings (ms) and which buttons repeat or long-press: the same on
    # every console, so they live on the class; a test wanting others sets
    # them on its own instance.
    debounce_ms = 20
    repeat_delay_ms = 400
    repeat_ms = 120
    long_ms = 800
    repeat_mask = _DPAD
    long_mask = ALL & ~_DPAD

    def __init__(self):
        self.stable = 0                  # debounced state, bit per button
        self._since = [0] * COUNT        # when raw first differed from stable
        self._pending = 0                # bits whose raw differs from stable
        self._pressed_at = [0] * COUNT
        self._next_repeat = [0] * COUNT
        self._long_done = 0

    def held(self, button):
        return bool(self.stable & (1 << button))

    def busy(self):
        """A button is down or still settling: events may yet come out."""
        return bool(self.stable or self._pending)

    def wake(self, bits, now):
        """Deep-sleep wake: these buttons are pressed as of now."""
        events = []
        for b in range(COUNT):
            m = 1 << b
            if bits & m and not self.stable & m:
                self._accept_press(b, now, events)
        return events

    def _accept_press(self, b, now, events):
        m = 1 << b
        self.stable |= m
        self._pending &= ~m
        self._pressed_at[b] = now
        self._next_repeat[b] = now + self.repeat_delay_ms
        self._long_done &= ~m
        events.append((PRESS, b))

    def update(self, bits, now):
        """Feed one sample of the raw lines; return this poll's events."""
        events = []
        diff = (bits ^ self.stable) & ALL
        for b in range(COUNT):
            m = 1 << b
            if diff & m:
                if not self._pending & m:
                    self._pending |= m
                    self._since[b] = now
                if now - self._since[b] >= self.debounce_ms:
                    if bits & m:
                        self._accept_press(b, now, events)
                    else:
                        self.stable &= ~m
                        self._pending &= ~m
                        events.append((RELEASE, b))
                        if not self._long_done & m:
                            events.append((CLICK, b))
                        self._long_done &= ~m
                    continue
            else:
                self._pending &= ~m     # bounced back: forget the candidate
            if self.stable & m:
                self._held(b, m, now, events)
        return events

    def _held(self, b, m, now, events):
        if self.long_mask & m and not self._long_done & m:
            if now - self._pressed_at[b] >= self.long_ms:
                self._long_done |= m
                events.append((LONG, b))
        if self.repeat_mask & m and now - self._next_repeat[b] >= 0:
            events.append((REPEAT, b))
            # one repeat per poll even after a stall (a slow refresh): no bursts
            self._next_repeat[b] = now + self.repeat_ms
