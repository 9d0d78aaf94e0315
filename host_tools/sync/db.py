"""The host's score database (standard sqlite3).

Every record pulled off a device is kept raw (device id, log id, seq) next
to the tables built from it, in the same transaction that moves the resume
point forward: a sync cut off anywhere leaves either all of a batch or none
of it, and the next sync asks for what comes after.  A match is keyed by
(device id, log id, match id) and a round by (device id, log id, match id,
round), so a record sent twice changes nothing (match_key: which console
and log those are for a record's match id), and a wiped device log whose
new match ids repeat an old log's (format 1 ids carry only 16 bits of the
log id) keeps its matches apart.

Before anything in a file changes it is checked (Db.__init__): an SQLite
file, not empty, intact (PRAGMA quick_check), ours (APPLICATION_ID, or,
for files made before it was set, the tables every schema of ours had)
and not of a newer schema; else DbError says in one line what it is and
what to do, and nothing in it is touched.  A new file is made complete
beside its name and linked into place.

The tables are rebuilt from the raw records whenever the file's
user_version is below SCHEMA_VERSION (a database of an older schema, or a
rebuild cut off half way): nothing is lost, and matches an older schema
had merged come back.

Each match is filed under its game (matches.game: "rummikub", "gin", or
NULL when no record of it says: sync.matchinfo), and every statistic is
one game's: Rummikub points and Gin points are never added together.  A
round record names its game in its flags; one from firmware before that
is Rummikub if anyone scored below zero (a Gin hand never does), and
otherwise its match's record, once synced, says.
"""
import json
import os
import sqlite3
import tempfile
import time
import urllib.parse

from sync import protocol as P
from sync import records as R
from sync import matchid
from sync.matchinfo import GAMES, split, round_game as game_of_code

from host_tools import prog
from host_tools.options import one_line, writable_folder

def data_dir():
    """Where the host keeps what is the user's, not the checkout's: the
    score database (XDG_DATA_HOME, else ~/.local/share, /pocket-rummikub)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pocket-rummikub")


def default_path():
    """The score database `sync` and `scores` use without --db: outside
    any checkout, so a pull or a clean never touches it."""
    return os.path.join(data_dir(), "scores.db")


def db_option(ap, help):
    """--db FILE on parser ap; resolve it with chosen_db() after parsing."""
    from host_tools.options import shown_default
    ap.add_argument("--db", metavar="FILE", default=None,
                    help="%s (default: %s)" % (help, shown_default(default_path())))


def chosen_db(ap, args):
    """args.db checked as an output file, or the default path (its folder
    is made by whoever makes the database: Db(path)).  A scores.db here in the folder the command
    runs in (where older tools kept it) is named on stderr: it is not read
    unless --db names it."""
    import sys
    from host_tools.options import out_file
    if args.db is not None:
        return ap.checked("--db", out_file, args.db)
    path = default_path()
    if os.path.isfile(LEGACY_PATH) and os.path.abspath(LEGACY_PATH) != path:
        print("%s: note: ./%s (where older tools kept the scores) is not read; this "
              "uses %s (pass --db %s for that one)" % (ap.name, LEGACY_PATH, path, LEGACY_PATH),
              file=sys.stderr)
    if not os.path.isdir(os.path.dirname(path)):
        return path               # nothing synced yet: Db says so
    return ap.checked("--db", out_file, path)


LEGACY_PATH = "scores.db"      # older tools' default: the folder they ran in

SCHEMA_VERSION = 2      # 1: log_id in the match, player, round and score keys
                        # 2: the match's game, end time and seats' AI levels
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
    game TEXT, ended_at INTEGER,
    PRIMARY KEY (device_id, log_id, match_id));
CREATE TABLE IF NOT EXISTS match_players (
    device_id TEXT NOT NULL, log_id INTEGER NOT NULL, match_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players, total INTEGER, wins INTEGER,
    level TEXT,
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


RESULTS = (P.ROUND, P.MATCH, P.ROUND2, P.MATCH2)
NEW_IDS = 1 << 32       # a format 2 match's number is kept as NEW_IDS + number


def match_key(device_id, log_id, match_id):
    """Where a record's match is kept: ((device id, log id), match id), the
    key columns of every table built from the records.  A format 1 id (an
    int) belongs to the log the record came from.  A format 2 id names its
    console (none: the one the record came from) and that console's log
    itself (the scheme: sync.matchid), so a
    match is one match whichever console's log brought it (link play), and
    also when a log's identity was lost and its records came again; its
    number is kept from NEW_IDS up, apart from every 32-bit id."""
    if isinstance(match_id, int):
        return (device_id, log_id), match_id
    console, lid, number = matchid.split(match_id)
    return (console or device_id, lid), NEW_IDS + number


class DbError(Exception):
    """The file cannot be used as the score database; the message is one
    line saying what it is and what to do."""


APPLICATION_ID = 0x506F636B     # "Pock" in the file header (PRAGMA application_id)
# tables and columns every schema so far has had: a file without our
# application id (made before it was set) is ours only if it holds these
LEGACY = {"devices": ["device_id", "fw_version", "first_seen", "last_seen"],
          "logs": ["device_id", "log_id", "last_seq"],
          "records": ["device_id", "log_id", "seq", "kind", "body", "synced_at"]}
HEADER = b"SQLite format 3\x00"


def damaged(path, why):
    """The one line that says a file is damaged and what to do."""
    return ("%s is damaged (SQLite: %s): sync into a new file (--db NEW.db); the device "
            "still holds every record" % (path, one_line(why, 120)))


def _undecodable_is_damage(method):
    """A damaged file can hold names (of tables, in the schema) that are not
    UTF-8, so that even SQLite's error messages do not decode: that is a
    DatabaseError like any other damage, not a crash."""
    def call(self, *args, **kw):
        try:
            return method(self, *args, **kw)
        except UnicodeDecodeError as e:
            raise sqlite3.DataError("text that is not UTF-8 (%s)" % e) from None
    call.__name__ = method.__name__
    call.__doc__ = method.__doc__
    return call


class Db:
    """The score database at `path`, checked before anything in it changes:
    a SQLite file (not empty, not a folder), intact (quick_check), ours
    (our application id, or the tables every schema of ours had), not of a
    newer schema.  create=False: a missing file is an error, not made.
    Every refusal is a DbError, and the file is left as it was."""

    def __init__(self, path, create=True):
        self.path = path
        self.undecodable = []     # (seq, why) of records stored raw only
        if not os.path.exists(path) and create:
            self._create(path)
        self._check_file(path)
        try:
            self.con = sqlite3.connect("file:%s?mode=rw" % urllib.parse.quote(
                os.path.abspath(path)), uri=True, timeout=10)
        except sqlite3.Error as e:
            raise DbError("cannot open %s (SQLite: %s)" % (path, e)) from None
        self.con.text_factory = _text
        try:
            self._check_content(path)
            # WAL without an fsync per commit: a commit lost to a power cut
            # only means those records are asked for again (the device keeps them).
            self.con.execute("PRAGMA journal_mode = WAL")
            self.con.execute("PRAGMA synchronous = NORMAL")
            if self.con.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                self._rebuild()
            if not self.con.execute("PRAGMA application_id").fetchone()[0]:
                self.con.execute("PRAGMA application_id = %d" % APPLICATION_ID)
            self.con.execute("PRAGMA foreign_keys = ON")
        except sqlite3.OperationalError as e:      # locked, read-only, I/O
            self.con.close()
            raise DbError("cannot use %s (SQLite: %s); nothing in it was changed"
                          % (path, e)) from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as e:    # malformed
            self.con.close()
            raise DbError(damaged(path, e)) from None
        except DbError:
            self.con.close()
            raise

    @staticmethod
    def _check_file(path):
        if not os.path.exists(path):
            raise DbError("no score database at %s; run `%s` first" % (path, prog("sync")))
        if os.path.isdir(path):
            raise DbError("%s is a folder; give --db a file name" % path)
        if not os.path.isfile(path):
            raise DbError("%s is not a regular file; give --db a file name" % path)
        try:
            with open(path, "rb") as f:
                head = f.read(len(HEADER))
        except OSError as e:
            raise DbError("cannot read %s (%s)" % (path, e.strerror)) from None
        if not head:
            raise DbError("%s is an empty file, not a score database: remove it or give "
                          "--db another name" % path)
        if head != HEADER:
            raise DbError("%s is not a score database (not an SQLite file): give --db "
                          "another name; nothing in it was changed" % path)

    def _check_content(self, path):
        """Refuse (DbError) what is damaged, not ours or newer; reads only."""
        c = self.con
        problems = [r[0] for r in c.execute("PRAGMA quick_check(3)").fetchall()]
        if problems != ["ok"]:
            raise DbError(damaged(path, "; ".join(problems)))
        tables = {}
        for (t,) in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            tables[t] = [r[1] for r in c.execute("PRAGMA table_info(%s)" % _quoted(t))]
        app = c.execute("PRAGMA application_id").fetchone()[0]
        ours = app == APPLICATION_ID or (app == 0 and all(
            tables.get(t) == cols for t, cols in LEGACY.items()))
        if not ours:
            held = ", ".join(sorted(tables)[:5]) or "no tables"
            raise DbError("%s is not a score database (it holds %s): give --db another "
                          "name; nothing in it was changed" % (path, held))
        version = c.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise DbError("%s was written by newer host tools (schema %d; these know up to "
                          "%d): update them (pip install -U, or git pull) and sync again"
                          % (path, version, SCHEMA_VERSION))

    @staticmethod
    def _create(path):
        """A new database: made complete in a file beside `path`, then linked
        into place, so `path` is never a half-made database, and a second
        sync making the same file at once keeps the first one's.  The
        default path's folder is made if missing (a given path's must exist)."""
        folder = os.path.dirname(os.path.abspath(path))
        if path == default_path():
            try:
                os.makedirs(folder, exist_ok=True)
            except OSError as e:
                raise DbError("cannot make %s (%s)" % (folder, e.strerror)) from None
        why = writable_folder(folder)
        if why:
            raise DbError("cannot make %s: %s" % (path, why))
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".%s." % os.path.basename(path),
                                   suffix=".new")
        os.close(fd)
        try:
            con = sqlite3.connect(tmp)
            try:
                con.execute("PRAGMA application_id = %d" % APPLICATION_ID)
                con.execute("PRAGMA journal_mode = WAL")
                con.executescript(SCHEMA)
                con.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
                con.commit()
            finally:
                con.close()
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
            try:
                os.link(tmp, path)
            except FileExistsError:
                pass                  # another sync made it meanwhile: use that one
        except (OSError, sqlite3.Error) as e:
            raise DbError("cannot make %s (%s)" % (path, e)) from None
        finally:
            for f in (tmp, tmp + "-wal", tmp + "-shm"):
                try:
                    os.unlink(f)
                except OSError:
                    pass

    def check(self):
        """None if SQLite's quick_check passes, else what it found."""
        try:
            problems = [r[0] for r in self.con.execute("PRAGMA quick_check(3)").fetchall()]
        except (sqlite3.DatabaseError, UnicodeDecodeError) as e:
            return str(e)
        return None if problems == ["ok"] else "; ".join(problems)

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
    @_undecodable_is_damage
    def seen_device(self, device_id, fw_version):
        now = time.time()
        with self.con:
            self.con.execute(
                "INSERT INTO devices VALUES (?, ?, ?, ?) ON CONFLICT(device_id) "
                "DO UPDATE SET fw_version = excluded.fw_version, last_seen = excluded.last_seen",
                (device_id, fw_version, now, now))

    @_undecodable_is_damage
    def last_seq(self, device_id, log_id):
        row = self.con.execute("SELECT last_seq FROM logs WHERE device_id = ? AND log_id = ?",
                               (device_id, log_id)).fetchone()
        return row[0] if row else 0

    @_undecodable_is_damage
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
            if kind in RESULTS:
                d = R.decode(kind, payload)
                log, d["match_id"] = match_key(device_id, log_id, d["match_id"])
                if kind == P.ROUND or kind == P.ROUND2:
                    self._round(log, d, now)
                else:
                    return self._match(log, d, now)
        except R.RecordError as e:
            # kept raw (nothing lost), left out of the tables
            self.undecodable.append((seq, "%s record: %s" % (P.NAMES[kind], e)))
        return 0

    def player_id(self, name):
        c = self.con
        c.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
        return c.execute("SELECT player_id FROM players WHERE name = ?", (name,)).fetchone()[0]

    def _ensure_match(self, log, match_id, n, now, game=None):
        """The match's row, made if new; its game set if a record says it."""
        self.con.execute("INSERT OR IGNORE INTO matches (device_id, log_id, match_id, "
                         "nplayers, first_synced) VALUES (?, ?, ?, ?, ?)",
                         log + (match_id, n, now))
        if game is not None:
            self.con.execute("UPDATE matches SET game = ? WHERE device_id = ? AND log_id = ? "
                             "AND match_id = ? AND game IS NULL", (game,) + log + (match_id,))

    def _round(self, log, d, now):
        """log: (device id, log id)."""
        mid, rno = d["match_id"], d["round"]
        self._ensure_match(log, mid, len(d["names"]), now, round_game(d))
        self.con.execute("INSERT OR IGNORE INTO rounds VALUES (?, ?, ?, ?, ?, ?)",
                         log + (mid, rno, d["winner"], int(d["exhausted"])))
        for seat, name in enumerate(d["names"]):
            self.con.execute("INSERT OR IGNORE INTO scores VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             log + (mid, rno, seat, self.player_id(name),
                                    d["scores"][seat], d["racks"][seat]))

    def _match(self, log, d, now):
        c = self.con
        mid = d["match_id"]
        rules, info = split(d["rules"])
        self._ensure_match(log, mid, len(d["names"]), now)
        cur = c.execute("UPDATE matches SET nplayers = ?, nrounds = ?, winner_seat = ?, "
                        "rules = ?, finished = 1, finished_synced = ?, game = ?, ended_at = ? "
                        "WHERE device_id = ? AND log_id = ? AND match_id = ? AND finished = 0",
                        (len(d["names"]), len(d["rounds"]), d["winner"],
                         json.dumps(rules, sort_keys=True), now, info["game"], info["at"])
                        + log + (mid,))
        if not cur.rowcount:
            return 0                  # finished before: never count it twice
        pids = [self.player_id(n) for n in d["names"]]
        levels = info["seats"] if info["seats"] and len(info["seats"]) == len(pids) \
            else [None] * len(pids)
        for seat, pid in enumerate(pids):
            c.execute("INSERT OR REPLACE INTO match_players VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                      log + (mid, seat, pid, d["totals"][seat], d["wins"][seat], levels[seat]))
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
    @_undecodable_is_damage
    def records(self, device_id, log_id):
        return self.con.execute("SELECT kind, seq, body FROM records WHERE device_id = ? "
                                "AND log_id = ? ORDER BY seq", (device_id, log_id)).fetchall()

    @_undecodable_is_damage
    def games(self):
        """The games the database holds rounds or matches of, Rummikub
        first; None stands for rounds whose game no record says (yet)."""
        held = {r[0] for r in self.con.execute("SELECT DISTINCT game FROM matches")}
        return [g for g in GAMES + (None,) if g in held] + \
            sorted(g for g in held if g is not None and g not in GAMES)

    @_undecodable_is_damage
    def player_stats(self, game):
        """One row per player of that game: name, matches, match wins,
        rounds, rounds won, points, average rack left (None if never
        known).  game: "rummikub" or "gin" (a Gin round is a hand), or
        None for the rounds no record has said the game of yet."""
        g = "m.game IS NULL" if game is None else "m.game = :game"
        q = """
        SELECT p.name,
          (SELECT count(*) FROM match_players mp
             JOIN matches m USING (device_id, log_id, match_id)
             WHERE mp.player_id = p.player_id AND m.finished = 1 AND %(g)s),
          (SELECT count(*) FROM match_players mp
             JOIN matches m USING (device_id, log_id, match_id)
             WHERE mp.player_id = p.player_id AND m.finished = 1 AND m.winner_seat = mp.seat
             AND %(g)s),
          (SELECT count(*) FROM scores s JOIN matches m USING (device_id, log_id, match_id)
             WHERE s.player_id = p.player_id AND %(g)s),
          (SELECT count(*) FROM scores s
             JOIN rounds r USING (device_id, log_id, match_id, round_no)
             JOIN matches m USING (device_id, log_id, match_id)
             WHERE s.player_id = p.player_id AND r.winner_seat = s.seat AND %(g)s),
          (SELECT coalesce(sum(score), 0) FROM scores s JOIN matches m
             USING (device_id, log_id, match_id) WHERE s.player_id = p.player_id AND %(g)s),
          (SELECT avg(rack_left) FROM scores s
             JOIN matches m USING (device_id, log_id, match_id)
             WHERE s.player_id = p.player_id AND s.rack_left IS NOT NULL AND %(g)s)
        FROM players p ORDER BY p.name""" % {"g": g}
        rows = self.con.execute(q, {"game": game}).fetchall()
        return [r for r in rows if r[1] or r[3]]      # only the players of that game

    @_undecodable_is_damage
    def points_timeline(self, game):
        """(name, match order, points in that match) for that game's
        finished matches, in the order they ended (when known) or were synced."""
        q = """
        SELECT p.name, m.device_id, m.log_id, m.match_id, mp.total
        FROM matches m JOIN match_players mp USING (device_id, log_id, match_id)
        JOIN players p ON p.player_id = mp.player_id
        WHERE m.finished = 1 AND m.game = ?
        ORDER BY coalesce(m.ended_at, m.finished_synced), m.device_id, m.log_id, m.match_id"""
        return self.con.execute(q, (game,)).fetchall()

    @_undecodable_is_damage
    def finished_matches(self, game=None, limit=None):
        """The finished matches, the latest first (by when they ended, else
        when they were synced): dicts of game, ended_at (Unix seconds or
        None), rounds, winner seat, rules (the ones that differ) and seats
        [(name, level or None, total, wins)]."""
        where = "m.finished = 1" + ("" if game is None else " AND m.game = :game")
        q = ("SELECT device_id, log_id, match_id, game, ended_at, nrounds, winner_seat, rules "
             "FROM matches m WHERE %s ORDER BY coalesce(ended_at, finished_synced) DESC, "
             "device_id, log_id, match_id DESC" % where)
        if limit:
            q += " LIMIT %d" % int(limit)
        out = []
        for dev, lid, mid, g, at, nr, win, rules in self.con.execute(q, {"game": game}).fetchall():
            seats = self.con.execute(
                "SELECT p.name, mp.level, mp.total, mp.wins FROM match_players mp "
                "JOIN players p USING (player_id) WHERE device_id = ? AND log_id = ? "
                "AND match_id = ? ORDER BY seat", (dev, lid, mid)).fetchall()
            out.append({"game": g, "ended_at": at, "rounds": nr, "winner": win,
                        "rules": json.loads(rules) if rules else {}, "seats": seats})
        return out


def round_game(d):
    """The game a decoded round record is of: what its flags say; from
    firmware before they said, Rummikub if anyone scored below zero (a
    loser's rack always costs points, and a Gin hand never scores below
    zero), else None (its match record will say)."""
    said = game_of_code(d.get("game", 0))
    if said:
        return said
    return "rummikub" if min(d["scores"]) < 0 else None


def _quoted(name):
    return '"%s"' % name.replace('"', '""')


def _text(b):
    """A TEXT value as str; text that is not UTF-8 is damage quick_check
    does not see (it checks structure, not content): a DatabaseError."""
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        raise sqlite3.DataError("a text value that is not UTF-8 (%r...)" % b[:16]) from None
