"""The pygame window on SDL's dummy video driver: keys reach the app as
button presses, the glass is painted at 2x with the key help beside it."""
import pytest

pygame = pytest.importorskip("pygame")


def watch_screens(monkeypatch, window, shown):
    """The window's clock at 20x, and every screen the app pushes appended
    to shown."""
    from host_tools.emulator.backend import Clock
    monkeypatch.setattr(window, "Clock", lambda realtime: Clock(realtime, speed=20.0))
    from ui import app as app_mod
    orig = app_mod.App.push

    def push(self, name, **kw):
        shown.append(name)
        return orig(self, name, **kw)

    monkeypatch.setattr(app_mod.App, "push", push)


def test_window_keys_drive_the_app(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from host_tools.emulator import window
    assert window.unavailable() is None
    seen = {}
    shown = []
    frames = {"n": 0}
    script = {400: pygame.K_DOWN, 800: pygame.K_z}   # DOWN, then A (Z) on "History"

    def pump(self):
        frames["n"] += 1
        n = frames["n"]
        for at, key in script.items():
            if at <= n < at + 30:                     # held a little while
                self.keys |= 1 << self.keymap[key]
            elif n == at + 30:
                self.keys &= ~(1 << self.keymap[key])
        if n > 1600 or len(shown) > 1:
            self.quit = True
        seen["surf"] = self.surf.get_size()
        return self.keys

    monkeypatch.setattr(window.Window, "pump", pump)
    watch_screens(monkeypatch, window, shown)
    assert window.run(str(tmp_path / "flash"), scale=2) == 0
    assert seen["surf"] == (800 + window.SIDE, 600)
    assert shown[:2] == ["title", "history"]


def test_a_tap_shorter_than_a_frame_is_not_lost(tmp_path, monkeypatch):
    """KEYDOWN and KEYUP in the same frame (a 10 ms tap): still a press."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from host_tools.emulator import window
    shown = []
    frames = {"n": 0}
    taps = {400: pygame.K_DOWN, 800: pygame.K_z}   # DOWN, then A on "History"
    pump = window.Window.pump

    def tapping_pump(self):
        frames["n"] += 1
        key = taps.get(frames["n"])
        if key:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
        if frames["n"] > 1600 or len(shown) > 1:
            self.quit = True
        return pump(self)

    monkeypatch.setattr(window.Window, "pump", tapping_pump)
    watch_screens(monkeypatch, window, shown)
    assert window.run(str(tmp_path / "flash"), scale=2) == 0
    assert shown[:2] == ["title", "history"]


def test_a_display_that_is_not_there_is_named_and_play_goes_headless(tmp_path):
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, DISPLAY=":77")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    p = subprocess.run([sys.executable, "-m", "host_tools", "emulate", "--keys", "DOWN A",
                        "--save-dir", str(tmp_path / "flash"),
                        "--screenshot-dir", str(tmp_path / "shots")],
                       cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "DISPLAY=:77 has no display server" in p.stdout and "running headless" in p.stdout
    assert os.listdir(str(tmp_path / "shots"))


def test_key_help_fits_the_side_panel_and_leads_with_assisted_placement(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from host_tools.emulator import window
    from host_tools import keyhelp
    pygame.font.init()
    font = pygame.font.SysFont("monospace", 14)
    assert max(font.size(line)[0] for line in window.HELP) <= window.SIDE - 10
    # the help, then four refresh lines, 17 px each from y 10
    assert 10 + (len(window.HELP) + 4) * 17 <= window.H * 2
    text = "\n".join(window.HELP)
    assert "reset turn" not in text and "hold B  jump table <-> rack" in text
    assert keyhelp.PLAY[0][0] == "Let the console place"
    assert text.index("START   place the picks") < text.index("A on +")
    assert "hold A  on a rack tile: place it" in text
