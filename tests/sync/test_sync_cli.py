"""`python -m host_tools sync` and `scores` as a user runs them: the host on a
real pty path (as a USB serial port), the device on the MicroPython unix port."""
import csv
import io
import json
import os
import subprocess
import sys

from PIL import Image

from devlink import Device, FaultProxy, PtyHost, ROOT
from synccheck import assert_consistent, device_log, device_records, played
from sync import messages as M
from sync import protocol as P
from sync import records as R
from sync.scorelog import ScoreLog


def tool(*args):
    r = subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout, r.stderr


def expected_stats(path):
    """Per-player statistics computed straight from the device log."""
    st = {}
    _, recs = device_records(path)
    for kind, body in recs.values():
        if kind in (P.ROUND, P.ROUND2):
            d = R.decode(kind, body)
            for i, n in enumerate(d["names"]):
                s = st.setdefault(n, {"matches": 0, "match_wins": 0, "rounds": 0,
                                      "rounds_won": 0, "points": 0, "racks": []})
                s["rounds"] += 1
                s["rounds_won"] += d["winner"] == i
                s["points"] += d["scores"][i]
                s["racks"].append(d["racks"][i])
        elif kind in (P.MATCH, P.MATCH2):
            d = R.decode(kind, body)
            for i, n in enumerate(d["names"]):
                st[n]["matches"] += 1
                st[n]["match_wins"] += d["winner"] == i
    return st


def test_sync_then_scores(tmp_path):
    folder = tmp_path / "device"
    book = played(folder, 7, 30)
    with Device(folder, device_id="handheld-7", version="abc123") as dev, \
            FaultProxy(dev, host="pty") as proxy:
        db = str(tmp_path / "scores.db")
        rc, out, err = tool("sync", "--port", proxy.url, "--db", db, "--timeout", "0.5",
                            "--players", "Ana, Bo,Cy", "--set", "joker_penalty=20",
                            "--set", "contrast=3")
        assert rc == 0, err
        nmatch = sum(1 for k, _ in device_records(device_log(folder))[1].values()
                     if k == P.MATCH2)
        assert "handheld-7: 31 new records, %d matches finished" % nmatch in out
        assert "pushed 3 player names" in out
        with open(folder / "players.json") as f:
            assert json.load(f) == ["Ana", "Bo", "Cy"]
        with open(folder / "settings.json") as f:
            assert json.load(f) == {"joker_penalty": 20, "contrast": 3}
        book.play(6)
        rc, out, err = tool("sync", "--port", proxy.url, "--db", db, "--timeout", "0.5")
        assert rc == 0 and "6 new records" in out, err
        rc, out, err = tool("sync", "--port", proxy.url, "--db", db, "--timeout", "0.5")
        assert rc == 0 and "0 new records" in out, err
        from host_tools.sync.db import Db
        with Db(db) as d:
            assert_consistent(d, device_log(folder), complete=True, device_id="handheld-7")
            assert d.con.execute("SELECT fw_version FROM devices").fetchall() == [("abc123",)]
    want = expected_stats(device_log(folder))
    rc, out, err = tool("scores", "--db", db, "--csv")
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sorted(r["player"] for r in rows) == sorted(want)
    for r in rows:
        w = want[r["player"]]
        for k in ("matches", "match_wins", "rounds", "rounds_won", "points"):
            assert int(r[k]) == w[k], (r, w)
        assert abs(float(r["avg_rack_left"]) - sum(w["racks"]) / len(w["racks"])) < 0.051
    ranked = [(-int(r["match_wins"]), -int(r["points"])) for r in rows]
    assert ranked == sorted(ranked) and rows[0]["rank"] == "1"
    rc, out, err = tool("scores", "--db", db, "--plot", str(tmp_path / "p.png"))
    assert rc == 0, err
    assert out.splitlines()[0] == "Rummikub"           # one game here: its table alone
    assert out.splitlines()[1].split()[:3] == ["#", "player", "matches"]
    assert rows[0]["player"] in out.splitlines()[3]
    assert {r["game"] for r in rows} == {"rummikub"}
    with Image.open(tmp_path / "p.png") as im:
        assert im.size == (800, 450)
        assert len(im.convert("RGB").getcolors(1 << 16)) > 3   # lines were drawn


def test_clear_errors(tmp_path):
    rc, out, err = tool("sync", "--port", str(tmp_path / "ttyNONE"), "--db", "x.db")
    assert rc == 1 and "cannot open" in err and str(tmp_path) in err
    rc, out, err = tool("sync", "--port", "x", "--set", "joker_penalty=lots")
    assert rc == 2 and "joker_penalty" in err
    rc, out, err = tool("scores", "--db", str(tmp_path / "none.db"))
    assert rc == 1 and "no score database" in err
    silent = PtyHost()          # a port with nothing answering on it
    rc, out, err = tool("sync", "--port", silent.path, "--db", str(tmp_path / "s.db"),
                        "--timeout", "0.1", "--retries", "2")
    assert rc == 1 and "no usable answer to HELLO after 2 tries" in err


def test_sync_through_the_repl(tmp_path):
    """--repl: the device sits at its MicroPython REPL; the tool enters the
    raw REPL, starts sync.endpoint.run(), syncs, then soft-resets it."""
    folder = tmp_path / "device"
    played(folder, 8, 9)
    with Device(folder, repl=True) as dev, FaultProxy(dev, host="pty", raw=True) as proxy:
        db = str(tmp_path / "scores.db")
        rc, out, err = tool("sync", "--port", proxy.url, "--db", db, "--repl",
                            "--timeout", "0.5")
        assert rc == 0, err
        assert "dev-test: 10 new records" in out
        dev.proc.wait(5)               # the unix port's soft reset ends the process
        assert dev.stderr() == ""


class Seen:
    """A fault plan that injects nothing and notes every frame's type."""

    def __init__(self):
        self.frames = []

    def __call__(self, direction, index, frame):
        self.frames.append((direction, P.check(frame)[0]))


def test_record_that_does_not_decode_is_kept_raw_and_reported(tmp_path):
    folder = tmp_path / "device"
    book = played(folder, 9, 4)
    with open(device_log(folder), "ab") as f:     # intact frames, nonsense inside
        f.write(P.encode(P.ROUND, 6, b"\x01\x02\x03"))
        # a head that promises three seats, then nothing: IndexError before
        f.write(P.encode(P.MATCH, 7, b"\x05\x00\x00\x00\x03\x01\x00"))
    book.play(3)
    seen = Seen()
    with Device(folder) as dev, FaultProxy(dev, seen) as proxy:
        db = str(tmp_path / "scores.db")
        rc, out, err = tool("sync", "--port", proxy.url, "--db", db, "--timeout", "0.5")
        assert dev.alive() and dev.stderr() == ""
    assert rc == 0, err
    assert "Traceback" not in err
    assert "10 new records" in out
    assert "record 6 kept raw but not counted: ROUND record" in err
    assert "record 7 kept raw but not counted: MATCH record: match record of 7 bytes" in err
    # the device was told goodbye (it leaves sync mode) and said OK
    assert seen.frames[-2:] == [("h2d", M.BYE), ("d2h", M.OK)], seen.frames[-4:]
    from host_tools.sync.db import Db
    with Db(db) as d:
        raw = d.records("dev-test", ScoreLog(device_log(folder)).refresh().log_id)
        assert len(raw) == 10 and (P.MATCH, 7, b"\x05\x00\x00\x00\x03\x01\x00") in raw
        assert d.con.execute("SELECT count(*) FROM rounds").fetchone()[0] >= 5


def test_malformed_replies_are_named(tmp_path):
    """A device whose replies pass the CRC but make no sense: a clear error."""
    import threading
    import serial
    from host_tools.sync.link import Link, SyncError
    from host_tools.sync.pull import pull
    from host_tools.sync.db import Db
    line = PtyHost()
    stop = threading.Event()

    def fake_device():
        dec = P.Decoder()
        while not stop.is_set():
            import select
            if not select.select([line.master], [], [], 0.05)[0]:
                continue
            dec.feed(os.read(line.master, 512))
            fr = dec.next()
            if fr:
                os.write(line.master, P.encode(M.HELLO_OK, fr[1], b"\x01\x02"))

    t = threading.Thread(target=fake_device, daemon=True)
    t.start()
    ser = serial.Serial(line.path, timeout=0.2)
    try:
        with Db(str(tmp_path / "x.db")) as db:
            try:
                pull(Link(ser, timeout=0.3), db)
                raise AssertionError("no error")
            except SyncError as e:
                assert "malformed HELLO_OK reply from the device" in str(e)
    finally:
        stop.set()
        t.join()
        ser.close()


def test_cli_through_a_bad_line_retries_and_resumes(tmp_path):
    from devlink import RandomPlan
    from host_tools.sync.db import Db
    folder = tmp_path / "device"
    played(folder, 21, 40)
    with Device(folder) as dev, \
            FaultProxy(dev, RandomPlan(21, 0.15, ("flip", "drop", "dup", "noise", "lose"))) as proxy:
        db = str(tmp_path / "scores.db")
        runs = []
        for _ in range(6):
            rc, out, err = tool("sync", "--port", proxy.url, "--db", db, "--timeout", "0.2",
                                "-v")
            runs.append((rc, out, err))
            if rc == 0:
                break
    assert runs[-1][0] == 0, runs
    assert any("requests retried" in out for rc, out, err in runs), runs
    assert any("bad frame from device: CRC mismatch" in err for rc, out, err in runs)
    with Db(db) as d:
        assert_consistent(d, device_log(folder), complete=True)
    assert proxy.faults() > 10


def test_repl_sync_says_when_the_app_is_not_on_the_board(tmp_path):
    """A board at its REPL with nothing flashed (devsim on an empty folder):
    one line saying so, not 'no usable answer to HELLO'."""
    from host_tools.devsim import DevSim
    board = tmp_path / "board"
    board.mkdir()
    with DevSim(str(board)) as sim:
        rc, out, err = tool("sync", "--port", sim.port, "--db", str(tmp_path / "s.db"),
                            "--repl", "--timeout", "0.5")
    assert rc == 1, (out, err)
    assert "the app is not on the board" in err and "make flash" in err, err
    assert "HELLO" not in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
