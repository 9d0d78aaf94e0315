"""Sync as docs/player.md promises it: the real app (firmware/main.py, from
source) on the MicroPython unix port behind the device simulator
(host_tools.devsim, a pty like a USB serial board), put on its Sync
screen with its buttons (hal.unixport reads them from the file `keys`),
and `python -m host_tools sync --port PTY` as a user runs it.  What the
host pushes shows on the new-game screen; the device id is the one the
hal generated and kept."""
import os
import shutil
import sqlite3
import time

from host_tools.devsim import DevSim
from synccheck import Book, device_log
from sync import protocol as P
from test_sync_cli import tool

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "firmware")


def screen(board):
    try:
        with open(os.path.join(board, "screen.txt")) as f:
            return f.read()
    except OSError:
        return ""


def wait_for(board, text, timeout=60):
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        s = screen(board)
        if text in s:
            return s
        time.sleep(0.1)
    raise AssertionError("%r never showed; the screen:\n%s" % (text, screen(board)))


def row(shown, label):
    """Every text on the screen line where `label` is (label and value)."""
    lines = [ln.split(" ", 2) for ln in shown.splitlines()]
    ys = [y for y, x, t in lines if label in t]
    assert ys, shown
    return " ".join(t for y, x, t in lines if y == ys[0])


def press(board, keys):
    with open(os.path.join(board, "keys.tmp"), "w") as f:
        f.write(keys)
    os.rename(os.path.join(board, "keys.tmp"), os.path.join(board, "keys"))


def test_sync_screen_with_the_real_app_behind_devsim(tmp_path):
    board = str(tmp_path / "board")
    shutil.copytree(FIRMWARE, board)
    Book(device_log(board), 31).play(7)          # rounds the handheld logged
    db = str(tmp_path / "scores.db")
    with DevSim(board, run_main=True) as sim:
        wait_for(board, "History")               # the title menu
        rc, out, err = tool("sync", "--port", sim.port, "--db", db, "--timeout", "0.3",
                            "--retries", "2")
        assert rc == 1 and "is the handheld on its Sync screen?" in err
        press(board, "up a")                     # the last item: Sync
        wait_for(board, "on the computer.")
        rc, out, err = tool("sync", "--port", sim.port, "--db", db, "--timeout", "1",
                            "--players", "Zoe,Yan,Xi", "--set", "joker_penalty=20",
                            "--set", "idle_min=5")
        assert rc == 0, (out, err)
        dev_id = open(os.path.join(board, "device_id")).read()
        assert dev_id.startswith("sim-")
        assert "%s: 8 new records" % dev_id in out   # LOG_START + 7
        shown = wait_for(board, "The host said goodbye.")
        assert "Sent 8 records; the host has all up to 8." in shown
        assert "Names: Zoe, Yan, Xi, Dee, Eve, Fay" in shown
        press(board, "a down a")                 # back, New game
        form = wait_for(board, "3 4 New game")
        assert "Zoe" in form and "Yan" in form, form
        assert "20" in row(form, "Joker"), form         # joker_penalty=20 took effect
        press(board, "b")
        wait_for(board, "History")
        press(board, "up a")                     # again: nothing new, nothing lost
        wait_for(board, "on the computer.")
        rc, out, err = tool("sync", "--port", sim.port, "--db", db, "--timeout", "1")
        assert rc == 0 and "%s: 0 new records" % dev_id in out, (out, err)
        press(board, "b")
        wait_for(board, "History")
        press(board, "a")                        # Sync again, and B leaves it
        wait_for(board, "on the computer.")
        press(board, "b")
        shown = wait_for(board, "Sync ended.")
        assert "Sent 0 records; the host has all up to 8." in shown
        time.sleep(1)
        assert "Sync ended." in screen(board)    # B's release did not leave it
        press(board, "b")
        wait_for(board, "History")
    con = sqlite3.connect(db)
    assert con.execute("SELECT device_id FROM devices").fetchall() == [(dev_id,)]
    assert con.execute("SELECT count(*) FROM records").fetchone()[0] == 8
    assert con.execute("SELECT kind FROM records ORDER BY seq").fetchone()[0] == P.LOG_START
    st = open(os.path.join(board, "data", "settings"), "rb").read()
    assert b"Zoe" in st and b"joker_penalty" in st
    assert not os.path.exists(os.path.join(board, "players.json"))
