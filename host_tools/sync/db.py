"""The host's score database (standard sqlite3).

Every record pulled off a device is kept raw (device id, log id, seq) next
to the tables built from it, in the same transaction that moves the resume
point forward: a sync cut off anywhere leaves either all of a batch or none
of it, and the next sync asks for what comes after.  A match is keyed by
(device id, log id, match id) and a round by (device id, log id, match id,
round), so a record sent twice changes nothing, and a wiped device log
whose new match ids repeat an old log's (they carry only 16 bits of the
log id) keeps its matches apart (issue 24 D1).

The tables are rebuilt from the raw records whenever the file's
user_version is below SCHEMA_VERSION (a database of an older schema, or a
rebuild cut off half way): nothing is lost, and matches an older schema
had merged come back.
"""
import json
import sqlite3
import time

from sync import protocol as P
from sync import records as R

DEFAULT_PATH = "scores.db"

SCHEMA_VERSION = 1      # 1: log_id in the match, player, round and score keys
# the tables built from the records (dropped and rebuilt by a migration)
BUILT = ("scores", "rounds", "match_players", "matches")

SCHEMA = """
CREATE TABLE IF NOT EXISTS devices (
    device_id TEXT PRIMARY KEY, fw_version TEXT, first_seen REAL, last_seen REAL);
CREATE TABLE IF NOT EXISTS logs (
    device_id TEXT NOT NULL, log_id INTEGER NOT NULL,
    last_seq INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (device_id, log_id));
CREATE TABLE IF NOT EXISTS records (
    device_id TEXT NOT NULL, log_id INTEGER NOT NULL, seq INTEGER NOT NULL,
    kind INTEGER NOT NULL, body BLOB NOT NULL, synced_at REAL NOT NULL,
    PRIMARY KEY (device_id, log_id, seq));
CREATE TABLE IF NOT EXISTS players (
    player_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS matches (
    device_id TEXT NOT NULL, log_id INTEGER NOT NULL, match_id INTEGER NOT NULL,
    nplayers INTEGER NOT NULL, nrounds INTEGER, winner_seat INTEGER,
    rules TEXT, finished INTEGER NOT NULL DEFAULT 0,
    first_synced REAL NOT NULL, finished_synced REAL,
    PRIMARY KEY (device_id, log_id, match_id));
CREATE TABLE IF NOT EXISTS match_players (
    device_id TEXT NOT NULL, log_id INTEGER NOT NULL, match_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players, total INTEGER, wins INTEGER,
    PRIMARY KEY (device_id, log_id, match_id, seat));
CREATE TABLE IF NOT EXISTS rounds (
    device_id TEXT NOT NULL, log_id INTEGER NOT NULL, match_id INTEGER NOT NULL,
    round_no INTEGER NOT NULL, winner_seat INTEGER, exhausted INTEGER,
    PRIMARY KEY (device_id, log_id, match_id, round_no));
CREATE TABLE IF NOT EXISTS scores (
    device_id TEXT NOT NULL, log_id INTEGER NOT NULL, match_id INTEGER NOT NULL,
    round_no INTEGER NOT NULL,
    seat INTEGER NOT NULL, player_id INTEGER NOT NULL REFERENCES players,
    score INTEGER NOT NULL, rack_left INTEGER,
    PRIMARY KEY (device_id, log_id, match_id, round_no, seat));
"""


class DbError(Exception):
    """The file is not a score database SQLite can open."""


class Db:
    def __init__(self, path=DEFAULT_PATH):
        self.path = path
        self.con = sqlite3.connect(path, timeout=10)
        try:
            # WAL without an fsync per commit: a commit lost to a power cut
            # only means those records are asked for again (the device keeps them).
            self.con.execute("PRAGMA journal_mode = WAL")
            self.con.execute("PRAGMA synchronous = NORMAL")
            self.undecodable = []     # (seq, why) of records stored raw only
            tables = {t for (t,) in self.con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and "records" not in tables:    # another program's database
                self.con.close()
                raise DbError("%s is not a score database (it holds other tables: %s)"
                              % (path, ", ".join(sorted(tables)[:5])))
            if self.con.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                self._rebuild()
        except sqlite3.DatabaseError as e:
            self.con.close()
            raise DbError("%s is not a score database (SQLite: %s)" % (path, e))
        self.con.execute("PRAGMA foreign_keys = ON")

    def _rebuild(self):
        """The built tables dropped, made anew and filled from the raw
        records (in the order they were synced); user_version is set last,
        so a rebuild cut off half way runs again on the next open."""
        c = self.con
        for t in BUILT:
            c.execute("DROP TABLE IF EXISTS %s" % t)
        c.executescript(SCHEMA)
        with c:
            for dev, log_id, kind, seq, body, at in c.execute(
                    "SELECT device_id, log_id, kind, seq, body, synced_at FROM records "
                    "ORDER BY synced_at, device_id, log_id, seq").fetchall():
                self._apply(dev, log_id, kind, seq, body, at)
            c.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
        self.undecodable = []

    def close(self):
        self.con.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- sync bookkeeping ----------------------------------------------------
    def seen_device(self, device_id, fw_version):
        now = time.time()
        with self.con:
            self.con.execute(
                "INSERT INTO devices VALUES (?, ?, ?, ?) ON CONFLICT(device_id) "
                "DO UPDATE SET fw_version = excluded.fw_version, last_seen = excluded.last_seen",
                (device_id, fw_version, now, now))

    def last_seq(self, device_id, log_id):
        row = self.con.execute("SELECT last_seq FROM logs WHERE device_id = ? AND log_id = ?",
                               (device_id, log_id)).fetchone()
        return row[0] if row else 0

    def store(self, device_id, log_id, recs):
        """Keep records [(kind, seq, payload)] in seq order and apply them;
        all in one transaction.  Returns (new records, matches finished)."""
        now = time.time()
        new = finished = 0
        with self.con:
            c = self.con
            for kind, seq, payload in recs:
                cur = c.execute("INSERT OR IGNORE INTO records VALUES (?, ?, ?, ?, ?, ?)",
                                (device_id, log_id, seq, kind, bytes(payload), now))
                if not cur.rowcount:
                    continue          # already have it: a resend
                new += 1
                finished += self._apply(device_id, log_id, kind, seq, payload, now)
            if recs:
                c.execute("INSERT INTO logs VALUES (?, ?, ?) ON CONFLICT(device_id, log_id) "
                          "DO UPDATE SET last_seq = max(last_seq, excluded.last_seq)",
                          (device_id, log_id, recs[-1][1]))
        return new, finished

    def _apply(self, device_id, log_id, kind, seq, payload, now):
        """One record into the tables; 1 if it finished a match."""
        try:
            if kind == P.ROUND:
                self._round((device_id, log_id), R.decode_round(payload), now)
            elif kind == P.MATCH:
                return self._match((device_id, log_id), R.decode_match(payload), now)
        except R.RecordError as e:
            # kept raw (nothing lost), left out of the tables
            self.undecodable.append((seq, "%s record: %s" % (P.NAMES[kind], e)))
        return 0

    def player_id(self, name):
        c = self.con
        c.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
        return c.execute("SELECT player_id FROM players WHERE name = ?", (name,)).fetchone()[0]

    def _ensure_match(self, log, match_id, n, now):
        self.con.execute("INSERT OR IGNORE INTO matches (device_id, log_id, match_id, "
                         "nplayers, first_synced) VALUES (?, ?, ?, ?, ?)",
                         log + (match_id, n, now))

    def _round(self, log, d, now):
        """log: (device id, log id)."""
        mid, rno = d["match_id"], d["round"]
        self._ensure_match(log, mid, len(d["names"]), now)
        self.con.execute("INSERT OR IGNORE INTO rounds VALUES (?, ?, ?, ?, ?, ?)",
                         log + (mid, rno, d["winner"], int(d["exhausted"])))
        for seat, name in enumerate(d["names"]):
            self.con.execute("INSERT OR IGNORE INTO scores VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             log + (mid, rno, seat, self.player_id(name),
                                    d["scores"][seat], d["racks"][seat]))

    def _match(self, log, d, now):
        c = self.con
        mid = d["match_id"]
        self._ensure_match(log, mid, len(d["names"]), now)
        cur = c.execute("UPDATE matches SET nplayers = ?, nrounds = ?, winner_seat = ?, "
                        "rules = ?, finished = 1, finished_synced = ? "
                        "WHERE device_id = ? AND log_id = ? AND match_id = ? AND finished = 0",
                        (len(d["names"]), len(d["rounds"]), d["winner"],
                         json.dumps(d["rules"], sort_keys=True), now) + log + (mid,))
        if not cur.rowcount:
            return 0                  # finished before: never count it twice
        pids = [self.player_id(n) for n in d["names"]]
        for seat, pid in enumerate(pids):
            c.execute("INSERT OR REPLACE INTO match_players VALUES (?, ?, ?, ?, ?, ?, ?)",
                      log + (mid, seat, pid, d["totals"][seat], d["wins"][seat]))
        # rounds whose own record was lost on the device: take them from here
        for r, row in enumerate(d["rounds"]):
            best = max(range(len(row)), key=lambda i: (row[i], -i))
            c.execute("INSERT OR IGNORE INTO rounds VALUES (?, ?, ?, ?, ?, NULL)",
                      log + (mid, r + 1, best))
            for seat, pid in enumerate(pids):
                c.execute("INSERT OR IGNORE INTO scores VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
                          log + (mid, r + 1, seat, pid, row[seat]))
        return 1

    # -- reading -------------------------------------------------------------
    def records(self, device_id, log_id):
        return self.con.execute("SELECT kind, seq, body FROM records WHERE device_id = ? "
                                "AND log_id = ? ORDER BY seq", (device_id, log_id)).fetchall()

    def player_stats(self, game=None):
        """One row per player: name, matches, match wins, rounds, rounds won,
        points, average rack left (None if never known).  game: "rummikub"
        or "gin" counts only that game's matches and rounds (a gin game's
        match record says "game": "gin" in its rules; rounds count once
        their match is known), None counts both."""
        g = "1" if game is None else \
            "coalesce(json_extract(m.rules, '$.game'), 'rummikub') = :game"
        q = """
        SELECT p.name,
          (SELECT count(*) FROM match_players mp
             JOIN matches m USING (device_id, log_id, match_id)
             WHERE mp.player_id = p.player_id AND m.finished = 1 AND %(g)s),
          (SELECT count(*) FROM match_players mp
             JOIN matches m USING (device_id, log_id, match_id)
             WHERE mp.player_id = p.player_id AND m.finished = 1 AND m.winner_seat = mp.seat
             AND %(g)s),
          (SELECT count(*) FROM scores s LEFT JOIN matches m USING (device_id, log_id, match_id)
             WHERE s.player_id = p.player_id AND %(g)s),
          (SELECT count(*) FROM scores s
             JOIN rounds r USING (device_id, log_id, match_id, round_no)
             LEFT JOIN matches m USING (device_id, log_id, match_id)
             WHERE s.player_id = p.player_id AND r.winner_seat = s.seat AND %(g)s),
          (SELECT coalesce(sum(score), 0) FROM scores s LEFT JOIN matches m
             USING (device_id, log_id, match_id) WHERE s.player_id = p.player_id AND %(g)s),
          (SELECT avg(rack_left) FROM scores s
             LEFT JOIN matches m USING (device_id, log_id, match_id)
             WHERE s.player_id = p.player_id AND s.rack_left IS NOT NULL AND %(g)s)
        FROM players p ORDER BY p.name""" % {"g": g}
        rows = self.con.execute(q, {"game": game}).fetchall()
        if game is not None:      # only the players of that game
            rows = [r for r in rows if r[1] or r[3]]
        return rows

    def points_timeline(self):
        """(name, match order, points in that match) for finished matches,
        in the order they were synced."""
        q = """
        SELECT p.name, m.device_id, m.log_id, m.match_id, mp.total
        FROM matches m JOIN match_players mp USING (device_id, log_id, match_id)
        JOIN players p ON p.player_id = mp.player_id
        WHERE m.finished = 1
        ORDER BY m.finished_synced, m.device_id, m.log_id, m.match_id"""
        return self.con.execute(q).fetchall()
