"""The tutorial with the buttons: every lesson from the title screen, its
move made on the real play screen (the scripted player of the match
tests), judged by the engine and then by the lesson; progress kept in
the settings, lessons replayable, a real saved game never touched."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import Driver  # noqa: E402
from rummikub.tiles import parse_table, parse_tiles  # noqa: E402
from ui.screens.lessons import COUNT, lesson  # noqa: E402

NAMES = [lesson(i)[0] for i in range(COUNT)]

# what a player who followed each lesson leaves on the table
SOLUTIONS = {
    "group": "R7 B7 K7",
    "run": "B3 B4 B5",
    "jokers": "R9 J R11",
    "meld": "R5 R6 R7 | K10 K11 K12",
    "extend": "B3 B4 B5 B6 | R8 K8 Y8 B8",
    "split": "R3 R4 R5 R6 | R6 R7 R8",
    "swap": "B8 K8 Y8 | R6 R7 R8 | K1 K2 K3",
    "joker": "R5 R6 R7 | K9 B9 J | B1 B2 B3",
    "score": "K5 K6 K7 K8 | B9 K9 Y9 R9",
}


def open_lesson(d, i):
    """From the title screen: Learn to play, lesson i, deal it."""
    if d.screen.name == "title":
        items = [it[1] for it in d.screen.items]
        for _ in range(items.index("lessons")):
            d.key("down")
        d.key("a")
    assert d.screen.name == "lessons"
    while d.screen.cur != i:
        d.key("down")
    d.key("a")                                    # the lesson's text
    assert d.screen.intro
    d.key("a")                                    # deal it
    assert d.screen.name == "play" and d.app.match.lesson == i


@pytest.fixture
def d(tmp_path):
    return Driver(str(tmp_path / "flash"))


def test_every_lesson_done_with_the_buttons_and_kept(d, tmp_path):
    for i in range(COUNT):
        name, need = lesson(i)[0], lesson(i)[6]
        open_lesson(d, i)
        if need == "draw":
            d.keys("start start")
        elif name in ("assist", "run"):      # as taught: pick, START, ...
            for t in parse_tiles(need, 4):
                d.pick((2, 0, list(d.ed.rack).index(t)))
            d.key("start")                        # where they fit
            assert d.screen.mode != 0               # a proposal is shown
            if name == "run":
                d.key("a")                        # take it,
                assert d.screen.mode == 0 and d.ed.played_count() == 3
            d.key("start")                        # (take it and) end the turn
        else:
            table = parse_table(SOLUTIONS[name], 4)
            d.build(table)
            d.key("start")
        assert d.screen.name == "lessons", (name, d.screen.name,
                                            getattr(d.screen, "note", ""))
        assert d.screen.said.startswith(("Well done", "Right")), (name, d.screen.said)
        assert name in d.app.settings["lessons"]
    assert not d.app.has_save()                   # lessons are never saved
    d2 = Driver(str(tmp_path / "flash"))          # a restart: progress is kept
    assert d2.app.settings["lessons"] == NAMES


def test_a_move_that_breaks_a_rule_or_misses_the_point(d):
    open_lesson(d, 0)                             # the group lesson: R7 B7 K7
    for t in (0x27, 0x21):                        # R7 and R1: not a set
        d.pick((2, 0, list(d.ed.rack).index(t)))
    d.goto(0, len(d.ed.table), 0)
    d.key("a")
    d.key("start")
    assert d.screen.name == "play" and d.screen.mode == 2   # the engine says why
    assert d.screen.note
    d.key("b", long=True)                         # hold B: reset the turn
    d.keys("start start")                         # a valid turn, but a draw
    assert d.screen.name == "lessons"
    assert d.screen.said == "You drew instead of playing. Try again."
    assert "group" not in (d.app.settings.get("lessons") or [])
    d.key("a")                                    # the same lesson again
    d.key("a")
    assert d.screen.name == "play" and list(d.ed.rack) == list(d.app.match.game.rack)
    assert len(d.app.match.game.rack) == 6        # dealt afresh


def test_time_running_out_is_the_timer_lesson(d):
    i = NAMES.index("draw")
    open_lesson(d, i)
    d.r.run(31000)
    assert d.screen.name == "lessons" and "Time ran out" in d.screen.said


def test_a_lesson_leaves_the_real_saved_game_alone(d):
    d.keys("a start")                             # a real game against the AI
    while d.screen.name != "play":
        d.key("a")
    d.keys("start start")                         # draw: the game is saved
    while d.screen.name != "play":
        d.key("a")
    d.key("start", long=True)                     # turn menu: save and quit
    labels = [it[1] for it in d.screen._menu_items()]
    for _ in range(labels.index("quit")):
        d.key("down")
    d.key("a")
    assert d.screen.name == "title"
    saved = d.app.storage.load("game")
    assert saved
    open_lesson(d, 0)
    d.build(parse_table("R7 B7 K7", 4))
    d.key("start")
    assert d.app.storage.load("game") == saved
    d.key("b")
    assert d.screen.name == "title" and d.screen.items[0][1] == "resume"


def test_the_first_lesson_as_a_newcomer_presses_it(d):
    """Learn to play -> 1 -> A, then A A A (pick the three sevens: each A
    moves on to the next tile that fits), UP (the table's new-set +, not
    the hand) A (put them there), START: the set is placed."""
    open_lesson(d, 0)
    d.keys("a a a up")
    assert d.ed.cur == (0, 0, 0)                  # the new-set slot
    d.keys("a start")
    assert d.screen.name == "lessons", (d.screen.name, getattr(d.screen, "note", ""))
    assert d.screen.said.startswith("Well done"), d.screen.said


def test_every_lesson_deals_on_micropython():
    """The device's runtime: a bytearray there has no pop(), so the
    tutor's rack is cut from the pool, not popped off it."""
    import subprocess
    from mp_heap import micropython, ROOT
    if micropython() is None:
        pytest.skip("no micropython")
    code = ("from ui.screens import lessons\n"
            "for i in range(lessons.COUNT):\n"
            "    g = lessons.deal(i)\n"
            "    print(len(g.racks[1]), len(g.pool) + sum(len(r) for r in g.racks + g.table))\n")
    out = subprocess.run([micropython(), "-c", code], cwd=os.path.join(ROOT, "firmware"),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-600:]
    assert out.stdout.split("\n")[:-1] == ["14 106"] * COUNT


def test_the_lessons_text_is_one_press_away_during_the_lesson(d):
    """Hold START in a lesson: the turn menu, and beside it the lesson's
    page, every word of it (it used to vanish once the lesson was dealt);
    the band under the table says so."""
    from ui.screens.lessons import text
    from hal.epd_ssd1683 import SSD1683
    seen = []
    draw = SSD1683.text

    def rec(fb, s, x, y, c=1):
        seen.append(s)
        return draw(fb, s, x, y, c)
    SSD1683.text = rec
    try:
        for i in range(COUNT):
            open_lesson(d, i)
            assert "hold: lesson, menu" in " ".join(d.screen._lines())
            seen[:] = []
            d.key("start", long=True)
            assert d.screen.mode == 3 and "Turn menu" in seen
            assert " ".join(text(i).split()) in " ".join(seen), lesson(i)[0]
            assert lesson(i)[1] + "." in " ".join(seen) and "Lesson %d" % (i + 1) in seen
            d.key("b")                            # back to the lesson's table
            d.key("start", long=True)
            labels = [x[1] for x in d.screen._menu_items()]
            for _ in range(labels.index("quit") - d.screen.menu_cur):
                d.key("down")
            d.key("a")                            # out of the lesson: the title
            assert d.screen.name == "title"
    finally:
        SSD1683.text = draw
