"""The emulator window: the e-ink glass at 2x, keys as buttons, help beside.

Keys: arrows = D-pad, Z or Enter = A, X or Backspace = B, Space = START
(hold any of them for a long press).  The picture only changes when the
simulated panel finishes a refresh, as on the device: a partial refresh
appears after its 0.4 s, a fast one blinks once (1.2 s), a full one
flashes black and white (3 s).  The side panel counts refreshes.
"""
import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from host_tools import FIRMWARE  # noqa: F401
from hal.base import SleepWake
from hal.buttons import UP, DOWN, LEFT, RIGHT, A, B, START, bit
from host_tools.emulator.backend import EmulatorHal, DeepSleep, Clock
from host_tools import keyhelp

W, H = 400, 300
SIDE = 310          # the help panel beside the glass
TAP_MS = 80         # shortest press the app is shown (as scripted presses)
HELP_COLS = 36      # characters of 14 px monospace in the side panel
HELP = tuple(keyhelp.lines(HELP_COLS, (("Esc", "quit (game saved)"),)))


def unavailable():
    """None if a window can open, else the reason why not."""
    if os.name != "nt" and not os.environ.get("DISPLAY") and \
            not os.environ.get("WAYLAND_DISPLAY") and \
            os.environ.get("SDL_VIDEODRIVER") not in ("dummy", "offscreen"):
        return "DISPLAY is not set"
    try:
        import pygame
    except ImportError:
        return "pygame is not installed (make venv)"
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        pygame.display.quit()
    except pygame.error as e:
        return "pygame cannot open a display: %s" % e
    if driver in ("offscreen", "dummy") and \
            os.environ.get("SDL_VIDEODRIVER") not in ("dummy", "offscreen"):
        # SDL falls back to drawing nowhere when DISPLAY names no server:
        # a window nobody sees would look like a hang
        return "DISPLAY=%s has no display server" % os.environ.get("DISPLAY", "")
    return None


class Window:
    def __init__(self, root, scale=2):
        import pygame
        self.pg = pygame
        pygame.display.init()
        pygame.font.init()
        self.scale = scale
        self.surf = pygame.display.set_mode((W * scale + SIDE, H * scale))
        pygame.display.set_caption("Pocket Rummikub (emulator)")
        self.font = pygame.font.SysFont("monospace", 14)
        self.keys = 0
        self.down_at = {}        # key bit -> when it went down (ms)
        self.release = {}        # key bit -> when a short tap may end (ms)
        self.now = pygame.time.get_ticks   # run() uses the emulator's clock
        self.quit = False
        self.root = root
        self.keymap = {
            pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT,
            pygame.K_RIGHT: RIGHT, pygame.K_z: A, pygame.K_RETURN: A,
            pygame.K_x: B, pygame.K_BACKSPACE: B, pygame.K_SPACE: START,
        }

    def pump(self):
        """The keys held now.  A tap shorter than TAP_MS (even one whose
        down and up arrive in the same frame) stays held until TAP_MS
        after it went down, so the buttons' debounce always sees it."""
        pg = self.pg
        now = self.now()
        for ev in pg.event.get():
            if ev.type == pg.QUIT or (ev.type == pg.KEYDOWN and ev.key == pg.K_ESCAPE):
                self.quit = True
            elif ev.type in (pg.KEYDOWN, pg.KEYUP) and ev.key in self.keymap:
                m = bit(self.keymap[ev.key])
                if ev.type == pg.KEYDOWN:
                    self.keys |= m
                    self.down_at[m] = now
                    self.release.pop(m, None)
                elif now - self.down_at.get(m, now - TAP_MS) < TAP_MS:
                    self.release[m] = self.down_at[m] + TAP_MS
                else:
                    self.keys &= ~m
        for m, at in list(self.release.items()):
            if now >= at:
                self.keys &= ~m
                del self.release[m]
        return self.keys

    def paint(self, hal, counts, phase=None):
        """Show the glass; phase (0..1 through a refresh) makes the flash."""
        pg = self.pg
        img = hal.panel.image().convert("L")
        if phase is not None:
            kind = hal.panel.last_update[0] if hal.panel.last_update else "partial"
            if kind == "full" and phase < 0.6:
                img = img.point(lambda v: 0) if int(phase * 5) % 2 == 0 else \
                    img.point(lambda v: 255)
            elif kind == "fast" and phase < 0.3:
                img = img.point(lambda v: 255 - v)
        img = img.resize((W * self.scale, H * self.scale)).convert("RGB")
        s = pg.image.fromstring(img.tobytes(), img.size, "RGB")
        self.surf.fill((235, 235, 225))
        self.surf.blit(s, (0, 0))
        x = W * self.scale + 10
        y = 10
        last = hal.panel.last_update
        for line in HELP + ("", "refreshes: full %d" % counts["full"],
                            "  fast %d  partial %d" % (counts["fast"], counts["partial"]),
                            "last: %s %d ms" % last if last else ""):
            self.surf.blit(self.font.render(line, True, (20, 20, 20)), (x, y))
            y += 17
        pg.display.flip()


def run(root, scale=2, fresh=False, keys=None):
    import shutil
    if fresh and os.path.isdir(root):
        shutil.rmtree(root)
    from ui.app import App
    win = Window(root, scale)
    clock = Clock(realtime=True)
    win.now = lambda: clock.now
    hal = EmulatorHal(root, clock=clock)
    state = {"t0": None}

    def idle():                # runs while a refresh keeps BUSY high
        hal.keys = win.pump()
        p = hal.panel
        if p.last_update:
            kind, dur = p.last_update
            if state["t0"] is None:
                state["t0"] = clock.now
            ph = min(1.0, (clock.now - state["t0"]) / float(dur or 1))
            if int(ph * 20) != state.get("ph"):
                state["ph"] = int(ph * 20)
                win.paint(hal, hal.panel.counts, ph)

    hal.idle_hook = idle
    t = clock.now + 1000              # --keys/--script: played out, then live keys
    for name, ms in keys or ():
        if name != "wait":
            hal.press(name, at=t, hold_ms=ms)
        t += ms + (0 if name == "wait" else 600)
    app = App(hal, log=print)
    radio = _linked(hal, app)
    app.boot()
    last = None
    while not win.quit:
        hal.keys = win.pump()
        state["t0"] = None
        try:
            app.step()
        except DeepSleep:
            win.paint(hal, hal.panel.counts)
            while not win.quit and not win.pump():
                win.pg.time.wait(30)
            if win.quit:
                break
            hal = hal.reboot(SleepWake(win.keys))
            hal.idle_hook = idle
            app = App(hal, log=print)
            app.boot()
            continue
        glass = bytes(hal.panel.glass)
        if glass != last:
            last = glass
            win.paint(hal, hal.panel.counts)
        app.idle(hal.poll_ms)        # a linked match reads the radio meanwhile
    if app.match is not None:
        app.save_game()
    if radio is not None:
        radio.close()
    win.pg.quit()
    return 0


def _linked(hal, app):
    """A window of `emulate --link N`: its radio on the air from the
    start, and its person's name (POCKET_NAME) first in the settings."""
    radio = hal.link()
    name = os.getenv("POCKET_NAME")
    if radio is not None and name:
        names = app.settings["names"]
        app.settings["names"] = [name] + [n for n in names if n != name][:len(names) - 1]
        print("emulate: %s's console is on the simulated radio" % name, flush=True)
        app.sleeper.idle_ms = 0      # no idle sleep: a console on the air stays on it
    return radio
