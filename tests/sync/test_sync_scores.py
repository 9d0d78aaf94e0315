"""Leaderboard and statistics from a known match: the official rule sheet's
4-round example (RULES.md), stored through the same path sync uses."""
import csv
import io

from host_tools.sync import scores
from host_tools.sync.db import Db
from sync import protocol as P
from sync import records as R

ROWS = [[24, -5, -16, -3], [-6, -11, 22, -5], [-32, -13, -2, 47], [-10, -25, 41, -6]]
WINNERS = [0, 2, 3, 2]
NAMES = ["A", "B", "C", "D"]


def example_records(match_id=7):
    recs = [(P.LOG_START, 1, R.encode_log_start(99))]
    for r, row in enumerate(ROWS):
        racks = [0 if i == WINNERS[r] else -v for i, v in enumerate(row)]
        recs.append((P.ROUND, r + 2, R.encode_round(match_id, r + 1, NAMES, row, racks,
                                                     WINNERS[r])[1]))
    recs.append((P.MATCH, 6, R.encode_match(match_id, NAMES, ROWS, [-24, -54, 45, 33],
                                            [1, 0, 2, 1], 2, {"joker_penalty": 25})[1]))
    return recs


def test_official_example_leaderboard(tmp_path):
    with Db(str(tmp_path / "s.db")) as db:
        assert db.store("dev", 99, example_records()) == (6, 1)
        assert db.store("dev", 99, example_records()) == (0, 0)        # resent
        assert db.store("dev", 99, example_records()[3:]) == (0, 0)
        rows = scores.leaderboard(db)
    assert [(d["player"], d["match_wins"], d["rounds_won"], d["points"]) for d in rows] == [
        ("C", 1, 2, 45), ("D", 0, 1, 33), ("A", 0, 1, -24), ("B", 0, 0, -54)]
    a = [d for d in rows if d["player"] == "A"][0]
    assert a["matches"] == 1 and a["rounds"] == 4 and a["avg_rack_left"] == 12.0
    table = scores.format_table(rows).splitlines()
    assert table[2].split() == ["1", "C", "1", "1", "4", "2", "+45", "4.5"]
    out = io.StringIO()
    scores.write_csv(rows, out)
    back = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert back[3] == {"game": "rummikub", "rank": "4", "player": "B", "matches": "1", "match_wins": "0",
                       "rounds": "4", "rounds_won": "0", "points": "-54",
                       "avg_rack_left": "13.5"}


def test_same_match_id_on_two_devices_counts_twice(tmp_path):
    """The key is (device, match id): two handhelds may reuse an id."""
    with Db(str(tmp_path / "s.db")) as db:
        db.store("dev1", 1, example_records())
        db.store("dev2", 5, example_records())
        c = [d for d in scores.leaderboard(db) if d["player"] == "C"][0]
        assert (c["matches"], c["match_wins"], c["points"]) == (2, 2, 90)
        assert scores.timelines(db)["C"] == ([1, 2], [45, 90])


def test_unfinished_match_counts_rounds_not_the_match(tmp_path):
    with Db(str(tmp_path / "s.db")) as db:
        db.store("dev", 99, example_records()[:3])
        d = [d for d in scores.leaderboard(db) if d["player"] == "A"][0]
        assert (d["matches"], d["rounds"], d["points"]) == (0, 2, 18)
        db.store("dev", 99, example_records()[3:])
        d = [d for d in scores.leaderboard(db) if d["player"] == "A"][0]
        assert (d["matches"], d["rounds"], d["points"]) == (1, 4, -24)
