"""A result the score log cannot take (a full flash) is never lost (issue
33, item 3): it waits in the match and its save, the glass says so, and
it goes in at the next write that succeeds; the match record goes in too
when its match's last round failed first; a match left with results
waiting hands them to the outbox, emptied before the next result (both
games, both runtimes).  The flash fails as littlefs does, OSError ENOSPC
from open, for the score log's files only (`log`: the saves go on) or
for every file (`all`); tests/sync_mp/test_sync_fullflash.py fills a
real littlefs."""
import builtins
import os

from check import raises
from simple_player import choose
from gin_play import play_hand
from sync import protocol as P
from sync import records as R
from sync.scorelog import ScoreLog
from synctmp import scratch, remove
import ui_hal
from ui.app import App

_open = builtins.open


class Flash:
    """The app's flash folder; full = None, "log" or "all"."""

    def __init__(self, name):
        self.root = scratch(name)
        self.full = None
        flash = self

        def full_open(path, mode="r", *args):
            if flash.full and ("w" in mode or "a" in mode) and path.startswith(flash.root) \
                    and (flash.full == "all" or "/scores.log" in path):
                raise OSError(28, "No space left on device")
            return _open(path, mode, *args)
        builtins.open = full_open
        self.app = App(ui_hal.TestHal(self.root))

    def log(self):
        """[(kind, match id, round or None)] of the score log's results."""
        out = []
        for kind, seq, payload in ScoreLog(self.root + "/scores.log").records():
            if kind != P.LOG_START:
                d = R.decode(kind, payload)
                out.append((kind, d["match_id"], d.get("round")))
        return out

    def close(self):
        builtins.open = _open
        for name in os.listdir(self.root):
            os.remove(self.root + "/" + name)
        os.rmdir(self.root)
        remove(self.root)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def rummikub(app, rounds):
    from rummikub.game import Game
    from rummikub.rules import Rules
    from ui.match import Match
    g = Game(Rules(), 2, seed=5, rounds=rounds, names=["Ann", "Ben"])
    return Match(g, ["human", "human"], app.new_match_id())


def started(app, rounds):
    """A two-person Rummikub match of `rounds` rounds, the app in it."""
    m = rummikub(app, rounds)
    app.start_match(m)
    return m


def play_round(m):
    g = m.game
    if g.phase != 0:
        g.next_round()
    while g.phase == 0:
        after = choose(g)
        if after is None:
            g.draw() if g.pool else g.fail()
        else:
            g.play(after)


def wait_line(n):
    return "Storage full: %d result%s wait to be logged" % (n, "" if n == 1 else "s")


def test_a_rummikub_match_whose_last_round_cannot_be_logged_loses_nothing():
    with Flash("unlog-r") as fl:
        app = fl.app
        from ui.score_log import log_round
        m = started(app, 2)
        play_round(m)
        log_round(app, m)
        assert [k for k, _, _ in fl.log()] == [P.ROUND2] and app.error == ""
        fl.full = "log"
        play_round(m)                       # the match's last round
        log_round(app, m)
        assert len(m.unlogged) == 2 and app.error == wait_line(2)
        assert [k for k, _, _ in fl.log()] == [P.ROUND2]
        m.save(app, "scoreboard")           # the save keeps them
        from ui.saved import load
        back = load(app.storage)[0]
        assert back.unlogged == m.unlogged and back.match_id == m.match_id
        app.end_match()                     # left: to the outbox, the save goes
        assert app.storage.load("game") is None
        assert len(app.storage.load("unlogged").split()) == 2
        fl.full = None
        app.error = ""
        m2 = rummikub(app, 1)               # the next match's round: those first
        app.start_match(m2)
        play_round(m2)
        log_round(app, m2)
        assert fl.log() == [(P.ROUND2, m.match_id, 1), (P.ROUND2, m.match_id, 2),
                            (P.MATCH2, m.match_id, None), (P.ROUND2, m2.match_id, 1),
                            (P.MATCH2, m2.match_id, None)]
        assert app.storage.load("unlogged") is None and m2.unlogged == [] and app.error == ""


def test_results_wait_in_a_saved_match_until_the_log_takes_them():
    """A round that failed waits in the save through a power cut (the
    match resumed from flash) and goes in before the next round."""
    with Flash("unlog-s") as fl:
        app = fl.app
        from ui.score_log import log_round
        m = started(app, 3)
        fl.full = "log"
        play_round(m)
        log_round(app, m)
        assert len(m.unlogged) == 1 and app.error == wait_line(1)
        m.save(app, "result")
        fl.full = None
        from ui.saved import load
        m = load(app.storage)[0]            # powered off and on: the save
        play_round(m)
        log_round(app, m)
        assert [(k, r) for k, _, r in fl.log()] == [(P.ROUND2, 1), (P.ROUND2, 2)]
        assert m.unlogged == []


def test_a_match_left_when_nothing_can_be_written_keeps_its_save():
    with Flash("unlog-k") as fl:
        app = fl.app
        from ui.score_log import log_round
        m = started(app, 1)
        play_round(m)
        fl.full = "log"
        log_round(app, m)
        m.save(app, "scoreboard")
        fl.full = "all"
        app.end_match()
        assert app.error == "Storage full: results wait in the saved game"
        from ui.saved import load
        assert len(load(app.storage)[0].unlogged) == 2      # still on flash
        fl.full = None
        from ui.score_log import flush
        flush(app)                          # nothing in the outbox: the save has them
        app.resume()                        # the finished match, back
        app.end_match()
        assert [k for k, _, _ in fl.log()] == [P.ROUND2, P.MATCH2]
        assert app.storage.load("game") is None


def gin(app, seed=3):
    from gin.game import GinGame
    from ui.gin.match import GinMatch
    return GinMatch(GinGame(None, seed, ["Ann", "Ben"]), ["human", "human"],
                    app.new_match_id())


def test_a_gin_hand_the_log_cannot_take_waits_and_the_glass_says_so():
    from ai.gin.players import GinPlayer
    with Flash("unlog-g") as fl:
        app = fl.app
        m = gin(app)
        app.start_match(m)
        players = [GinPlayer("easy", seed=1), GinPlayer("easy", seed=2)]
        play_hand(m.game, players)
        assert m.log_hands(app) and app.error == ""
        fl.full = "log"
        m.game.next_hand()
        play_hand(m.game, players)
        assert m.log_hands(app)
        assert len(m.unlogged) == 1 and app.error == wait_line(1)
        m.save(app, "gin_hand")
        from ui.gin.saved import load
        back = load(app.storage)[0]
        assert back.unlogged == m.unlogged and back.match_id == m.match_id
        fl.full = None
        app.error = ""
        m.game.next_hand()
        play_hand(m.game, players)
        m.log_hands(app)
        assert [(k, r) for k, _, r in fl.log()] == [(P.ROUND2, 1), (P.ROUND2, 2),
                                                    (P.ROUND2, 3)]
        assert m.unlogged == [] and app.error == ""


def test_a_rummikub_match_and_a_gin_game_begun_before_either_logs_differ():
    """Issue 33, item 1: a Rummikub match saved in its first round, then a
    Gin game from the title, got one id (the next id came from what the
    log held, and neither had logged anything): the host merged them."""
    from sync.matchid import split
    with Flash("unlog-i") as fl:
        app = fl.app
        m = started(app, 2)
        m.save(app)
        app.end_match()                     # to the title, the match saved
        g = gin(app)
        again = App(ui_hal.TestHal(fl.root)).new_match_id()     # after a power cycle
        ids = [split(x) for x in (m.match_id, g.match_id, again)]
        assert [n for _, _, n in ids] == [1, 2, 3] and len(set(ids)) == 3, ids
        assert len(set((c, lid) for c, lid, _ in ids)) == 1


def test_a_save_with_a_bad_waiting_result_falls_back():
    """Nothing read from flash is trusted: a save whose waiting results
    are not records does not load (its backup does)."""
    with Flash("unlog-b") as fl:
        app = fl.app
        m = rummikub(app, 1)
        from ui.saved import _restore
        for bad in ("x", ["zz"], ["1"], ["0a00"], [5]):
            e = raises(ValueError, _restore, m.game, {"seats": ["human", "human"],
                                                      "match_id": m.match_id,
                                                      "unlogged": bad})
            assert "unlogged" in str(e), (bad, e)
        for bad in ("5f3a9c01.0", "x.y", True, -1, 1 << 32):
            e = raises(ValueError, _restore, m.game, {"seats": ["human", "human"],
                                                      "match_id": bad})
            assert "match id" in str(e), (bad, e)
