"""Gin Rummy on the emulator, with buttons only: whole games from the title
to the game-over screen against the AI and between two people, resume
after a power cut and after an idle sleep, and the press counts."""
import os

from host_tools.emulator.headless import Runner
from gin_keys import GinKeys


def start(tmp_path, opponent_rights=0, shots=True):
    sd = tmp_path / "shots"
    sd.mkdir(exist_ok=True)
    r = Runner(str(tmp_path / "flash"), str(sd) if shots else None)
    k = GinKeys(r)
    assert k.screen.name == "title"
    k.to_gin()
    assert k.screen.name == "gin_setup"
    k.keys(["right"] * opponent_rights)
    k.key("start")
    return r, k


def some_turns(r, k, n):
    """n presses on the play screen (the hand goes on); the game."""
    for _ in range(n):
        if k.screen.name == "gin_play":
            k.turn()
    return r.app.match.game


def test_whole_game_against_hard_ai(tmp_path):
    r, k = start(tmp_path)
    m = r.app.match
    assert m.seats == ["human", "hard"]
    assert k.play_until(("gin_over",)) == "gin_over"
    g = m.game
    assert g.is_over() and max(g.scores) >= 100
    # a typical turn is two presses (draw, discard), the first up-card one
    assert k.turns > 10 and (k.presses - g.hand_no * 2) / k.turns < 2.3
    # every hand and the game are in the score log, for sync
    from sync import protocol as P, records as R
    recs = list(r.app.scorelog().records())
    rounds = [R.decode(kind, p) for kind, seq, p in recs if kind == P.ROUND2]
    matches = [R.decode(kind, p) for kind, seq, p in recs if kind == P.MATCH2]
    assert len(rounds) == g.hand_no and len(matches) == 1
    assert [sum(x["scores"]) for x in rounds] == [h[1] for h in g.history]
    assert {x["game"] for x in rounds} == {2}              # Gin's code: filed under Gin at once
    mt = matches[0]
    assert mt["totals"] == g.final()[1]
    import time
    from sync.matchinfo import split
    rules, info = split(mt["rules"])
    assert rules == {} and info["game"] == "gin" and info["seats"] == ["human", "hard"]
    assert abs(info["at"] - time.time()) < 600           # the emulator's clock: a computer's
    assert mt["winner"] == g.final()[0] and mt["match_id"] == m.match_id != 0
    k.key("a")
    assert k.screen.name == "title" and r.app.match is None
    assert r.hal.storage.load("gin") is None
    names = sorted(os.listdir(str(tmp_path / "shots")))
    for screen in ("gin_setup", "gin_play", "gin_hand", "gin_over"):
        assert any("-%s-" % screen in n for n in names), screen


def test_two_people_pass_the_device(tmp_path):
    r, k = start(tmp_path, opponent_rights=1, shots=False)
    m = r.app.match
    assert m.seats == ["human", "human"] and m.humans() == 2
    seen = set()
    for _ in range(60):
        n = k.screen.name
        seen.add(n)
        if n == "gin_play":
            # only the player to act is shown, and only their own hand
            assert k.screen.me == m.game.current
            k.turn()
        else:
            k.key("a")
    assert "gin_pass" in seen and "gin_play" in seen
    assert k.play_until(("gin_over",)) == "gin_over"


def test_after_a_power_cut_an_idle_sleep_at_the_title_wakes_to_the_title(tmp_path):
    """The flash key saying "a gin game was on" goes at a power-on: the
    next idle sleep, at the title, does not wake into the gin game."""
    r, k = start(tmp_path, shots=False)
    some_turns(r, k, 3)
    assert r.hal.storage.load("gin_on") is not None
    r2 = Runner(str(tmp_path / "flash"))          # power off and on
    k2 = GinKeys(r2)
    assert k2.screen.name == "title" and r2.hal.storage.load("gin_on") is None
    r2.run(10 * 60 * 1000)                         # idle: the device sleeps
    assert r2.asleep
    k2.key("a")                                    # the wake
    assert k2.screen.name == "title" and r2.app.match is None


def test_resume_after_power_cut_from_the_title(tmp_path):
    r, k = start(tmp_path, shots=False)
    g = some_turns(r, k, 9)
    state = (bytes(g.hands[0]), bytes(g.hands[1]), bytes(g.stock), g.phase, g.current)
    r2 = Runner(str(tmp_path / "flash"))          # power off and on
    k2 = GinKeys(r2)
    assert k2.screen.name == "title"
    k2.to_gin()
    assert k2.screen.items()[0][2] == "resume"
    k2.key("a")
    g2 = r2.app.match.game
    assert (bytes(g2.hands[0]), bytes(g2.hands[1]), bytes(g2.stock), g2.phase,
            g2.current) == state
    assert k2.screen.name == "gin_play"
    assert k2.play_until(("gin_over",)) == "gin_over"


def test_idle_sleep_and_wake_back_into_the_hand(tmp_path):
    r, k = start(tmp_path, shots=False)
    g = some_turns(r, k, 5)
    before = (bytes(g.hands[0]), bytes(g.pile), g.phase)
    r.run(10 * 60 * 1000)                          # idle: the device sleeps
    assert r.asleep
    k.key("a")                                     # any button wakes it
    assert not r.asleep and k.screen.name == "gin_play"
    g = r.app.match.game
    assert (bytes(g.hands[0]), bytes(g.pile), g.phase) == before


def test_a_damaged_save_is_refused_with_a_message(tmp_path):
    r, k = start(tmp_path, shots=False)
    k.key("b", long=True)                          # save and quit
    assert k.screen.name == "title"
    raw = bytearray(r.hal.storage.load("gin"))
    raw[20] ^= 0xFF
    r.hal.storage.save("gin", bytes(raw))
    r.hal.storage.delete("gin.bak") if hasattr(r.hal.storage, "delete") else None
    k.to_gin()
    k.key("a")
    assert k.screen.name == "gin_setup" and "not loaded" in k.screen.error


def _craft(r, change):
    """The flash's gin save with change(head) applied, checksum valid."""
    from save_edit import rehead
    from gin import savefile
    st = r.hal.storage
    st.save("gin", rehead(st.load("gin"), savefile, change))


def test_a_hostile_save_after_sleep_boots_to_the_title_in_one_line(tmp_path):
    r, k = start(tmp_path, shots=False)
    some_turns(r, k, 3)
    r.run(10 * 60 * 1000)                          # idle: the device sleeps
    assert r.asleep
    _craft(r, lambda h: h.update(hist=None))
    st = r.hal.storage
    os.remove(st.path("gin") + ".bak")             # no copy to fall back to
    k.key("a")                                     # wake: the boot resumes gin
    assert k.screen.name == "title"
    assert r.app.error.startswith("Gin save not loaded: save header is invalid"), r.app.error
    assert "\n" not in r.app.error


def test_a_hostile_save_falls_back_to_the_one_before(tmp_path):
    r, k = start(tmp_path, shots=False)
    some_turns(r, k, 3)
    before = bytes(r.app.match.game.hands[0])
    k.key("b", long=True)                          # save and quit
    st = r.hal.storage
    st.save("gin", st.load("gin"))                 # the good save becomes the backup
    _craft(r, lambda h: h.update(cuts=5))
    k.to_gin()
    k.key("a")                                     # resume
    assert k.screen.name == "gin_play"
    assert r.app.error == "Gin save damaged; the one before it was loaded"
    assert bytes(r.app.match.game.hands[0]) == before
    k.turn()                                       # and it plays on
    assert r.app.error == ""


def test_the_app_holds_the_gin_match_as_its_one_match(tmp_path):
    r = Runner(str(tmp_path / "flash"), None)
    assert r.app.match is None                             # no game yet
    k = GinKeys(r)
    k.to_gin()
    k.key("start")
    assert type(r.app.match).__name__ == "GinMatch"
    assert r.app.match.match_id != 0                       # the app's match id
    k.key("b", long=True)
    assert k.screen.name == "title" and r.app.match is None
    assert r.hal.storage.load("gin") is not None           # a quit keeps the save


def test_a_full_flash_says_so_in_one_line_and_the_game_goes_on(tmp_path, monkeypatch):
    r, k = start(tmp_path, shots=False)
    some_turns(r, k, 2)
    before = r.hal.storage.load("gin")

    def full(key, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(r.app.storage, "save", full)
    some_turns(r, k, 4)                            # each action saves: none gets through
    assert r.app.error == "Storage full: game not saved"
    assert k.screen.name in ("gin_play", "gin_hand") and not r.asleep
    assert r.hal.storage.load("gin") == before     # the last save is as it was


def test_a_long_reason_a_save_did_not_load_stays_one_short_line(tmp_path, monkeypatch):
    """The reason a Gin save gives (a header error can quote the runtime's
    own message) is cut so the line fits the glass: the hostile-save
    property test found a 126-character one."""
    from gin import savefile
    r, k = start(tmp_path, shots=False)
    some_turns(r, k, 3)
    r.run(10 * 60 * 1000)                          # idle: the device sleeps
    assert r.asleep

    def loads(data):
        raise savefile.SaveError("save header is invalid: " + "x" * 200)
    monkeypatch.setattr(savefile, "loads", loads)
    k.key("a")                                     # wake: the boot resumes gin
    assert k.screen.name == "title"
    assert r.app.error.startswith("Gin save not loaded: save header is invalid: xxx")
    assert len(r.app.error) <= 81 and "\n" not in r.app.error, r.app.error
