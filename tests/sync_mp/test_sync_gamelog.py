"""A real engine match logged round by round (CPython + MicroPython)."""
from rummikub.game import Game
from rummikub.rules import Rules
from simple_player import play_match
from sync import protocol as P
from sync import records as R
from sync.gamelog import log_round, log_match
from sync.scorelog import ScoreLog
from synctmp import scratch, remove


def test_engine_match_lands_in_the_log():
    path = scratch("game")
    log = ScoreLog(path)
    g = Game(Rules(joker_penalty=20), 3, seed=7, rounds=2, names=["Ana", "Bo", "Cy"])
    mid = log.new_match_id()
    play_match(g, on_round=lambda g: log_round(log, g, mid))
    log_match(log, g, mid)
    recs = list(ScoreLog(path).records())
    assert [k for k, _, _ in recs] == [P.LOG_START, P.ROUND, P.ROUND, P.MATCH]
    r2 = R.decode_round(recs[2][2])
    assert r2["scores"] == g.round_rows[1] and r2["winner"] == g.round_winners[1]
    assert r2["racks"][r2["winner"]] == 0 or r2["exhausted"]
    assert sum(r2["scores"]) == 0 and r2["names"] == ["Ana", "Bo", "Cy"]
    m = R.decode_match(recs[3][2])
    assert m["rounds"] == g.round_rows and m["winner"] == g.match_winner()
    assert m["rules"] == {"joker_penalty": 20} and m["match_id"] == mid
    assert sum(m["wins"]) == 2 and m["totals"] == g.standings()[0]
    remove(path)
