"""Hypothesis over the fields of both games' saves (issue 24 D3, D4): one
header field (or a part of one) of a real save set to any JSON value, the
checksum made valid, then the device wakes from an idle sleep into it and
a few buttons are pressed.  The app must resume (the save, or the one
before it) or boot to the title, with at most one line on the screen,
and never raise: no traceback at load, none later.  CPython; the crafted
cases of tests/engine_mp/test_hostile_saves.py run on both runtimes."""
import json
import os
import shutil
import tempfile

from hypothesis import given, settings, strategies as st, HealthCheck

from save_edit import rehead
from simple_player import choose
from rummikub.game import Game, PLAYING
from rummikub.rules import Rules
from rummikub import savefile
from gin.game import GinGame, HAND_OVER
from gin.rules import GinRules
from gin import savefile as gin_savefile
from ai.gin.players import GinPlayer
from hal.storage import Storage

CASES = 40          # per game; each boots the app twice and presses 6 keys
KEYS = ("a", "start", "right", "a", "b", "a")
DROP = object()     # the field left out


def _play(g, turns):
    for _ in range(turns):
        if g.phase != PLAYING:
            break
        after = choose(g)
        g.draw() if after is None else g.play(after)


def rummikub_saves():
    """Saves of a match at a round's end, mid-round at a person's turn and
    at the match's end."""
    seats = ["human", "easy", "easy"]
    saves = []

    def save(game, screen):
        assert (game.phase == PLAYING) == (screen == "play"), screen
        saves.append(savefile.dumps(game, {"seats": seats, "match_id": 3, "screen": screen,
                                           "logged": len(game.round_rows)}))
    g = Game(Rules(timer_s=0), 3, seed=21, rounds=2, names=["Ana", "Bo", "Cy"])
    _play(g, 1000)
    save(g, "result")
    g.next_round()
    _play(g, 5)
    g.current = 0
    save(g, "play")
    g = Game(Rules(timer_s=0), 3, seed=22, rounds=1, names=["Ana", "Bo", "Cy"])
    _play(g, 1000)
    save(g, "scoreboard")
    return saves


def gin_saves():
    """Saves of a gin game mid-hand, after a hand and at the game's end."""
    saves = []
    for target, acts, screen in ((100, 7, "gin_play"), (100, 999, "gin_hand"),
                                 (1, 999, "gin_over")):
        for seed in range(1, 20):
            g = GinGame(GinRules(target=target), seed=seed, names=["Ann", "Ben"])
            ps = [GinPlayer("easy"), GinPlayer("easy")]
            for _ in range(acts):
                if g.phase == HAND_OVER:
                    break
                ps[g.current].act(g)
            if screen == "gin_play" and g.current != 0:
                ps[g.current].act(g)
            if (screen == "gin_over") == g.is_over() and \
                    (g.phase == HAND_OVER) == (screen != "gin_play") and \
                    (screen != "gin_play" or g.current == 0):
                break
        saves.append(gin_savefile.dumps(g, {"seats": ["human", "easy"], "id": 4,
                                            "screen": screen, "logged": len(g.history)}))
    return saves


RK_SAVES = rummikub_saves()
GIN_SAVES = gin_saves()


def paths(v, pre=()):
    """Every place in a JSON value: dict keys and list indices."""
    out = [pre] if pre else []
    if isinstance(v, dict):
        for k in v:
            out += paths(v[k], pre + (k,))
    elif isinstance(v, list):
        for i in range(len(v)):
            out += paths(v[i], pre + (i,))
    return out


def put(head, path, value):
    d = head
    for k in path[:-1]:
        d = d[k]
    if value is DROP:
        if isinstance(d, dict):
            del d[path[-1]]
        else:
            d.pop(path[-1])
    else:
        d[path[-1]] = value


WORDS = ["play", "privacy", "result", "scoreboard", "watch", "gin_play", "gin_pass",
         "gin_hand", "gin_over", "title", "human", "easy", "hard", "robot", "k", "g", "u", "v",
         "", "Ann", "x" * 30]
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.integers(-2 ** 40, 2 ** 40),
                   st.floats(allow_nan=False), st.text(max_size=6), st.sampled_from(WORDS))
JSON = st.one_of(SCALAR, st.lists(st.one_of(st.integers(-2, 55), SCALAR), max_size=4),
                 st.recursive(SCALAR, lambda inner: st.one_of(
                     st.lists(inner, max_size=3),
                     st.dictionaries(st.sampled_from(WORDS), inner, max_size=3)),
                     max_leaves=6))
VALUE = st.one_of(st.just(DROP), JSON)
# one to three places changed; an int place often just nudged by one
EDIT = st.tuples(st.integers(0, 10 ** 6), st.one_of(VALUE, st.sampled_from([1, -1])),
                 st.booleans())
EDITS = st.lists(EDIT, min_size=1, max_size=3)


def edited(data, mod, edits):
    def change(head):
        for where, value, nudge in edits:
            places = paths(head)
            if not places:
                return
            path = places[where % len(places)]
            if nudge and value in (1, -1):
                d = head
                for k in path:
                    d = d[k]
                if isinstance(d, int) and not isinstance(d, bool):
                    value = d + value
            put(head, path, value)
    return rehead(data, mod, change)


def wake_into(files, keep_backup):
    """A device whose flash holds `files` ({name: payload}, each saved
    twice when keep_backup so the one before it is there), woken from an
    idle sleep and pressed KEYS; returns (the screen woken into, the
    line it showed)."""
    from host_tools.emulator.headless import Runner
    root = tempfile.mkdtemp(prefix="hostile-save-")
    try:
        r = Runner(root)                  # powered on: the title screen
        st_ = Storage(root, log=lambda s: None)
        for name, (good, bad) in files.items():
            if keep_backup:
                st_.save(name, good)
            st_.save(name, bad)
        r.asleep = True                   # as after an idle sleep: the next key wakes it
        woke = None
        for k in KEYS:
            r.press(k)
            err = r.app.error
            assert "\n" not in err and len(err) <= 120, err
            woke = woke or (r.app.screen.name, err)
        return woke
    finally:
        shutil.rmtree(root, ignore_errors=True)


@settings(max_examples=CASES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.integers(0, len(RK_SAVES) - 1), EDITS, st.booleans())
def test_a_rummikub_save_with_any_field_value_never_crashes_the_app(which, edits, backup):
    good = RK_SAVES[which]
    wake_into({"game": (good, edited(good, savefile, edits))}, backup)


@settings(max_examples=CASES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.integers(0, len(GIN_SAVES) - 1), EDITS, st.booleans())
def test_a_gin_save_with_any_field_value_never_crashes_the_app(which, edits, backup):
    good = GIN_SAVES[which]
    wake_into({"gin": (good, edited(good, gin_savefile, edits)), "gin_on": (b"1", b"1")},
              backup)


def test_the_unedited_saves_resume():
    woke = [wake_into({"game": (good, good)}, False) for good in RK_SAVES]
    assert woke == [("result", ""), ("play", ""), ("scoreboard", "")]
    woke = [wake_into({"gin": (good, good), "gin_on": (b"1", b"1")}, False)
            for good in GIN_SAVES]
    assert woke == [("gin_play", ""), ("gin_hand", ""), ("gin_over", "")]


# ---- the settings file and the files the host pushes --------------------------

RULE_NAMES = ["tile_set", "first_player", "initial_meld", "timer_s", "joker_penalty",
              "match_winner", "self", "nope"]
RULE_JSONS = st.one_of(st.sampled_from(["xp", "standard", "random", "tiles", 0, 20, 30, 600,
                                         True, False]), SCALAR)
SETUP = st.fixed_dictionaries({}, optional={
    "players": st.one_of(st.integers(0, 8), SCALAR),
    "seats": st.one_of(st.lists(st.sampled_from(WORDS + ["medium", "expert"]), max_size=7),
                       JSON),
    "rounds": st.one_of(st.integers(-1, 120), SCALAR),
    "rules": st.one_of(st.dictionaries(st.sampled_from(RULE_NAMES), RULE_JSONS, max_size=3),
                       JSON)})
NAMES = st.one_of(st.lists(st.one_of(st.text(max_size=30), st.sampled_from(WORDS)), max_size=8),
                  JSON)
SETTINGS = st.one_of(st.fixed_dictionaries({}, optional={
    "idle_min": st.one_of(st.integers(-1, 700), SCALAR),
    "partials": st.one_of(st.integers(-1, 1100), SCALAR),
    "names": NAMES, "setup": st.one_of(SETUP, JSON), "other": JSON}), JSON)
PUSHED = st.one_of(st.none(), st.dictionaries(st.sampled_from(RULE_NAMES + ["idle_min",
                                                                            "partials"]),
                                              RULE_JSONS, max_size=3), JSON)


def _enc(v):
    return json.dumps(v).encode()


@settings(max_examples=CASES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(SETTINGS, st.one_of(st.just(DROP), NAMES), st.one_of(st.just(DROP), PUSHED))
def test_any_settings_and_pushed_files_never_crash_the_app(s, names, pushed):
    """Power on with these files, open the new-game form, deal, press on."""
    from host_tools.emulator.headless import Runner
    root = tempfile.mkdtemp(prefix="hostile-settings-")
    try:
        Storage(root, log=lambda s: None).save("settings", _enc(s))
        for name, v in (("players.json", names), ("settings.json", pushed)):
            if v is not DROP:
                with open(os.path.join(root, name), "wb") as f:
                    f.write(_enc(v))
        r = Runner(root)
        items = [i[1] for i in r.app.screen.items]
        for k in ["down"] * items.index("setup") + ["a", "start", "a", "right", "start", "b"]:
            r.press(k)
            err = r.app.error
            assert "\n" not in err and len(err) <= 120, err
    finally:
        shutil.rmtree(root, ignore_errors=True)
