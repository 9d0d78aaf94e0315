"""Gin hands and games in the host database: `scores` shows each game's
table, `--game gin` / `--game rummikub` one of them."""
import os
import subprocess
import sys

from sync import protocol as P, records as R
from host_tools.sync.db import Db
from host_tools.sync import scores

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fill(path):
    recs = []
    seq = 0
    # a Rummikub match: Ann, Ben, Cy
    for rnd, row in ((1, [12, -5, -7]),):
        seq += 1
        recs.append((P.ROUND, seq, R.encode_round(7, rnd, ["Ann", "Ben", "Cy"], row,
                                                  [0, 5, 7], 0)[1]))
    seq += 1
    recs.append((P.MATCH, seq, R.encode_match(7, ["Ann", "Ben", "Cy"], [[12, -5, -7]],
                                              [12, -5, -7], [1, 0, 0], 0, {})[1]))
    # a gin game: Ann against AI hard, two hands then the game
    for hand, row, dw in ((1, [0, 43], [53, 10]), (2, [64, 0], [5, 69])):
        seq += 1
        recs.append((P.ROUND, seq, R.encode_round(8, hand, ["Ann", "AI hard"], row, dw,
                                                  0 if row[0] else 1)[1]))
    seq += 1
    recs.append((P.MATCH, seq, R.encode_match(8, ["Ann", "AI hard"], [[0, 43], [64, 0]],
                                              [184, 63], [1, 1], 0, {"game": "gin"})[1]))
    with Db(path) as db:
        db.store("dev1", 1, recs)


def test_game_filter(tmp_path):
    path = str(tmp_path / "scores.db")
    fill(path)
    with Db(path) as db:
        tables = dict(scores.boards(db))
        gin = {d["player"]: d for d in scores.leaderboard(db, "gin")}
        rk = {d["player"]: d for d in scores.leaderboard(db, "rummikub")}
    assert list(tables) == ["rummikub", "gin"]          # a table each, never one sum
    assert sorted(gin) == ["AI hard", "Ann"] and sorted(rk) == ["Ann", "Ben", "Cy"]
    assert gin["Ann"]["matches"] == 1 and gin["Ann"]["rounds"] == 2
    assert gin["Ann"]["points"] == 64 and gin["AI hard"]["rounds_won"] == 1
    assert rk["Ann"]["points"] == 12 and rk["Ann"]["matches"] == 1
    p = subprocess.run([sys.executable, "-m", "host_tools", "scores", "--db", path,
                        "--game", "gin"], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0 and "AI hard" in p.stdout and "Ben" not in p.stdout


def test_a_void_hand_logs_each_players_deadwood_as_exhausted():
    from gin.game import GinGame, HAND_OVER
    from gin.melds import deadwood
    from sync import ginlog
    g = GinGame(seed=8, names=["Ann", "Ben"])
    g.pass_offer()
    g.pass_offer()
    while g.phase != HAND_OVER:          # nobody knocks: the stock runs down
        g.draw_stock()
        g.discard(g.hands[g.current][0])
    log = []                           # sync.ginlog takes a list as a log
    ginlog.log_gin_hand(log, g, 5)
    rec = R.decode(*log[0])
    assert rec["exhausted"] and rec["winner"] is None and rec["scores"] == [0, 0]
    assert rec["racks"] == [deadwood(g.hands[0]), deadwood(g.hands[1])]
    assert min(rec["racks"]) > 0
