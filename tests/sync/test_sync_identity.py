"""A match is one match of one log (issue 24 D1): a wiped device log whose
new id shares its low 16 bits with the old one repeats the old match ids;
the host keeps both, and a database of the older schema (matches keyed
by device and match id only) is rebuilt from its raw records on open."""
import sqlite3

from host_tools.sync import scores
from host_tools.sync.db import Db, SCHEMA_VERSION
from test_sync_scores import example_records

OLD_LOG, NEW_LOG = 0x1111ABCD, 0x2222ABCD
MATCH = 0xABCD0001          # the first match id of either log

# the schema before log ids were in the keys (user_version 0)
OLD_SCHEMA = """
CREATE TABLE devices (device_id TEXT PRIMARY KEY, fw_version TEXT, first_seen REAL,
    last_seen REAL);
CREATE TABLE logs (device_id TEXT NOT NULL, log_id INTEGER NOT NULL,
    last_seq INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (device_id, log_id));
CREATE TABLE records (device_id TEXT NOT NULL, log_id INTEGER NOT NULL, seq INTEGER NOT NULL,
    kind INTEGER NOT NULL, body BLOB NOT NULL, synced_at REAL NOT NULL,
    PRIMARY KEY (device_id, log_id, seq));
CREATE TABLE players (player_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE matches (device_id TEXT NOT NULL, match_id INTEGER NOT NULL,
    nplayers INTEGER NOT NULL, nrounds INTEGER, winner_seat INTEGER, rules TEXT,
    finished INTEGER NOT NULL DEFAULT 0, first_synced REAL NOT NULL, finished_synced REAL,
    PRIMARY KEY (device_id, match_id));
INSERT INTO players (name) VALUES ('A');
INSERT INTO matches VALUES ('dev', %d, 4, 4, 2, '{}', 1, 1.0, 1.0);
""" % MATCH


def test_colliding_match_ids_of_two_logs_both_count(tmp_path):
    with Db(str(tmp_path / "s.db")) as db:
        assert db.store("dev", OLD_LOG, example_records(MATCH)) == (6, 1)
        assert db.store("dev", NEW_LOG, example_records(MATCH)) == (6, 1)
        c = [d for d in scores.leaderboard(db) if d["player"] == "C"][0]
        assert (c["matches"], c["match_wins"], c["rounds"], c["points"]) == (2, 2, 8, 90)
        assert scores.timelines(db)["C"] == ([1, 2], [45, 90])


def test_older_schema_is_rebuilt_from_the_records(tmp_path):
    """The collision already merged in an old database: the raw records
    were all kept, so the rebuild brings the lost match back."""
    path = str(tmp_path / "old.db")
    con = sqlite3.connect(path)
    con.executescript(OLD_SCHEMA)
    for log_id, t in ((OLD_LOG, 10.0), (NEW_LOG, 20.0)):
        for kind, seq, body in example_records(MATCH):
            con.execute("INSERT INTO records VALUES ('dev', ?, ?, ?, ?, ?)",
                        (log_id, seq, kind, body, t))
        con.execute("INSERT INTO logs VALUES ('dev', ?, 6)", (log_id,))
    con.commit()
    con.close()
    with Db(path) as db:
        assert db.con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        got = db.con.execute("SELECT log_id, match_id, finished, finished_synced FROM matches "
                             "ORDER BY log_id").fetchall()
        assert got == [(OLD_LOG, MATCH, 1, 10.0), (NEW_LOG, MATCH, 1, 20.0)]
        c = [d for d in scores.leaderboard(db) if d["player"] == "C"][0]
        assert (c["matches"], c["rounds"], c["points"]) == (2, 8, 90)
        assert db.last_seq("dev", NEW_LOG) == 6
    with Db(path) as db:             # opened again: nothing rebuilt twice
        assert db.con.execute("SELECT count(*) FROM scores").fetchone()[0] == 32
