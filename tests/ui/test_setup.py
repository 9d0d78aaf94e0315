"""The new-game screen with the buttons: player-facing words for every
value a line can take, A never changes a value, and a match with every
seat an AI is played for the player to watch."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import Driver  # noqa: E402


def open_setup(tmp_path):
    d = Driver(str(tmp_path / "flash"))
    d.key("a")                                    # New game
    assert d.screen.name == "setup"
    return d


def test_every_value_of_every_line_reads_as_words(tmp_path):
    d = open_setup(tmp_path)
    scr = d.screen
    seen = set()
    for i in range(len(scr.rows())):
        label, value, key = scr.rows()[i]
        scr.cur = i
        for _ in range(12):                       # every value of the line, round
            label, value, key = scr.rows()[i]
            for text in (label, value or "", scr.explain(key)):
                assert "_" not in text and "True" not in text and "False" not in text, text
                assert text == "" or text.strip(), key
            seen.add((key, value))
            scr.key(3, False)                     # RIGHT
        assert scr.explain(key), key
    values = dict(seen)
    assert ("initial_meld", "30 points") in seen and ("timer_s", "60 s") in seen
    assert ("timer_s", "off") in seen and ("initial_meld", "no minimum") in seen
    assert values["seat1"].startswith("AI ") or values["seat1"] == "human"
    labels = [r[0] for r in scr.rows()]
    assert "First meld" in labels and "Turn timer" in labels


def test_a_on_a_value_line_moves_on_and_changes_nothing(tmp_path):
    d = open_setup(tmp_path)
    before = [r[1] for r in d.screen.rows()]
    n = len(before)
    for i in range(n - 1):
        assert d.screen.cur == i
        d.key("a")
    assert [r[1] for r in d.screen.rows()] == before
    assert d.screen.rows()[d.screen.cur][2] == "start"
    d.key("a")                                    # A on "Start the game" deals
    assert d.app.match is not None and d.screen.name == "play"


def test_every_seat_an_ai_is_a_match_to_watch(tmp_path):
    d = open_setup(tmp_path)
    d.key("down")
    d.key("right")                                # seat 1: human -> AI easy
    assert d.screen.rows()[1][1] == "AI easy"
    assert d.screen.explain("seat0") == "All seats AI: you watch them play"
    d.key("start")
    m = d.app.match
    assert m.seats == ["easy", "hard"]            # not silently made human again
    assert d.screen.name == "watch"
    g = m.game
    turns = g.turn_no
    d.r.run(6000)                                 # the next turns play by themselves
    assert g.turn_no > turns and d.screen.name == "watch"
    turns = g.turn_no
    d.key("a")                                    # A: the next turn now
    assert g.turn_no == turns + 1
    d.key("b")                                    # stop watching: the match is kept
    assert d.screen.name == "title" and d.app.has_save()
    d.key("a")                                    # Resume game watches on
    d.r.run(300)
    assert d.screen.name == "watch" and d.app.match.game.turn_no > turns
    for _ in range(400):                          # on to the round's end
        if d.screen.name != "watch":
            break
        d.key("a")
    assert d.screen.name == "result"
