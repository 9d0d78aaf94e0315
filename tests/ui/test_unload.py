"""Which modules the app drops at which moment comes from the packages'
own KEEP declarations (ui.unload), so a module added to a package is
dropped unless its package says why it stays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import Driver  # noqa: E402
import ui  # noqa: E402
from ui.match import Match  # noqa: E402


def test_unload_follows_the_package_declarations(monkeypatch):
    import rummikub
    import rummikub.savefile  # noqa: F401
    import ui.app  # noqa: F401  (kept below: loaded here, not by an earlier test)
    import ui.gfx  # noqa: F401
    monkeypatch.setattr(ui, "KEEP", {"ai": ("app", "match", "refresh", "screens")})
    ui.unload("ai")
    assert "ui.gfx" not in sys.modules and "ui.app" in sys.modules
    assert "rummikub.savefile" not in sys.modules and "rummikub.game" in sys.modules
    import ai.kernel, ai.race, ai.runstate  # noqa: F401,E401
    ui.unload("human")
    assert not [m for m in sys.modules if m.startswith("ai.")]
    ui.unload("nothing declares this")      # untouched
    assert "ui.app" in sys.modules and "rummikub.game" in sys.modules


def test_ai_turns_run_without_screens_and_people_without_the_ai(tmp_path, monkeypatch):
    seen = []
    synced = []                                   # sync modules while an AI thinks
    after_human = []
    turn = Match.ai_turn
    unload = ui.unload

    def ai_turn(self):
        seen.append(sorted(m for m in sys.modules if m.startswith("ui.")))
        synced.append([m for m in sys.modules if m.startswith("sync.")])
        return turn(self)

    def unload_and_look(moment):
        unload(moment)
        if moment == "human":
            after_human.append([m for m in sys.modules if m.startswith("ai.")])

    monkeypatch.setattr(Match, "ai_turn", ai_turn)
    monkeypatch.setattr(ui, "unload", unload_and_look)
    d = Driver(str(tmp_path / "flash"))
    d.keys("a start")                             # a new game against the AI
    for _ in range(20):                           # until the AI has played twice
        if len(seen) >= 2:
            break
        while d.screen.name != "play":
            d.key("a")
        d.key("start")                            # nothing played: START twice draws
        d.key("start")
    assert len(seen) >= 2 and len(after_human) >= 2
    # only the loop while an AI thinks: what ui.KEEP keeps then (a Gin
    # match's modules, loaded by an earlier test in this worker, may stay)
    kept = set("ui." + k for k in ui.KEEP["ai"])
    for mods in seen:
        assert {"ui.app", "ui.match", "ui.refresh", "ui.screens"} <= set(mods) <= kept, mods
    assert synced == [[]] * len(seen), synced     # sync.limits is the session's, not the AI's
    for mods in after_human:                      # and no AI code for a person
        assert mods == [], mods


def test_the_hint_thinks_with_no_screen_loaded_and_the_turn_comes_back(tmp_path, monkeypatch):
    """The turn menu's Hint (ui.hinting): the play screen and its drawing
    code are dropped while the solver thinks, the solver's code after it,
    and the turn comes back whole: the hint's table on it, the undo steps
    from before the hint still there."""
    import ai.hint
    from test_keys import rigged
    from rummikub.tiles import fmt_tiles
    real = ai.hint.hint
    seen = []

    def hint(game, budget_ms=None):
        seen.append(sorted(m for m in sys.modules if m.startswith("ui.")))
        return real(game, budget_ms)
    monkeypatch.setattr(ai.hint, "hint", hint)
    d = rigged(str(tmp_path))
    rack = fmt_tiles(d.ed.rack)
    d.key("start", long=True)
    labels = [i[1] for i in d.screen._menu_items()]
    d.keys("down " * labels.index("sort_num") + "a")      # Sort 777: one undo step
    d.key("start", long=True)                     # (it opens on Sort 777 again)
    d.keys("down " * (labels.index("hint") - d.screen.menu_cur) + "a")
    assert len(seen) == 1
    assert not [m for m in seen[0] if m.startswith("ui.screens.") or m in (
        "ui.editor", "ui.play_view", "ui.gfx", "ui.tiles_gfx")], seen
    assert not [m for m in sys.modules if m.startswith("ai.")]
    assert d.screen.name == "play" and d.ed.msg.startswith("Hint: ") and d.ed.marked
    d.key("b")                                    # undo the hint
    assert not d.ed.marked and fmt_tiles(d.ed.rack) != rack
    d.key("b")                                    # undo the sort from before it
    assert fmt_tiles(d.ed.rack) == rack


def test_the_hints_thinking_does_not_come_off_the_turn_timer(tmp_path, monkeypatch):
    """The play screen is made again after the hint with the turn's time
    left as it stood when the hint was asked: the seconds the hint thought
    (up to a quarter of the timer on the device) are not the person's (a
    newcomer's timer read 0:40 after one hint)."""
    import ai.hint
    from test_keys import rigged
    real = ai.hint.hint
    d = rigged(str(tmp_path), timer=60)

    def slow(game, budget_ms=None):
        d.app.hal.clock.advance(20000)            # a long think, on the hal's clock
        return real(game, budget_ms)
    monkeypatch.setattr(ai.hint, "hint", slow)
    before = d.screen._left()
    d.key("start", long=True)
    labels = [i[1] for i in d.screen._menu_items()]
    d.keys("down " * labels.index("hint") + "a")
    assert d.ed.marked                            # the hint is shown
    assert before - 5000 < d.screen._left() <= before   # only the keys' own time


def test_the_score_log_is_written_with_no_screen_loaded(tmp_path, monkeypatch):
    """A person goes out: the round's end writes the score log
    (ui.score_log, sync.*) with the play screen's code dropped first, as
    before an AI turn (the 32-bit .mpy match ran out of heap loading
    sync.scorelog beside the play screen at 132k)."""
    from test_keys import rigged
    from rummikub.tiles import parse_tiles
    from ui.layout import TABLE, RACK
    real = ui.forget
    seen = []

    def forget(name):
        if name == "ui.score_log":          # the match is done with the score log
            seen.append(sorted(m for m in sys.modules if m.startswith("ui.")))
            assert "sync.gamelog" in sys.modules      # the round went in through it
        real(name)
    monkeypatch.setattr(ui, "forget", forget)
    d = rigged(str(tmp_path), seats=("human", "hard"), racks=("R11", "K2 K4 B7"))
    r11 = parse_tiles("R11")[0]
    d.ed.cur = (RACK, 0, list(d.ed.rack).index(r11))
    d.key("a")                                        # picked
    d.ed.cur = (TABLE, 0, 5)                          # the end slot of R6-R10
    d.key("a")                                        # placed: the rack is empty
    d.key("start")                                    # out: the round is over
    assert len(seen) == 1 and d.screen.name == "result"
    assert not [m for m in seen[0] if m.startswith("ui.screens.") or m in (
        "ui.editor", "ui.play_view", "ui.gfx", "ui.tiles_gfx")], seen
