"""The match's contract with the app is written in one place, ui/seats.py,
both ways, and the code keeps to it: the app (ui/app.py) touches nothing
of a match but what the first list names, and both games' matches have
it; a match, its game's save module and the score log's app side touch
nothing of the app but what the second list names, and the app has it."""
import ast
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import Driver  # noqa: E402

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "firmware")
# what is the match's side: both matches, the save modules that bring one
# back, and the score log's app side a match writes its rounds through
MATCH_SIDE = ("ui/seats.py", "ui/match.py", "ui/gin/match.py", "ui/table/match.py", "ui/saved.py",
              "ui/gin/saved.py", "ui/score_log.py")


def contract():
    """(what the app asks of a match, what a match may use of the app):
    the names each list of ui/seats.py's docstring gives in backquotes."""
    import ui.seats
    doc = ui.seats.__doc__
    asks, uses = doc.split("What the app (ui.app.App) asks")[1].split("may use of the app")
    names = lambda text: {n for n in re.findall(r"^  `(\w+)", text, re.M)}  # noqa: E731
    return names(asks), names(uses)


def tree(rel):
    with open(os.path.join(FIRMWARE, rel)) as f:
        return ast.parse(f.read(), rel)


def used_of(node, is_it):
    """Attribute names read or called on what is_it(expression) picks out."""
    return {n.attr for n in ast.walk(node)
            if isinstance(n, ast.Attribute) and is_it(n.value)}


def test_the_contract_lists_are_there():
    asks, uses = contract()
    assert {"save", "play_on", "leave", "lesson"} <= asks, asks
    assert {"storage", "goto", "drop_screens", "start_match"} <= uses, uses


def test_the_app_asks_of_a_match_only_what_is_listed():
    asks, _ = contract()
    app = tree("ui/app.py")
    is_match = lambda e: (  # noqa: E731
        isinstance(e, ast.Attribute) and e.attr == "match"
        and isinstance(e.value, ast.Name) and e.value.id == "self")
    used = used_of(app, is_match)
    # and what it reads of m, where a method holds m = self.match
    for fn in ast.walk(app):
        if isinstance(fn, ast.FunctionDef) and any(
                isinstance(a, ast.Assign) and is_match(a.value) and
                [t.id for t in a.targets if isinstance(t, ast.Name)] == ["m"]
                for a in ast.walk(fn)):
            used |= used_of(fn, lambda e: isinstance(e, ast.Name) and e.id == "m")
    assert used and used <= asks, sorted(used - asks)


def test_both_matches_have_what_the_app_asks():
    from rummikub.game import Game
    from rummikub.rules import Rules
    from gin.game import GinGame
    from gin.rules import GinRules
    from ui.match import Match
    from ui.gin.match import GinMatch
    asks, _ = contract()
    for m in (Match(Game(Rules(), 2, seed=1), ["human", "easy"]),
              GinMatch(GinGame(GinRules(), 1, ["Ann", "Ben"]), ["human", "easy"])):
        missing = [n for n in asks if not hasattr(m, n)]
        assert not missing, (type(m).__name__, missing)


def test_a_match_uses_only_what_is_listed_of_the_app():
    _, uses = contract()
    for rel in MATCH_SIDE:
        used = used_of(tree(rel), lambda e: isinstance(e, ast.Name) and e.id == "app")
        assert used <= uses, (rel, sorted(used - uses))


def test_the_app_has_what_a_match_may_use(tmp_path):
    _, uses = contract()
    app = Driver(str(tmp_path / "flash")).app
    missing = [n for n in uses if not hasattr(app, n)]
    assert not missing, missing
