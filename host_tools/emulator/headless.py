"""Headless emulator: scripted presses in, one PNG per screen change out.

Keys are words: up down left right a b start (any case), NAME_LONG for a
long press (e.g. A_LONG), NAME*N to repeat, WAIT_MS to let time pass
(turn timer, idle sleep).  Each press is fed when the app has handled the
previous one, so a script means the same thing however long refreshes take.
"""
import os
import shutil
import tempfile

from host_tools import FIRMWARE  # noqa: F401
from host_tools.options import shown
from hal.base import SleepWake
from hal.buttons import NAMES, bit
from host_tools.emulator.backend import EmulatorHal, DeepSleep, Clock

HOLD_MS = 80
LONG_MS = 1000
GAP_MS = 150
REPEAT_MAX = 1000           # NAME*N: N at most this
PRESSES_MAX = 100000        # a whole script (a long session is a few thousand)
WAIT_MAX = 24 * 3600 * 1000  # WAIT_MS: a day at most


def parse_keys(text):
    """Words -> [(button name or "wait", hold/wait ms)]; ValueError names a bad word."""
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for word in line.split():
            w = word.lower()
            n = 1
            if "*" in w:
                w, _, rep = w.partition("*")
                if not rep.isdigit() or len(rep) > 6 or not 1 <= int(rep) <= REPEAT_MAX:
                    raise ValueError("bad repeat in key %s (want NAME*N, N 1..%d)"
                                     % (shown(word), REPEAT_MAX))
                n = int(rep)
            if w.startswith("wait_"):
                ms = w[5:]
                if not ms.isdigit() or len(ms) > 9 or int(ms) > WAIT_MAX:
                    raise ValueError("bad key %s (want WAIT_<ms>, at most %d ms)"
                                     % (shown(word), WAIT_MAX))
                out.extend([("wait", int(ms))] * n)
                _count(out)
                continue
            hold = HOLD_MS
            if w.endswith("_long"):
                w = w[:-5]
                hold = LONG_MS
            if w in ("enter", "z"):
                w = "a"
            if w not in NAMES:
                raise ValueError("unknown key %s (keys: %s, NAME_LONG, NAME*N, WAIT_MS)"
                                 % (shown(word), " ".join(n.upper() for n in NAMES)))
            out.extend([(w, hold)] * n)
            _count(out)
    return out


def _count(out):
    if len(out) > PRESSES_MAX:
        raise ValueError("over %d presses and waits; a script needs far fewer" % PRESSES_MAX)


class Runner:
    """The app on an EmulatorHal with a virtual clock, driven key by key."""

    def __init__(self, root, shots=None, log=None):
        from ui.app import App
        self.App = App
        self.shots = shots
        self.nshot = 0
        self.last_png = None
        self.log = log or (lambda s: None)
        self.hal = EmulatorHal(root, clock=Clock(), log=self.log)
        self.asleep = False
        self.sleeps = 0
        self.totals = {"full": 0, "fast": 0, "partial": 0}
        self._boot()

    def _boot(self):
        self.app = self.App(self.hal, log=self.log)
        self.app.refresher.on_refresh = self._refreshed
        try:
            self.app.boot()
        except DeepSleep as e:
            self._slept(e)

    def _refreshed(self, kind):
        self.totals[kind] += 1
        if not self.shots:
            return
        glass = bytes(self.hal.panel.glass)
        if glass == self.last_png:
            return
        self.last_png = glass
        self.nshot += 1
        st = self.app.stack
        name = "%04d-%s-%s.png" % (self.nshot, st[-1].name if st else "thinking", kind)
        self.hal.save_png(os.path.join(self.shots, name))

    def _slept(self, e):
        self.asleep = True
        self.sleeps += 1

    def press(self, name, hold=HOLD_MS):
        if self.asleep:
            self.asleep = False
            self.hal = self.hal.reboot(SleepWake(bit(NAMES.index(name))))
            self._boot()
            return
        self.hal.press(name, hold_ms=hold)
        self.run(hold + GAP_MS)
        for _ in range(50):     # a long refresh may still hold the press
            if self.asleep or not self.hal.input_pending():
                break
            self.run(GAP_MS)

    def run(self, ms):
        if self.asleep:
            self.hal.clock.advance(ms)
            return
        try:
            self.app.run_for(ms)
        except DeepSleep as e:
            self._slept(e)

    def feed(self, tokens):
        for name, ms in tokens:
            if name == "wait":
                self.run(ms)
            else:
                self.press(name, ms)
        return self


def main(tokens, shots=None, root=None, fresh=False):
    tmp = None
    if root is None:
        tmp = root = tempfile.mkdtemp(prefix="rummikub-emu-")
    elif fresh and os.path.isdir(root):
        shutil.rmtree(root)
    if shots:
        os.makedirs(shots, exist_ok=True)
    try:
        r = Runner(root, shots, log=print).feed(tokens)
        t = r.totals
        print("screen: %s   refreshes: full %d, fast %d, partial %d   sleeps: %d"
              % (r.app.screen.name, t["full"], t["fast"], t["partial"], r.sleeps))
        if shots:
            print("screenshots: %d in %s" % (r.nshot, shots))
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0
