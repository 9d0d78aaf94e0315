"""A device log written by firmware before the match-id scheme (format 1
records, the synced mark, no state beside the log: these bytes came from
that firmware's ScoreLog) synced, then the new firmware logs on: the
match saved then and resumed keeps its 32-bit id (its rounds stay one
match at the host), a new match takes a format 2 id from the log's
state, the next sync brings only the new records, and the host counts
each match once with all its rounds."""
import os

from sync import protocol as P
from sync import matchid
from sync import records as R
from sync.scorelog import ScoreLog
from host_tools.sync.db import Db, NEW_IDS
from synccheck import device_log
from test_sync_lossless import sync

# tree 10a4aea's firmware: log id 0x0badf00d; match 0xf00d0001 (2 rounds and
# its match record), match 0xf00d0002 (its first round); host acked seq 5
OLD_LOG = bytes.fromhex(
    "a55a040010010000000df0ad0ba030e170a55a1800110200000001000df00102000003416e6e0c00"
    "00000342656ef4ff0c00c33c36baa55a1800110300000001000df00202010103416e6ef9ff070003"
    "42656e07000000c922e9dea55a3500120400000001000df002020003416e6e05000000010342656e"
    "fbffffff010c00f4fff9ff0700010d6a6f6b65725f70656e616c7479691400000064f75216a55a1f"
    "00110500000002000df0010300000243791e00000003446565f6ff0a0003456c69ecff140050c28f"
    "e0")
OLD_SYNCED = bytes.fromhex("050000002e2f9a16")
NAMES3 = ["Cy", "Dee", "Eli"]


def test_an_old_log_syncs_on_under_the_scheme(tmp_path):
    folder = tmp_path / "device"
    folder.mkdir()
    with open(device_log(folder), "wb") as f:
        f.write(OLD_LOG)
    with open(device_log(folder) + ".synced", "wb") as f:
        f.write(OLD_SYNCED)
    with Db(str(tmp_path / "s.db")) as db:
        first = sync(folder, db)
        assert (first["new"], first["finished"], first["last_seq"]) == (5, 1, 5)
        # the new firmware: the saved match resumed, its id kept (format 1)
        log = ScoreLog(device_log(folder))
        assert (log.refresh().log_id, log.last_seq, log.synced()) == (0x0BADF00D, 5, 5)
        # the first HELLO scanned the old log once and wrote its state
        assert os.path.exists(device_log(folder) + ".state") and log.scanned == 0
        log.append_round(0xF00D0002, 2, NAMES3, [-5, 25, -20], [5, 0, 20], 1)
        log.append_match(0xF00D0002, NAMES3, [[30, -10, -20], [-5, 25, -20]], [25, 15, -40],
                         [1, 1, 0], 0)
        # a new match: a format 2 id from the log's state, past every old one
        new = matchid.reserve(ScoreLog(device_log(folder)))
        console, log_id, number = matchid.split(new)
        assert (console, log_id) == ("", 0x0BADF00D) and number > 2
        log = ScoreLog(device_log(folder))
        log.append_round(new, 1, ["Ann", "Ben"], [9, -9], [0, 9], 0)
        kinds = [k for k, _, _ in log.records(5)]
        assert kinds == [P.ROUND, P.MATCH, P.ROUND2]
        second = sync(folder, db)
        assert (second["new"], second["finished"], second["last_seq"]) == (3, 1, 8)
        got = db.con.execute("SELECT match_id, finished, nrounds FROM matches "
                             "ORDER BY match_id").fetchall()
        assert got == [(0xF00D0001, 1, 2), (0xF00D0002, 1, 2), (NEW_IDS + number, 0, None)]
        rounds = db.con.execute("SELECT match_id, round_no FROM rounds "
                                "ORDER BY match_id, round_no").fetchall()
        assert rounds == [(0xF00D0001, 1), (0xF00D0001, 2), (0xF00D0002, 1), (0xF00D0002, 2),
                          (NEW_IDS + number, 1)]
        keys = db.con.execute("SELECT DISTINCT device_id, log_id FROM matches").fetchall()
        assert keys == [("dev-test", 0x0BADF00D)]
