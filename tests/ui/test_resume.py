"""A save in the middle of a turn, then a restart, resumes on the same
screen with the same state (idle sleep + wake, and a cold power-on)."""
import os
import sys

from rummikub.tiles import fmt_table
from ui.layout import TABLE, RACK

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import Driver  # noqa: E402
from test_keys import rigged, rack_pos  # noqa: E402


def _state(d):
    app = d.app
    g = app.match.game
    return (app.screen.name, app.screen.ed.snapshot(), fmt_table(g.table),
            [sorted(r) for r in g.racks], bytes(g.pool), g.current, g.turn_no)


def _mid_turn(d):
    d.pick(rack_pos(d, "R11"))                   # R11 onto R6-R10
    d.goto(TABLE, 0, 5)
    d.key("a")
    d.goto(TABLE, 1, 1)                          # cursor somewhere else


def test_idle_sleep_saves_and_wake_resumes_the_turn(tmp_path):
    d = rigged(str(tmp_path), settings={"idle_min": 1})
    _mid_turn(d)
    before = _state(d)
    frame = bytes(d.app.fb.buf)
    d.r.run(70000)                               # idle: save, sleep screen, deep sleep
    assert d.r.asleep and d.r.sleeps == 1
    d.key("b")                                   # any button wakes the board
    assert not d.r.asleep
    assert _state(d) == before                   # same screen, same turn in progress
    assert bytes(d.app.fb.buf) == frame, d.screen._lines()
    d.key("start")                               # and the turn still ends fine
    assert d.screen.name == "privacy", (d.screen.mode, getattr(d.screen, "note", ""))


def test_cold_restart_resumes_from_title(tmp_path):
    d = rigged(str(tmp_path))
    _mid_turn(d)
    d.key("start", long=True)                    # turn menu: Save and quit
    menu = [i[1] for i in d.screen._menu_items()]
    before = _state(d)
    for _ in range(menu.index("quit")):
        d.key("down")
    d.key("a")
    assert d.screen.name == "title" and d.app.match is None
    d2 = Driver(str(tmp_path))                   # power off and on again
    assert d2.screen.name == "title" and d2.screen.items[0][1] == "resume"
    d2.key("a")
    assert d2.screen.name == "privacy"           # two humans: rack hidden first
    d2.key("a")
    assert _state(d2) == before


def test_damaged_save_is_named_and_kept(tmp_path):
    from hal.storage import Storage
    st = Storage(str(tmp_path), log=lambda s: None)
    st.save("game", b"PRKS\x01 not really a save")
    d = Driver(str(tmp_path))
    assert d.screen.items[0][1] == "resume"
    d.key("a")
    assert d.screen.name == "title" and "Saved game not loaded" in d.app.error
    assert [i[1] for i in d.screen.items][:3] == ["setup", "history", "settings"]
    assert st.load("game") is not None            # nothing deleted
    d.key("a")                                    # any key clears the message
    assert d.app.error == ""


def test_save_from_an_ai_turn_lets_the_ai_play(tmp_path):
    from rummikub import savefile
    from rummikub.game import Game
    from rummikub.rules import Rules
    from hal.storage import Storage
    import ui_scenes
    from test_keys import TABLE_TEXT, ANN, BEN
    g = Game(Rules(timer_s=0), 2, 5, 1, ["Ann", "Ben"])
    ui_scenes.rig(g, TABLE_TEXT, [ANN, BEN], current=1)
    Storage(str(tmp_path), log=lambda s: None).save(
        "game", savefile.dumps(g, {"seats": ["human", "hard"], "screen": "play"}))
    d = Driver(str(tmp_path))
    d.key("a")                                   # Resume: Ben (AI) moves first
    g2 = d.app.match.game
    assert d.screen.name == "play" and g2.current == 0 and g2.turn_no == 1
