"""Scores per game (issue 39): Rummikub and Gin Rummy are never added
together, a match's rounds are filed under its game before it finishes,
`--game` is right for both, counts read "1 match", and the default
database lies outside the checkout."""
import csv
import io
import os
import subprocess
import sys

from devlink import Device, FaultProxy, ROOT
from synccheck import device_log
from sync import protocol as P
from sync import records as R
from sync.scorelog import ScoreLog
from sync import matchid
from host_tools import count
from host_tools.sync import scores
from host_tools.sync.db import Db, round_game

RK = ["Ann", "Ben", "Cy"]
GIN = ["Ann", "AI hard"]


def tool(*args, env=None, cwd=ROOT):
    r = subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=cwd,
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, **(env or {})))
    return r.returncode, r.stdout, r.stderr


def rummikub_match(mid, finished=True):
    recs = [R.encode_round(mid, 1, RK, [12, -5, -7], [0, 5, 7], 0)]
    if finished:
        recs.append(R.encode_match(mid, RK, [[12, -5, -7]], [12, -5, -7], [1, 0, 0], 0, {}))
    return recs


def gin_game(mid, finished=True):
    recs = [R.encode_round(mid, 1, GIN, [0, 43], [53, 10], 1),
            R.encode_round(mid, 2, GIN, [64, 0], [5, 69], 0)]
    if finished:
        recs.append(R.encode_match(mid, GIN, [[0, 43], [64, 0]], [184, 63], [1, 1], 0,
                                   {"game": "gin"}))
    return recs


def store(db, *matches, start=1):
    recs = [(k, start + i, p) for i, (k, p) in enumerate(r for m in matches for r in m)]
    return db.store("dev", 1, recs)


def test_the_two_games_are_never_added_together(tmp_path):
    path = str(tmp_path / "s.db")
    with Db(path) as db:
        store(db, rummikub_match(7), gin_game(8))
    rc, out, err = tool("scores", "--db", path)
    assert rc == 0, err
    rk, gin = out.split("\n\n")
    assert rk.splitlines()[0] == "Rummikub" and gin.splitlines()[0].startswith("Gin Rummy")
    ann = [ln.split() for ln in out.splitlines() if " Ann " in ln]
    assert [a[6] for a in ann] == ["+12", "+64"]             # each game's own points
    assert "+76" not in out
    rc, out, err = tool("scores", "--db", path, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sorted((r["game"], r["player"], r["points"]) for r in rows if r["player"] == "Ann") \
        == [("gin", "Ann", "64"), ("rummikub", "Ann", "12")]


def test_game_option_is_right_for_both(tmp_path):
    path = str(tmp_path / "s.db")
    with Db(path) as db:
        store(db, rummikub_match(7), gin_game(8))
    for game, shown, hidden in (("gin", "AI hard", "Ben"), ("rummikub", "Ben", "AI hard")):
        rc, out, err = tool("scores", "--db", path, "--game", game)
        assert rc == 0 and shown in out and hidden not in out, (game, out, err)
        assert "\n\n" not in out.strip()                     # one table
    rc, out, _ = tool("scores", "--db", path, "--game", "gin", "--csv")
    assert {r["game"] for r in csv.DictReader(io.StringIO(out))} == {"gin"}


def test_an_unfinished_games_rounds_are_filed_under_its_game(tmp_path):
    """Before: `--game rummikub` counted an unfinished Gin game's hands and
    `--game gin` found nothing (db.py filed them by coalesce(..., 'rummikub'))."""
    with Db(str(tmp_path / "s.db")) as db:
        store(db, rummikub_match(7, finished=False), gin_game(8, finished=False))
        rk = {d["player"]: d for d in scores.leaderboard(db, "rummikub")}
        assert sorted(rk) == RK and rk["Ann"]["rounds"] == 1 and rk["Ann"]["points"] == 12
        assert "AI hard" not in rk
        # records of firmware before rounds named their game: a hand nobody
        # lost points in could be either game until its game's record comes
        assert [g for g, _ in scores.boards(db)] == ["rummikub", None]
        assert scores.leaderboard(db, "gin") == []
        store(db, gin_game(8)[2:], start=6)                    # the game ends
        gin = {d["player"]: d for d in scores.leaderboard(db, "gin")}
        assert gin["Ann"]["rounds"] == 2 and gin["Ann"]["points"] == 64
        assert [g for g, _ in scores.boards(db)] == ["rummikub", "gin"]


def test_a_gin_game_going_on_counts_as_gin_from_its_first_hand(tmp_path):
    """Rounds of this firmware name their game (sync.records: the flags'
    code), so a Gin game's hands count under Gin before the game ends."""
    with Db(str(tmp_path / "s.db")) as db:
        store(db, [R.encode_round(8, 1, GIN, [0, 43], [53, 10], 1, game=2),
                   R.encode_round(9, 1, RK, [0, 0, 0], [5, 5, 5], None, True, game=1)])
        assert [g for g, _ in scores.boards(db)] == ["rummikub", "gin"]
        gin = {d["player"]: d for d in scores.leaderboard(db, "gin")}
        assert gin["AI hard"]["points"] == 43 and gin["Ann"]["rounds"] == 1
        assert {d["player"] for d in scores.leaderboard(db, "rummikub")} == set(RK)


def test_the_round_rule_for_older_records():
    assert round_game({"scores": [12, -5, -7]}) == "rummikub"
    assert round_game({"scores": [0, 0]}) is None          # an exhausted tie, or a void hand
    assert round_game({"scores": [64, 0]}) is None
    assert round_game({"scores": [64, 0], "game": 2}) == "gin"       # what rounds say now
    assert round_game({"scores": [0, 0], "game": 1}) == "rummikub"
    assert round_game({"scores": [12, -12], "game": 0}) == "rummikub"


def test_counts_read_right():
    assert [count(n, "match") for n in (0, 1, 2)] == ["0 matches", "1 match", "2 matches"]
    assert count(1, "new record") == "1 new record" and count(3, "entry", "entries") == \
        "3 entries"


def test_sync_says_1_match_and_keeps_the_database_out_of_the_checkout(tmp_path):
    """No --db: the database goes to XDG_DATA_HOME (~/.local/share), not
    into the folder sync runs in; a scores.db an older tool left there is
    named, not read."""
    folder = tmp_path / "device"
    folder.mkdir()
    log = ScoreLog(device_log(folder))
    mid = matchid.reserve(log)
    log.append_round(mid, 1, RK, [12, -5, -7], [0, 5, 7], 0)
    log.append_match(mid, RK, [[12, -5, -7]], [12, -5, -7], [1, 0, 0], 0, {})
    data = tmp_path / "data"
    here = tmp_path / "here"
    here.mkdir()
    env = {"XDG_DATA_HOME": str(data)}
    with Device(folder, device_id="handheld-1") as dev, FaultProxy(dev, host="pty") as proxy:
        rc, out, err = tool("sync", "--port", proxy.url, "--timeout", "0.5", env=env,
                            cwd=str(here))
    assert rc == 0, err
    assert "handheld-1: 3 new records, 1 match finished" in out, out
    assert os.listdir(str(here)) == []
    db = data / "pocket-rummikub" / "scores.db"
    assert db.is_file()
    (here / "scores.db").write_bytes(b"")
    rc, out, err = tool("scores", env=env, cwd=str(here))
    assert rc == 0 and "Ann" in out, err
    assert "./scores.db (where older tools kept the scores) is not read" in err
    r = subprocess.run(["git", "check-ignore", "-q", "scores.db"], cwd=ROOT)
    assert r.returncode == 0                  # one named with --db here stays out of git
