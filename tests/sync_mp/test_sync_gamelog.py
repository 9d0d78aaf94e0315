"""A real engine match logged round by round (CPython + MicroPython)."""
from rummikub.game import Game
from rummikub.rules import Rules
from simple_player import play_match
from sync import protocol as P
from sync import records as R
from sync.gamelog import log_round, log_match
from sync.matchinfo import split, round_game
from sync.scorelog import ScoreLog
from synctmp import scratch, remove
from sync.matchid import reserve


def test_engine_match_lands_in_the_log():
    path = scratch("game")
    log = ScoreLog(path)
    g = Game(Rules(joker_penalty=20), 3, seed=7, rounds=2, names=["Ana", "Bo", "Cy"])
    mid = reserve(log)
    play_match(g, on_round=lambda g: log_round(log, g, mid))
    log_match(log, g, mid)
    recs = list(ScoreLog(path).records())
    assert [k for k, _, _ in recs] == [P.LOG_START, P.ROUND2, P.ROUND2, P.MATCH2]
    r2 = R.decode(P.ROUND2, recs[2][2])
    assert r2["scores"] == g.round_rows[1] and r2["winner"] == g.round_winners[1]
    assert r2["racks"][r2["winner"]] == 0 or r2["exhausted"]
    assert sum(r2["scores"]) == 0 and r2["names"] == ["Ana", "Bo", "Cy"]
    m = R.decode(P.MATCH2, recs[3][2])
    assert m["rounds"] == g.round_rows and m["winner"] == g.match_winner()
    assert m["rules"] == {"joker_penalty": 20} and m["match_id"] == mid
    assert sum(m["wins"]) == 2 and m["totals"] == g.standings()[0]
    remove(path)


def test_records_say_the_game_when_and_who_played():
    """Every round names its game; the match record carries when it ended
    (by the clock the host set) and each seat's AI level beside the rules
    that differ (sync.matchinfo), for the History and the host."""
    path = scratch("info")
    log = ScoreLog(path)
    g = Game(Rules(initial_meld=50), 3, seed=3, rounds=1, names=["Ana", "Bo", "Cy"])
    mid = reserve(log)
    play_match(g, on_round=lambda g: log_round(log, g, mid))
    log_match(log, g, mid, 1795836658, ["human", "expert", "easy"])
    recs = list(ScoreLog(path).records())
    assert round_game(R.decode(P.ROUND2, recs[1][2])["game"]) == "rummikub"
    rules, info = split(R.decode(P.MATCH2, recs[2][2])["rules"])
    assert rules == {"initial_meld": 50}
    assert info == {"game": "rummikub", "at": 1795836658, "seats": ["human", "expert", "easy"]}
    log_match(log, g, reserve(log))               # the clock never set: no date
    rules, info = split(R.decode(P.MATCH2, list(ScoreLog(path).records())[3][2])["rules"])
    assert info["at"] is None and info["seats"] is None and rules == {"initial_meld": 50}
    remove(path)


def test_a_gin_game_is_logged_as_gin():
    from gin.game import GinGame
    from gin.rules import GinRules
    from gin.game import HAND_OVER
    from ai.gin.players import GinPlayer
    from sync.ginlog import log_gin_hand, log_gin_match
    path = scratch("gininfo")
    log = ScoreLog(path)
    g = GinGame(GinRules(target=50, oklahoma=True), 5, ["Ana", "AI hard"])
    mid = reserve(log)
    players = [GinPlayer("easy", seed=1), GinPlayer("easy", seed=2)]
    while True:
        while g.phase != HAND_OVER:
            players[g.current].act(g)
        log_gin_hand(log, g, mid)
        if g.is_over():
            break
        g.next_hand()
    log_gin_match(log, g, mid, 1795836658, ["human", "hard"])
    recs = list(ScoreLog(path).records())
    assert {round_game(R.decode(k, p)["game"]) for k, _, p in recs if k == P.ROUND2} == {"gin"}
    rules, info = split(R.decode(P.MATCH2, recs[-1][2])["rules"])
    assert rules == {"target": 50, "oklahoma": True}
    assert info == {"game": "gin", "at": 1795836658, "seats": ["human", "hard"]}
    remove(path)
