"""Complete matches played with the buttons, title screen to scoreboard:
a key-driven human seat (carrying out the solver's move with extends,
splits and new sets on the table) against AI seats; plus the `emulate`
command itself."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import Driver  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def setup_keys(players, rounds):
    """Title -> New game -> players, rounds, timer off -> deal."""
    keys = ["a"] + ["right"] * (players - 2)
    keys += ["down"] * (players + 1)             # the Rounds line
    keys += ["left"] if rounds == 1 else []      # default 2 rounds
    keys += ["down"] * 6 + ["right"]             # timer_s 60 -> 0 (off)
    keys += ["start"]
    return " ".join(keys)


def play(tmp_path, players, rounds, seats, screenshots=True):
    shots = tmp_path / "shots"
    shots.mkdir()
    d = Driver(str(tmp_path / "flash"), str(shots) if screenshots else None)
    assert d.screen.name == "title"
    d.keys(setup_keys(players, rounds))
    m = d.app.match
    assert m.seats == seats and m.game.rounds == rounds
    d.play_match()
    g = m.game
    assert d.screen.name == "scoreboard"
    assert len(g.round_rows) == rounds and all(sum(r) == 0 for r in g.round_rows)
    assert g.tile_count() == (160 if players > 4 else 106)
    d.key("a")
    assert d.screen.name == "title" and not d.app.has_save()
    d.key("down")                                 # History now shows the match
    d.key("a")
    assert d.screen.name == "history" and len(d.screen.matches) == 1
    shown = d.screen.matches[0]
    assert shown["totals"] == g.standings()[0]
    # when (a computer's clock is set: the emulator's date is now), who, what rules
    import time
    assert abs(shown["info"]["at"] - time.time()) < 600
    assert shown["info"]["seats"] == seats and shown["rules"] == g.rules.changed()
    assert shown["rules"]["timer_s"] == 0
    if screenshots:
        names = sorted(os.listdir(str(shots)))
        assert any("-scoreboard-" in n for n in names) and any("-result-" in n for n in names)
    return d, g


def test_two_rounds_against_hard_ai(tmp_path):
    d, g = play(tmp_path, 2, 2, ["human", "hard"], screenshots=False)
    assert d.turns > 5 and d.extends + d.built > 3
    t = d.r.totals
    assert t["partial"] > t["fast"] > 0 and t["full"] > 0


def test_four_players_easy_medium_hard(tmp_path):
    d, g = play(tmp_path, 4, 1, ["human", "hard", "medium", "easy"])
    assert d.turns > 2


def test_emulate_headless_command(tmp_path):
    shots = tmp_path / "shots"
    p = subprocess.run([sys.executable, "-m", "host_tools", "emulate", "--headless",
                        "--keys", "A START A RIGHT*2 A", "--screenshot-dir", str(shots)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "screen: play" in p.stdout and "refreshes: full 1" in p.stdout
    pngs = sorted(os.listdir(str(shots)))
    assert pngs[0].endswith("-title-full.png") and any("-play-" in n for n in pngs)


def test_emulate_rejects_unknown_key(tmp_path):
    p = subprocess.run([sys.executable, "-m", "host_tools", "emulate", "--headless",
                        "--keys", "A JUMP"], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 2 and "unknown key 'JUMP'" in p.stderr


def test_no_display_falls_back_to_headless(tmp_path):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("SDL_VIDEODRIVER", None)
    p = subprocess.run([sys.executable, "-m", "host_tools", "emulate", "--keys", "DOWN",
                        "--screenshot-dir", str(tmp_path)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "no display" in p.stdout and "headless" in p.stdout
    assert len(os.listdir(str(tmp_path))) >= 2


def test_six_players_xp_set(tmp_path):
    d, g = play(tmp_path, 6, 1, ["human", "hard", "medium", "easy", "medium", "hard"])
    assert g.rules.tile_set == "xp" and g.rules.ncolours == 6


def test_settings_rename_player_and_idle(tmp_path):
    d = Driver(str(tmp_path))
    d.keys("down down a")                       # title -> Settings
    assert d.screen.name == "settings"
    d.key("right")                               # idle sleep 3 -> 5 min
    d.keys("down down a")                        # edit Player 1's name
    d.keys("down right up a")                    # first letter one back, second one on
    s = d.app.settings
    assert s["idle_min"] == 5 and s["names"][0] != "Ann"
    name = s["names"][0]
    d.key("b")
    d2 = Driver(str(tmp_path))                   # kept on flash
    assert d2.app.settings["names"][0] == name and d2.app.settings["idle_min"] == 5
    d2.keys("a")                                 # New game shows the new name
    assert name[:8] in d2.screen.rows()[1][0]
