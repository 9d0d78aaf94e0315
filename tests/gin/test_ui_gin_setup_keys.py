"""Gin Rummy's set-up and play footer say what the keys do, as Rummikub's
screens do: A moves on a line (deals on "Deal"), START deals from any
line, the line under the list explains the highlighted choice, and the
footer offers START: knock only while a knock is allowed."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "ui_mp"))
import gin_scenes  # noqa: E402
from gin.game import DRAW  # noqa: E402
from hal import buttons as hb  # noqa: E402
from ui.gin.match import GinMatch  # noqa: E402
from ui.gin import gin_setup  # noqa: E402


def test_a_moves_on_and_start_deals_from_any_line(tmp_path):
    app = gin_scenes.s_setup(str(tmp_path / "a"))
    scr = app.screen
    lines = [i[2] for i in scr.items()]
    for k in range(len(lines) - 1):             # A walks the lines, dealing nothing
        assert app.screen is scr and scr.cur == k
        assert gin_setup.EXPLAIN[lines[k]]      # each line is explained
        scr.key(hb.A, False)
    assert lines[scr.cur] == "deal"
    scr.key(hb.A, False)
    assert app.match is not None                  # A on Deal deals
    app = gin_scenes.s_setup(str(tmp_path / "b"))
    app.screen.key(hb.DOWN, False)
    app.screen.key(hb.START, False)             # START from the second line
    assert app.match is not None


def footer_after_drawing(root, hand, limit):
    g = gin_scenes.rig(gin_scenes.game(), hand, gin_scenes.OTHER, "4S")
    g.knock_limit = limit
    g.phase = DRAW
    g.draw_stock()
    app = gin_scenes.started(root, GinMatch(g, ["human", "hard"]), "gin_play")
    return app.screen._keys(), app.screen.knocks


def test_knock_is_offered_only_when_allowed(tmp_path):
    keys, knocks = footer_after_drawing(str(tmp_path / "no"), gin_scenes.HAND, 1)
    assert not knocks and "knock" not in keys
    keys, knocks = footer_after_drawing(str(tmp_path / "yes"), gin_scenes.HAND, 10)
    assert knocks and "START: knock" in keys


def test_the_target_steps_through_the_values_in_order(tmp_path):
    """"Game to" starts at 100; RIGHT goes up 150, 200, then round to 50,
    LEFT back down (it once went 100 -> 200 on LEFT)."""
    app = gin_scenes.s_setup(str(tmp_path))
    scr = app.screen
    scr.cur = [i[2] for i in scr.items()].index("target")

    def shown():
        return int([i[1] for i in scr.items() if i[2] == "target"][0])

    assert shown() == 100
    seen = []
    for _ in range(4):
        scr.key(hb.RIGHT, False)
        seen.append(shown())
    assert seen == [150, 200, 50, 100]
    scr.key(hb.LEFT, False)
    assert shown() == 50
