"""History says when, who and with which rules (issue 39), end to end: the
real app (firmware/main.py from source) on the MicroPython unix port behind
the device simulator's pty, its Sync screen opened with its buttons, and
`python -m host_tools sync` as a user runs it, into a real SQLite file.

The sync sets the console's clock (and the host's offset from UTC, for the
dates it shows); the History screen then shows each logged match's date,
game, seats with AI levels and changed rules, and "no date" for one played
before any sync; `scores --matches` shows the same on the host."""
import os
import shutil
import subprocess
import sys

from host_tools.devsim import DevSim
from synccheck import device_log
from sync.matchinfo import pairs
from sync.scorelog import ScoreLog
from sync import matchid
from test_sync_app import FIRMWARE, press, wait_for
from devlink import ROOT

ENDED = 1764300658          # Fri 28 Nov 2025 03:30:58 UTC
TZ = "CET-1"                # POSIX: one hour east of UTC (the host's local time)


def tool(*args):
    r = subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, TZ=TZ))
    return r.returncode, r.stdout, r.stderr


def board_clock(board):
    """The simulated board's date and offset, read as its hal reads them."""
    from hal.clock import utc_offset
    from hal.unixport import UnixHal
    h = UnixHal(os.path.join(board, "data"), log=lambda s: None)
    return h.time(), utc_offset(h)


def logged(board):
    """What the handheld logged before the sync: a Rummikub match of older
    firmware (no date, no levels), one with them, and a Gin game."""
    log = ScoreLog(device_log(board))
    rk = ["Ann", "Ben", "Cy"]
    mid = matchid.reserve(log)
    log.append_round(mid, 1, rk, [9, -4, -5], [0, 4, 5], 0)
    log.append_match(mid, rk, [[9, -4, -5]], [9, -4, -5], [1, 0, 0], 0, {})
    mid = matchid.reserve(log)
    log.append_round(mid, 1, rk, [-6, 20, -14], [6, 0, 14], 1, game=1)
    log.append_match(mid, rk, [[-6, 20, -14]], [-6, 20, -14], [0, 1, 0], 1,
                     pairs({"initial_meld": 50}, "rummikub", ENDED, ["human", "hard", "easy"]))
    gin = ["Ann", "AI medium"]
    mid = matchid.reserve(log)
    log.append_round(mid, 1, gin, [0, 120], [40, 0], 1, game=2)
    log.append_match(mid, gin, [[0, 120]], [0, 120], [0, 1], 1,
                     pairs({"target": 100 + 20}, "gin", ENDED + 3600, ["human", "medium"]))


def test_sync_sets_the_clock_and_history_says_when_and_who(tmp_path):
    board = str(tmp_path / "board")
    shutil.copytree(FIRMWARE, board)
    logged(board)
    db = str(tmp_path / "scores.db")
    with DevSim(board, run_main=True) as sim:
        wait_for(board, "History")
        assert board_clock(board) == (None, 0)        # never synced: no date
        press(board, "up a")                           # Sync
        wait_for(board, "on the computer.")
        rc, out, err = tool("sync", "--port", sim.port, "--db", db, "--timeout", "1")
        assert rc == 0, (out, err)
        assert "3 matches finished" in out, out
        wait_for(board, "The host said goodbye.")
        import time
        at, offset = board_clock(board)
        assert abs(at - time.time()) < 60 and offset == 60, (at, offset)
        press(board, "a down down a")                  # back to the title, History
        shown = wait_for(board, "match 1 of 3")
        assert "Gin Rummy, 28 Nov 2025 05:30" in shown, shown      # UTC+1, as the host
        assert "person" in shown and "medium" in shown and "Game to: 120" in shown
        press(board, "left")
        shown = wait_for(board, "match 2 of 3")
        assert "Rummikub, 28 Nov 2025 04:30" in shown, shown
        for seen in ("Ann", "Ben", "Cy", "person", "hard", "easy",
                     "Rules: First meld: 50 points"):
            assert seen in shown, (seen, shown)
        press(board, "left")
        shown = wait_for(board, "match 3 of 3")
        assert "Rummikub, no date (played before the first sync)" in shown, shown
        assert "Rules: the standard ones" in shown and "person" not in shown
    rc, out, err = tool("scores", "--db", db, "--matches")
    assert rc == 0, err
    old, gin, rk = out.split("\n\n")          # latest first; undated: when synced (now)
    assert gin.startswith("2025-11-28 05:30  Gin Rummy, 1 hand"), out
    assert "AI medium " in gin and "(AI medium)" not in gin and "rules: target=120" in gin
    assert rk.startswith("2025-11-28 04:30  Rummikub, 1 round"), out
    assert "Ben (AI hard)" in rk and "Cy (AI easy)" in rk and "winner: Ben (AI hard)" in rk
    assert "rules: initial_meld=50" in rk
    assert old.startswith("date not recorded  Rummikub, 1 round"), out
    rc, out, err = tool("scores", "--db", db, "--matches", "--game", "gin")
    assert rc == 0 and out.count("Gin Rummy") == 1 and "Rummikub" not in out, out
