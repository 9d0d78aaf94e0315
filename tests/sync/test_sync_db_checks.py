"""The score database is checked before anything in it changes (issue 37):
another program's database, one from newer tools, a damaged, empty or
non-SQLite file, a folder: each refused in one line that says what to do,
the file byte for byte as it was.  `scores` and `sync` on hundreds of
damaged copies of a real database: never a traceback, and never a sync
into a file SQLite's quick_check fails.  Before: another program's
`scores` table (100 rows) dropped, 21 of 365 damaged files a traceback
in `scores`, 58 synced into as if whole, an empty file filled, a newer
database used silently."""
import contextlib
import hashlib
import io
import os
import sqlite3
import time

import pytest

from devlink import PtyHost
from test_sync_bounds import tool
from test_sync_scores import example_records
from host_tools.sync import scores
from host_tools.sync.db import APPLICATION_ID, SCHEMA_VERSION, Db, DbError


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def sql(path, *statements):
    """Run statements on the file with plain sqlite3 and close it (no -wal left)."""
    con = sqlite3.connect(path)
    try:
        out = [con.execute(st).fetchall() for st in statements]
        con.commit()
    finally:
        con.close()
    return out


def score_db(path, matches=12):
    """A real score database: `matches` copies of the rule sheet's match,
    from as many logs; closed, checkpointed into the one file."""
    with Db(str(path)) as db:
        for log_id in range(1, matches + 1):
            db.store("dev", log_id, example_records(log_id))
        db.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return str(path)


def assert_refused(path, needle, *, create=True):
    before = digest(path) if os.path.isfile(path) else None
    with pytest.raises(DbError) as e:
        Db(path, create=create)
    msg = str(e.value)
    assert needle in msg and len(msg.splitlines()) == 1 and len(msg) < 300, msg
    if before is not None:
        assert digest(path) == before
    assert not os.path.exists(path + "-wal") and not os.path.exists(path + "-journal")
    return msg


def test_another_programs_database_is_never_touched(tmp_path):
    """A records table and a scores table of its own, 100 rows: the old
    migration dropped its scores before looking at whose it was."""
    path = str(tmp_path / "theirs.db")
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE records (id INTEGER PRIMARY KEY, note TEXT);"
                      "CREATE TABLE scores (who TEXT, points INTEGER);")
    con.executemany("INSERT INTO scores VALUES (?, ?)", [("p%d" % i, i) for i in range(100)])
    con.commit()
    con.close()
    msg = assert_refused(path, "is not a score database (it holds records, scores)")
    assert "nothing in it was changed" in msg
    assert sql(path, "SELECT count(*) FROM scores") == [[(100,)]]
    # and through the command, before any port is opened
    rc, out, err, took = tool("sync", "--port", str(tmp_path / "no-such-port"), "--db", path)
    assert rc == 1 and err.splitlines() == ["sync: " + msg], err


def test_a_database_of_newer_tools_is_refused(tmp_path):
    path = score_db(tmp_path / "new.db", 1)
    sql(path, "PRAGMA user_version = %d" % (SCHEMA_VERSION + 1))
    msg = assert_refused(path, "was written by newer host tools")
    assert "update them" in msg
    rc, out, err, took = tool("scores", "--db", path)
    assert rc == 1 and err.splitlines() == ["scores: " + msg]


def test_empty_folder_and_text_files_are_refused(tmp_path):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert "an empty file, not a score database" in assert_refused(str(empty), "remove it")
    assert empty.stat().st_size == 0
    text = tmp_path / "notes.txt"
    text.write_text("shopping: milk\n")
    assert_refused(str(text), "not an SQLite file")
    assert_refused(str(tmp_path), "is a folder")
    assert_refused(str(tmp_path / "none.db"), "no score database at", create=False)
    assert not (tmp_path / "none.db").exists()


def test_ours_from_before_the_application_id_is_taken_and_marked(tmp_path):
    path = score_db(tmp_path / "old.db", 1)
    sql(path, "PRAGMA application_id = 0")
    with Db(path) as db:
        assert db.con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert len(scores.leaderboard(db)) == 4


def test_a_damaged_database_is_refused_saying_the_device_keeps_every_record(tmp_path):
    path = score_db(tmp_path / "s.db")
    with open(path, "r+b") as f:          # the first table's root page, clobbered
        f.seek(4096 + 3)
        f.write(b"\xff\xff\xff\xff")
    msg = assert_refused(path, "is damaged (SQLite: ")
    assert "sync into a new file (--db NEW.db); the device still holds every record" in msg
    silent = PtyHost()                     # checked before the port: no wait on it
    rc, out, err, took = tool("sync", "--port", silent.path, "--db", path)
    assert rc == 1 and err.splitlines() == ["sync: " + msg] and took < 10, (err, took)
    assert "run sync again" not in err


def damaged_copies(good, flips):
    """(name, bytes) of `good` with one byte inverted (`flips` of them,
    spread over the bytes that are not zero: headers, pointers, records),
    cut short at every page and inside pages, and with a page zeroed."""
    data = open(good, "rb").read()
    used = [i for i, b in enumerate(data) if b]
    for at in used[::max(1, len(used) // flips)]:
        b = bytearray(data)
        b[at] ^= 0xFF
        yield "flip@%d" % at, bytes(b)
    for at in list(range(4096, len(data), 4096)) + list(range(100, len(data), 3001)):
        yield "cut@%d" % at, data[:at]
    for page in range(1, len(data) // 4096):
        yield "zero-page-%d" % page, data[:page * 4096] + bytes(4096) + data[(page + 1) * 4096:]


def run_main(mod, argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = mod.main(argv)
    return rc, out.getvalue(), err.getvalue()


def test_scores_and_sync_on_damaged_files(tmp_path):
    """Every damaged copy: `scores` prints its table or one line (exit 1),
    never a traceback; the database sync would write is opened only if
    quick_check passes, and then a sync's store works on it."""
    good = score_db(tmp_path / "good.db", 4)
    counts = {"refused": 0, "shown": 0}
    t0 = time.monotonic()
    copies = list(damaged_copies(good, 300))
    for name, data in copies:
        path = str(tmp_path / "d.db")
        for f in (path, path + "-wal", path + "-shm"):
            if os.path.exists(f):
                os.remove(f)
        with open(path, "wb") as f:
            f.write(data)
        rc, out, err = run_main(scores, ["--db", path])
        assert rc in (0, 1) and "Traceback" not in err, (name, rc, err)
        if rc:
            assert len(err.splitlines()) == 1 and err.startswith("scores: "), (name, err)
            counts["refused"] += 1
        else:
            assert out.startswith("Rummikub\n#  player") and not err, (name, out, err)
            counts["shown"] += 1
        try:
            db = Db(path)
        except DbError as e:
            assert len(str(e).splitlines()) == 1, name
            continue
        with db:
            assert db.check() is None, name
            try:
                db.store("dev2", 1, example_records(99))
            except sqlite3.DatabaseError:     # damage in content: sync says so in one line
                counts["store refused"] = counts.get("store refused", 0) + 1
    print("%d damaged copies: %s, %.1f s" % (len(copies), counts, time.monotonic() - t0))
    assert len(copies) > 300 and counts["refused"] > 50 and counts["shown"] > 20
