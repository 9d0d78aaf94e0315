"""Saves that pass their checksum but hold the wrong content are refused
whole with a SaveError (or the app's ValueError), never loaded to crash
later (issue 24 D3, D4).  Both games, on CPython and the MicroPython unix
port: the savefiles and the app's checks of them (ui.saved, ui.gin.saved)."""
import os
import sys
import time

from check import raises
from save_edit import rehead, setter
from simple_player import choose
from rummikub.game import Game, PLAYING
from rummikub.rules import Rules
from rummikub import savefile
from common.container import SaveError
from gin.game import GinGame, HAND_OVER
from gin.rules import GinRules
from gin import savefile as gin_savefile
from ai.gin.players import GinPlayer


def rk_game(turns=6, n=3):
    g = Game(Rules(), n, seed=11, rounds=2, names=["Ana", "Bo", "Cy"][:n])
    for _ in range(turns):
        after = choose(g)
        g.draw() if after is None else g.play(after)
    return g


def rk_save(g=None, **extra):
    ex = {"seats": ["human", "easy", "easy"], "match_id": 5, "screen": "play"}
    ex.update(extra)
    return savefile.dumps(g or rk_game(), ex)


def gin_game(hand_over=False):
    g = GinGame(GinRules(), seed=5, names=["Ann", "Ben"])
    ps = [GinPlayer("easy"), GinPlayer("medium")]
    for _ in range(6):
        ps[g.current].act(g)
    while hand_over and g.phase != HAND_OVER:
        ps[g.current].act(g)
    return g


def gin_save(g=None, **extra):
    """A save of g, the person in the seat to act (as the app saves)."""
    g = g or gin_game()
    seats = ["hard", "hard"]
    seats[g.current] = "human"
    ex = {"seats": seats, "id": 9}
    ex.update(extra)
    return gin_savefile.dumps(g, ex)


# ---- Rummikub ------------------------------------------------------------------

RK_BAD_HEAD = [
    ("names", ["Ana", "Bo"]),            # fewer names than players (D4)
    ("names", ["Ana", "Bo", "Cy", "Di"]),
    ("names", ["Ana", 5, "Cy"]),
    ("names", ["Ana", "", "Cy"]),
    ("names", None),
    ("rounds", 0), ("rounds", "2"), ("rounds", 1000), ("rounds", True),
    ("round_no", 0), ("round_no", 3), ("round_no", None),
    ("rows", None), ("rows", [[1, 2]]), ("rows", 5),
    ("winners", None), ("winners", [0]),
    ("exhausted", None), ("exhausted", [1]),
    ("rules", None), ("rules", {"self": 1}), ("rules", {"tile_set": "huge"}),
]


def test_rummikub_header_fields_are_checked():
    data = rk_save()
    assert savefile.loads(data)[0].names == ["Ana", "Bo", "Cy"]
    for key, value in RK_BAD_HEAD:
        raises(SaveError, savefile.loads, rehead(data, savefile, setter(key, value)))
    raises(SaveError, savefile.loads, rehead(data, savefile, lambda h: h.clear()))


def test_rummikub_round_history_fits_the_round():
    g = rk_game()
    g.round_rows = [[5, -2, -3]]           # a round in the history of round 1
    g.round_winners = [0]
    g.round_exhausted = [False]
    raises(SaveError, savefile.loads, rk_save(g))
    g = rk_game()
    g.round_winners = ["x"]
    g.round_rows = [["a", "b", "c"]]
    g.round_exhausted = [False]
    g.round_no = 2
    raises(SaveError, savefile.loads, rk_save(g))


def test_fewer_names_than_players_never_reaches_an_ai_turn():
    from ui.saved import _match
    g = rk_game()
    g.current = 1                          # an AI seat is next
    data = rehead(rk_save(g), savefile, setter("names", ["Ana", "Bo"]))
    raises(ValueError, _match, data)
    m, name, _ = _match(rk_save(g))    # the same save with its names plays on
    assert m.ai_turn() and name == "play"


def test_rummikub_screen_must_fit_the_game():
    from ui.saved import _match
    for screen in ("bogus", "result", "scoreboard", 5, ["play"], "lessons"):
        raises(ValueError, _match, rk_save(screen=screen))
    g = rk_game()
    while g.phase == PLAYING:
        after = choose(g)
        g.draw() if after is None else g.play(after)
    for screen in ("play", "privacy", "watch", "scoreboard"):
        raises(ValueError, _match, rk_save(g, screen=screen))
    assert _match(rk_save(g, screen="result"))[1] == "result"


# ---- Gin Rummy -----------------------------------------------------------------

GIN_BAD_HEAD = [
    ("hist", None), ("hist", 5), ("hist", [None]), ("hist", [[0, 5]]),
    ("hist", [[2, 5, "k"]]), ("hist", [[-1, 5, "v"]]), ("hist", [[0, 5, "v"]]),
    ("hist", [[0, 5, "kk"]]), ("hist", [[0, -5, "k"]]),
    ("cuts", 5), ("cuts", None), ("cuts", []), ("cuts", [3]), ("cuts", [3, 3]),
    ("cuts", [3, 52]), ("cuts", ["AS", "2S"]), ("cuts", [1, 2, 3]), ("cuts", {"a": 1}),
    ("scores", [5, 0]), ("scores", None), ("scores", [0]), ("won", [1, 0]), ("won", "ab"),
    ("names", ["Ann"]), ("names", ["Ann", 7]), ("names", ["Ann", ""]), ("names", "AB"),
    ("names", ["Ann", "x" * 25]),
    ("result", {"void": True}), ("result", 5),
    ("rules", {"self": 1}), ("rules", {"target": "x"}), ("rules", None),
]


def test_gin_header_fields_are_checked():
    data = gin_save()
    assert gin_savefile.loads(data)[0].names == ["Ann", "Ben"]
    for key, value in GIN_BAD_HEAD:
        raises(SaveError, gin_savefile.loads, rehead(data, gin_savefile, setter(key, value)))


def test_gin_hand_result_must_be_what_the_hands_score():
    g = gin_game(hand_over=True)
    data = gin_save(g)
    h, _ = gin_savefile.loads(data)
    assert h.result == g.result or h.result["void"]
    for key in list(g.result):
        if key == "void":
            continue
        for value in (None, 99, [], "x"):
            if value == g.result[key]:
                continue
            bad = rehead(data, gin_savefile, setter(key, value, "result"))
            raises(SaveError, gin_savefile.loads, bad)
    raises(SaveError, gin_savefile.loads, rehead(data, gin_savefile, setter("result", None)))


def test_gin_save_without_its_result_field():
    """A header with no "result" at all (found by the field fuzz: KeyError
    out of loads, which only SaveError callers catch): mid-hand it has
    none to hold; after a hand it must hold the one its hands score."""
    drop = lambda h: h.pop("result", None)  # noqa: E731
    g, _ = gin_savefile.loads(rehead(gin_save(), gin_savefile, drop))
    assert g.result is None
    over = rehead(gin_save(gin_game(hand_over=True)), gin_savefile, drop)
    raises(SaveError, gin_savefile.loads, over)


def test_a_refusal_quotes_a_hostile_value_short():
    """A rule value of any length is quoted cut short (found by the field
    fuzz: a 121-character line under the title from a float list)."""
    huge = [0, 0, 9.247766041045508e-222] * 40
    for load, data, key in ((savefile.loads, rk_save(), "timer_s"),
                            (gin_savefile.loads, gin_save(), "gin_layoff")):
        try:
            load(rehead(data, savefile if load is savefile.loads else gin_savefile,
                        setter(key, huge, "rules")))
        except SaveError as e:
            assert len(str(e)) < 110, str(e)
        else:
            raise AssertionError("a list for a rule loaded")


def test_gin_moves_must_be_moves():
    for moves in ((3, 60), (3,), (2, 7), (0x13, 5), (7, 5), (0, 255)):
        g = gin_game()
        g.moves = bytearray(moves)
        raises(SaveError, gin_savefile.loads, gin_save(g))


def _gin_load(data):
    from ui.gin import saved
    from hal.storage import Storage
    d = "/tmp/hostile_saves_%s_%d" % (sys.implementation.name, time.time() * 1000 % 1e8)
    try:
        os.mkdir(d)
    except OSError:
        pass
    st = Storage(d, log=lambda s: None)
    try:
        st.save(saved.SAVE, data)
        return saved.load(st)
    finally:
        st.delete(saved.SAVE)
        os.rmdir(d)


def test_gin_screen_and_seats_must_fit_the_game():
    for bad in (dict(screen="bogus"), dict(screen="gin_hand"), dict(screen="gin_over"),
                dict(screen=["gin_play"]), dict(seats=["human"]),
                dict(seats=["human", "robot"]), dict(seats=None), dict(id="x"),
                dict(last=7), dict(logged=-1), dict(logged=3)):
        raises(SaveError, _gin_load, gin_save(**bad))
    assert _gin_load(gin_save(screen="gin_play"))[1:] == ("gin_play", None, None)
    g = gin_game()
    seats = ["human", "human"]
    seats[g.current] = "hard"              # the AI to act: it always acts before a save
    raises(SaveError, _gin_load, gin_save(g, seats=seats))
    over = gin_game(hand_over=True)
    raises(SaveError, _gin_load, gin_save(over, screen="gin_play"))
    raises(SaveError, _gin_load, gin_save(over, screen="gin_over"))   # not the game's end
    m, screen, _, _ = _gin_load(gin_save(over, screen="gin_hand"))
    assert screen == "gin_hand" and m.game.result is not None
