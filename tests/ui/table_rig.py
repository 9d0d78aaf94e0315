"""Consoles at one table on the glass, in one process: each an App on the
test hal (tests/ui_mp/ui_hal.py) with a radio (hal.link.Link) on one
shared in-memory air and one clock.  Each console's loop runs in turn
(a step, then its idle time, the radio read meanwhile), so a test
drives several glasses by their buttons.  The protocol's own process
tests run on the simulated radio (tests/link); this rig is for what the
glass does with it."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "ui_mp"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "link_mp"))

from hal.buttons import NAMES, bit  # noqa: E402
from mem_link import Ether, MemLink  # noqa: E402
from ui_hal import TestHal  # noqa: E402

POLL = 20


class Air(Ether):
    """Ether whose receive waits: the clock moves on to the timeout."""

    def add(self, mac):
        link = Radio(self, mac)
        self.links[link.mac] = link
        return link

    def deliver(self):
        for a in self.air:
            if a[0] <= self.now:
                link = self.links.get(a[1])
                if link is not None and not link.off:
                    link.inbox.append((a[2], a[3]))
        self.air = [a for a in self.air if a[0] > self.now]


class Radio(MemLink):
    off = False             # a console switched off: hears nothing

    def _recv(self, timeout_ms):
        e = self.ether
        e.deliver()
        if not self.inbox and timeout_ms > 0:
            e.now += timeout_ms
            e.deliver()
        return self.inbox.pop(0) if self.inbox else None

    def sleep_ms(self, ms):
        self.ether.now += ms


class LinkHal(TestHal):
    def __init__(self, root, air, i):
        self.radio = air.add(bytes((2, 0, 0, 0, 0, i + 1)))
        super().__init__(root)
        self.id_folder = root + "/"         # its device id beside its flash

    @property
    def now(self):
        return self.radio.ether.now

    def link(self):
        return self.radio

    def ticks_ms(self):
        return self.radio.ether.now

    def sleep_ms(self, ms):
        self.radio.ether.now += ms


class Table:
    """N consoles; console i's person is NAMES[i]."""
    NAMES = ("Ann", "Bo", "Cy", "Di")

    def __init__(self, root, n):
        from ui.app import App
        self.air = Air()
        self.apps = []
        for i in range(n):
            d = os.path.join(str(root), "c%d" % i)
            app = App(LinkHal(d, self.air, i))
            app.settings["names"] = [self.NAMES[i]] + list(app.settings["names"][1:])
            app.boot()
            self.apps.append(app)
        self.on = [True] * n

    def run(self, ms, until=None):
        """Every console on runs its loop for ms of the clock (or until
        until() holds); True if until held."""
        t0 = self.air.now
        while self.air.now - t0 < ms:
            if until is not None and until():
                return True
            for i, app in enumerate(self.apps):
                if self.on[i]:
                    app.step()
                    app.idle(POLL)
        return until is None or until()

    def press(self, i, name, long=False):
        """Console i's button down (long: held), then released; all run."""
        h = self.apps[i].hal
        h.lines = bit(NAMES.index(name.lower()))
        h.until = h.now + (900 if long else 60 * len(self.apps) + 40)
        self.run(1100 if long else 100 * len(self.apps) + 100)

    def keys(self, i, text):
        for w in text.split():
            name, _, times = w.partition("*")
            for _ in range(int(times or 1)):
                self.press(i, name)

    def switch_off(self, i):
        self.on[i] = False
        self.apps[i].hal.radio.off = True

    def switch_on(self, i):
        self.on[i] = True
        self.apps[i].hal.radio.off = False

    def screen(self, i):
        return self.apps[i].screen.name
