"""Names and settings as the host takes them (issue 24 D7 and the minor
items): one rule (sync.limits) on the host before pushing and on the
device when pushed; hostile names already in a database come out of
`scores` without control characters and out of `scores --csv` without
formulas; a file that is not a database gets one line."""
import csv
import io

import serial

from devlink import Device, FaultProxy, fast_close
from synccheck import played
from test_sync_cli import tool
from test_sync_scores import example_records
from host_tools.sync.link import Link
from host_tools.sync.pull import pull, push_players, push_settings
from host_tools.sync.db import Db
from host_tools.sync import scores
from sync import protocol as P
from sync import records as R

HOSTILE = ["=cmd|' /C calc'", "+1+1", "@SUM(1)", "-2", "\tTab", "\rCR",
           "\x1b[2J\x1b[31mRed", "Bo\nNew", "\u202eevil", "Zo\u00eb \u00d8ster"]


def hostile_db(path):
    """A database holding a match whose names break every rule (as an
    older firmware or a hostile device could have sent them)."""
    recs = [(P.LOG_START, 1, R.encode_log_start(5))]
    for i in range(0, len(HOSTILE), 2):
        names = HOSTILE[i:i + 2]
        recs.append((P.MATCH, i + 2, R.encode_match(i + 1, names, [[5, -5]], [5, -5],
                                                    [1, 0], 0)[1]))
    with Db(path) as db:
        db.store("dev", 5, recs)


def test_scores_shows_no_control_characters(tmp_path):
    path = str(tmp_path / "s.db")
    hostile_db(path)
    rc, out, err = tool("scores", "--db", path)
    assert rc == 0, err
    assert not any(c < " " and c != "\n" for c in out), repr(out)
    assert "\u202e" not in out and "\\x1b[2J\\x1b[31mRed" in out and "\\u202eevil" in out
    assert len(out.splitlines()) == 3 + len(HOSTILE)      # the game, the head, a line


def test_csv_cells_are_not_formulas(tmp_path):
    path = str(tmp_path / "s.db")
    hostile_db(path)
    rc, out, err = tool("scores", "--db", path, "--csv", str(tmp_path / "s.csv"))
    assert rc == 0, err
    with open(tmp_path / "s.csv", newline="") as f:
        text = f.read()
    assert not any(c < " " and c != "\n" for c in text), repr(text)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == len(HOSTILE)
    shown = {"=cmd|' /C calc'", "+1+1", "@SUM(1)", "-2", "\\x09Tab", "\\x0dCR",
             "\\x1b[2J\\x1b[31mRed", "Bo\\x0aNew", "\\u202eevil", "Zo\u00eb \u00d8ster"}
    for r in rows:
        assert r["player"][0] not in "=+-@", r
        assert r["player"] in shown or r["player"][1:] in shown and r["player"][0] == "'"
    assert sum(r["player"][0] == "'" for r in rows) == 4
    assert sorted(int(r["points"]) for r in rows) == [-5] * 5 + [5] * 5


def test_plot_takes_names_with_dollars(tmp_path):
    """A legal name (sync.limits) in $...$ would be parsed as matplotlib
    maths, and a bad formula fail the whole plot."""
    with Db(str(tmp_path / "s.db")) as db:
        recs = [(k, s, p.replace(b"\x01A", b"\x06$\\bad$")) for k, s, p in example_records()]
        db.store("dev", 99, recs)
        assert "$\\bad$" in [d["player"] for d in scores.leaderboard(db)]
        scores.plot(db, str(tmp_path / "p.png"), ["rummikub"])


def test_not_a_database_is_one_line(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"these are my notes, not SQLite\n" * 100)
    rc, out, err = tool("scores", "--db", str(bad))
    assert rc == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert "is not a score database" in err and str(bad) in err
    rc, out, err = tool("sync", "--port", "loop://", "--db", str(bad))
    assert rc == 1 and err.count("\n") == 1 and "is not a score database" in err
    assert bad.read_bytes() == b"these are my notes, not SQLite\n" * 100


def test_another_programs_database_is_left_alone(tmp_path):
    """A SQLite file of something else (its own "scores" table) is neither
    filled with the score tables nor rebuilt (which drops them)."""
    import sqlite3
    other = str(tmp_path / "game.db")
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE scores (who TEXT, points INTEGER)")
    con.execute("INSERT INTO scores VALUES ('me', 99)")
    con.commit()
    con.close()
    rc, out, err = tool("scores", "--db", other)
    assert rc == 1 and err.count("\n") == 1 and "is not a score database" in err
    con = sqlite3.connect(other)
    assert con.execute("SELECT name FROM sqlite_master").fetchall() == [("scores",)]
    assert con.execute("SELECT * FROM scores").fetchall() == [("me", 99)]
    con.close()


def test_host_refuses_before_pushing():
    rc, out, err = tool("sync", "--port", "x", "--set", "initial_meld=2147483648")
    assert rc == 2 and err == "sync: rule initial_meld takes at most 999, not 2147483648\n"
    rc, out, err = tool("sync", "--port", "x", "--set", "idle_min=100000",
                        "--set", "partials=-5", "--set", "timer_s=90")
    assert rc == 2 and err.splitlines() == [
        "sync: setting idle_min takes a whole number 0..600, not 100000",
        "sync: setting partials takes a whole number 1..1000, not -5"]
    rc, out, err = tool("sync", "--port", "x", "--players", "Ana,=cmd|' /C calc'!A0,\x1b[2J")
    assert rc == 2 and len(err.splitlines()) == 2 and "\x1b" not in err
    assert "1..8" in err and "not printable" in err


def test_device_says_what_it_refused(tmp_path):
    """A host that does not check (an older one) still hears each refusal."""
    folder = tmp_path / "device"
    played(folder, 3, 2)
    with Device(folder) as dev, FaultProxy(dev) as proxy, Db(str(tmp_path / "h.db")) as db:
        ser = serial.serial_for_url(proxy.url, timeout=1)
        try:
            link = Link(ser, timeout=1, retries=20)
            pull(link, db)
            assert push_players(link, ["Ana", "Bo"]) == []
            said = push_players(link, ["Ana", "\x1b[2J"])
            assert len(said) == 1 and "not printable" in said[0] and "\x1b" not in said[0]
            said = push_settings(link, {"idle_min": 100000, "partials": -5, "timer_s": 90})
            assert said == ["setting idle_min takes a whole number 0..600, not 100000",
                            "setting partials takes a whole number 1..1000, not -5"]
        finally:
            fast_close(ser)
        assert dev.stderr() == ""
    assert (folder / "players.json").read_text() == '["Ana", "Bo"]'
    assert (folder / "settings.json").read_text() == '{"timer_s": 90}'


def test_device_text_reaches_the_terminal_escaped(tmp_path):
    """What the device says (its version, error replies) is text from
    outside too: `sync -v` prints it without control characters."""
    folder = tmp_path / "device"
    played(folder, 4, 3)
    with Device(folder, version="\x1b]0;x\x07\u202e") as dev, \
            FaultProxy(dev, host="pty") as proxy:
        rc, out, err = tool("sync", "--port", proxy.url, "--db", str(tmp_path / "h.db"),
                            "--timeout", "0.5", "-v")
        assert rc == 0, err
    assert "dev-test: 4 new records" in out
    assert "\\x1b]0;x\\x07\\u202e" in err
    assert not any(c < " " and c != "\n" for c in out + err), repr(out + err)
