"""Files on the device never stop it from booting (issue 13, section 4).

Every file the app reads - the save, the settings, the names and settings
the host pushed - is written here with content that passes its checksum
(or, for the pushed JSON files, parses) but is wrong.  The app must boot,
fall back to the backup or the defaults, say so in one line, and go on:
new game, resume, and a boot after an idle sleep.  A full flash when
saving says "Storage full" and loses nothing saved before."""
import json
import os
import sys

from hal.storage import Storage, _OsFs
from rummikub import savefile
from rummikub.game import Game
from rummikub.rules import Rules
from sync.matchid import reserve

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import Driver  # noqa: E402

BAD_SETTINGS = [None, [], 5, "x", {"names": 5}, {"names": [1, 2]}, {"names": [""]},
                {"idle_min": "x"}, {"idle_min": None}, {"partials": -1}, {"partials": True},
                {"setup": []}, {"setup": {"players": 99}}, {"setup": {"seats": "human"}},
                {"setup": {"rules": {"joker_penalty": "lots"}}}, {"setup": {"rules": 7}},
                {"setup": {"rounds": None}}]


def store(root):
    os.makedirs(str(root), exist_ok=True)
    return Storage(str(root), log=lambda s: None)


def one_line(err):
    assert err and "\n" not in err and len(err) <= 80, err
    return err


def new_game_rows(d):
    """Open New game from the title; the form's rows."""
    items = [i[1] for i in d.screen.items]
    for _ in range(items.index("setup")):
        d.key("down")
    d.key("a")
    assert d.screen.name == "setup"
    return d.screen.rows()


def test_settings_with_wrong_content_fall_back_to_defaults(tmp_path):
    for i, content in enumerate(BAD_SETTINGS):
        root = tmp_path / str(i)
        store(root).save("settings", json.dumps(content).encode())
        d = Driver(str(root))
        assert d.screen.name == "title", content
        assert "defaults used" in one_line(d.app.error), (content, d.app.error)
        s = d.app.settings
        assert s["idle_min"] == 3 or "idle_min" not in str(content), content
        assert isinstance(s["names"], list) and len(s["names"]) == 6
        d.key("a")                      # the first key clears the message
        assert d.app.error == ""
        rows = new_game_rows(d)         # and the new-game form works
        assert rows[0][0] == "Players", content


def test_settings_not_json_and_fewer_names(tmp_path):
    store(tmp_path / "a").save("settings", b"\xff{not json")
    d = Driver(str(tmp_path / "a"))
    assert "Settings damaged (not JSON); defaults used" == d.app.error
    store(tmp_path / "b").save("settings", json.dumps({"names": ["Zoe", "Yan"]}).encode())
    d = Driver(str(tmp_path / "b"))
    assert d.app.error == ""            # fewer names than seats is fine
    assert d.app.settings["names"][:3] == ["Zoe", "Yan", "Cai"]


def test_damaged_settings_fall_back_to_the_backup(tmp_path):
    st = store(tmp_path)
    st.save("settings", json.dumps({"idle_min": 10, "names": ["Zoe"]}).encode())
    st.save("settings", json.dumps({"idle_min": "ten"}).encode())   # the old one -> .bak
    d = Driver(str(tmp_path))
    assert "backup was loaded" in one_line(d.app.error)
    assert d.app.settings["idle_min"] == 10 and d.app.settings["names"][0] == "Zoe"


def a_save(extra, current=0):
    g = Game(Rules(timer_s=0), 2, 5, 1, ["Ann", "Ben"])
    g.current = current
    return savefile.dumps(g, extra)


GOOD = {"seats": ["human", "human"], "match_id": 1, "screen": "play", "last_human": 0}
BAD_EXTRA = [None, [], {}, {"seats": None}, {"seats": ["human"]},
             {"seats": ["human", "robot"]}, {"seats": "hh"},
             dict(GOOD, screen="bogus"), dict(GOOD, screen=5),
             dict(GOOD, match_id="x"), dict(GOOD, before="R5 R6 nonsense")]
ODD_BUT_USABLE = [dict(GOOD, state=[1, 2]), dict(GOOD, state={"ed": 5}),
                  dict(GOOD, state={"ed": "zz"}), dict(GOOD, review=None),
                  dict(GOOD, last_human="x"), dict(GOOD, logged=-4),
                  dict(GOOD, screen="privacy", state={"play": 3}),
                  dict(GOOD, state={"ed": "00", "left": "x"}), dict(GOOD, before=7)]


def test_save_with_wrong_content_is_refused_in_one_line(tmp_path):
    for i, extra in enumerate(BAD_EXTRA):
        root = tmp_path / str(i)
        store(root).save("game", a_save(extra))
        d = Driver(str(root))
        assert d.screen.items[0][1] == "resume"
        d.key("a")
        assert d.screen.name == "title", extra
        assert d.app.error.startswith("Saved game not loaded"), (extra, d.app.error)
        assert store(root).load("game") is not None       # kept on flash
        d.key("a")
        assert new_game_rows(d)[0][0] == "Players"


def test_save_with_odd_fields_still_resumes(tmp_path):
    for i, extra in enumerate(ODD_BUT_USABLE):
        root = tmp_path / str(i)
        store(root).save("game", a_save(extra))
        d = Driver(str(root))
        d.key("a")
        if d.screen.name == "privacy":
            d.key("a")
        assert d.screen.name == "play", (extra, d.app.error)
        d.key("right")                  # and the screen works
        assert d.screen.name == "play"


def test_damaged_save_falls_back_to_the_one_before(tmp_path):
    st = store(tmp_path)
    st.save("game", a_save(dict(GOOD, match_id=77)))
    st.save("game", a_save(dict(GOOD, seats=["human", "robot"])))
    d = Driver(str(tmp_path))
    d.key("a")
    assert "the one before it was loaded" in one_line(d.app.error)
    assert d.screen.name == "privacy" and d.app.match.match_id == 77
    d.key("a")                          # the next press clears the line
    assert d.screen.name == "play" and d.app.error == ""


def test_wake_from_sleep_with_a_bad_save_boots_to_the_title(tmp_path):
    """After an idle sleep the app resumes at once: a bad save there must
    not crash it (on the board that would be a boot loop)."""
    from host_tools.emulator.backend import EmulatorHal, Clock
    from hal.base import WAKE_BUTTON
    for i, extra in enumerate(BAD_EXTRA[:6]):
        root = str(tmp_path / str(i))
        store(root).save("game", a_save(extra))
        from ui.app import App
        hal = EmulatorHal(root, clock=Clock(), wake=(WAKE_BUTTON, 1 << 4), log=lambda s: None)
        app = App(hal)
        app.boot()
        assert app.screen.name == "title" and "Saved game not loaded" in app.error


def test_pushed_files_with_wrong_content_are_ignored_in_one_line(tmp_path):
    cases = [("players.json", "null"), ("players.json", '{"a": 1}'),
             ("players.json", "[1, 2]"), ("players.json", "not json"),
             ("settings.json", "[1]"), ("settings.json", "null"),
             ("settings.json", "{bad")]
    for i, (name, text) in enumerate(cases):
        root = tmp_path / str(i)
        root.mkdir()
        (root / name).write_text(text)
        d = Driver(str(root))
        assert d.screen.name == "title"
        assert "unreadable; ignored" in one_line(d.app.error), (name, text)
        assert d.app.settings["names"][0] == "Ann"
        assert not (root / name).exists()    # read once, not again every boot
        d.key("a")
        assert new_game_rows(d)[1][0].split()[-1] == "Ann"


def test_pushed_names_and_settings_reach_the_new_game_form(tmp_path):
    (tmp_path / "players.json").write_text('["Zoe", "Yan", "Xi"]')
    (tmp_path / "settings.json").write_text(
        '{"joker_penalty": 20, "idle_min": 5, "contrast": 3, "timer_s": "slow"}')
    d = Driver(str(tmp_path))
    assert d.app.error == ""
    assert d.app.settings["names"][:4] == ["Zoe", "Yan", "Xi", "Dee"]
    assert d.app.settings["idle_min"] == 5 and d.app.sleeper.idle_ms == 5 * 60000
    rows = new_game_rows(d)
    labels = " | ".join(r[0] for r in rows)
    assert "Zoe" in labels and "Yan" in labels
    assert dict((r[2], r[1]) for r in rows)["joker_penalty"].startswith("20")
    assert not (tmp_path / "players.json").exists()
    d2 = Driver(str(tmp_path))              # kept in the settings from now on
    assert d2.app.settings["names"][0] == "Zoe"


class FullFs(_OsFs):
    """The real files, until the flash is full: then every write fails
    as littlefs does (OSError ENOSPC)."""
    full = False

    def open(self, p, mode):
        f = open(p, mode)
        if self.full and "w" in mode:
            return _Full(f)
        return f


class _Full:
    def __init__(self, f):
        self.f = f

    def write(self, b):
        raise OSError(28, "No space left on device")

    def flush(self):
        pass

    def close(self):
        self.f.close()


def test_full_flash_says_storage_full_and_loses_nothing(tmp_path):
    st = store(tmp_path)
    st.save("settings", json.dumps({"idle_min": 5}).encode())
    before = st.load("settings")
    d = Driver(str(tmp_path))
    fs = FullFs()
    d.app.storage.fs = fs
    fs.full = True
    rows = new_game_rows(d)
    d.key("start")                     # deal: saves the settings and the game
    assert d.app.match is not None and d.screen.name in ("play", "privacy")
    assert d.app.error == "Storage full: game not saved"
    assert st.load("settings") == before          # the earlier copy is intact
    # no save: the flash holds the settings, the device id and the score log
    assert [n for n in os.listdir(str(tmp_path))
            if not n.startswith("scores.log") and n != "device_id"] == ["settings"]
    assert rows
    frame = bytes(d.app.fb.buf)
    d.app.redraw()
    d.app.render()
    assert bytes(d.app.fb.buf) == frame         # the line is on the glass
    fs.full = False
    d.key("down")                       # the next press clears it
    assert d.app.error == ""


def test_history_shows_an_undecodable_record_as_unreadable(tmp_path):
    from sync.scorelog import ScoreLog
    from sync import protocol as P
    log = ScoreLog(str(tmp_path / "scores.log"))
    mid = reserve(log)
    log.append_match(mid, ["Ann", "Ben"], [[5, -5]], [5, -5], [1, 0], 0)
    with open(str(tmp_path / "scores.log"), "ab") as f:    # CRC fine, payload short
        f.write(P.encode(P.MATCH, 3, b"\x05\x00\x00\x00\x03\x01\x00"))
    d = Driver(str(tmp_path))
    items = [i[1] for i in d.screen.items]
    for _ in range(items.index("history")):
        d.key("down")
    d.key("a")
    assert d.screen.name == "history"
    ms = d.screen.matches
    assert ms[0]["unreadable"] == 3 and "does not decode" in ms[0]["why"]
    assert ms[1]["names"] == ["Ann", "Ben"]
    d.key("left")                       # the readable one, then back
    d.key("left")
    assert d.screen.name == "history" and d.screen.i == 0
    d.key("b")
    assert d.screen.name == "title"


def test_settings_with_more_players_than_the_tile_set_still_deal(tmp_path):
    """A form remembered with 5 or 6 players and the standard set (a
    settings file or pushed rules) deals with the XP set, as the form's own
    LEFT/RIGHT would (issue 24 D3: was GameError out of START)."""
    for i, setup in enumerate(({"players": 6}, {"players": 5, "rules": {"tile_set": "standard"}})):
        root = tmp_path / str(i)
        store(root).save("settings", json.dumps({"setup": setup}).encode())
        d = Driver(str(root))
        new_game_rows(d)
        d.key("start")
        g = d.app.match.game
        assert g.n == setup["players"] and g.rules.tile_set == "xp"
