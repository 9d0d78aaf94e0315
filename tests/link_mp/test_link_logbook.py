"""Each finished round of a linked match into a console's score log once,
also across a power cut between the log and the save (CPython +
MicroPython)."""
from check import raises
from link import logbook
from sync import protocol as P
from sync.matchid import get, make
from sync.scorelog import LOG_PATH, ScoreLog
from mem_link import scratch

ROWS = [{"scores": [30, -10, -20], "left": [0, 10, 20], "winner": 0, "exhausted": False},
        {"scores": [-5, 12, -7], "left": [5, 0, 7], "winner": 1, "exhausted": True}]
NAMES = ["Ann", "Bo", "Cy"]


def folder():
    return scratch("linklog") + "/"


def mid(n):
    """A linked match's id as every console logs it (logbook.shared)."""
    return make("a4cf12b3c4d5", 0x5F3A9C01, n)


def kinds(d):
    """(kind, round number or None) of each result the log in d holds."""
    out = []
    for k, s, payload in ScoreLog(d + LOG_PATH).records():
        if k != P.LOG_START:
            pos = get(payload, True)[1]
            out.append((k, payload[pos] if k == P.ROUND2 else None))
    return out


def test_a_linked_match_is_one_id_on_every_console():
    """Link play: the console that starts a match sends shared(id), each
    console logs local(that): its own log holds "log.number", the others
    "console.log.number"; the host keys both the same (db.match_key)."""
    mine = make("", 0x5F3A9C01, 7)
    sent = logbook.shared(mine, "host-1")
    assert sent == "host-1.5f3a9c01.7" and logbook.shared(sent, "guest") == sent
    assert logbook.local(sent, "host-1") == mine
    assert logbook.local(sent, "guest") == sent
    raises(ValueError, logbook.shared, "x", "host-1")


def test_each_round_then_the_match_once():
    d = folder()
    done = logbook.log(d, mid(1), NAMES, ROWS[:1], {}, False, 0, True)
    assert done == 1 and kinds(d) == [(P.ROUND2, 1)]
    assert logbook.log(d, mid(1), NAMES, ROWS[:1], {}, False, done, False) == 1
    done = logbook.log(d, mid(1), NAMES, ROWS, {}, True, done, False)
    assert done == 3 and kinds(d) == [(P.ROUND2, 1), (P.ROUND2, 2), (P.MATCH2, None)]
    assert logbook.log(d, mid(1), NAMES, ROWS, {}, True, done, False) == 3
    assert len(kinds(d)) == 3


def test_a_cut_before_the_save_noted_it_logs_nothing_twice():
    d = folder()
    logbook.log(d, mid(2), NAMES, ROWS, {}, True, 0, True)
    # the save still says 0: after the boot, check=True looks first
    assert logbook.log(d, mid(2), NAMES, ROWS, {}, True, 0, True) == 3
    assert kinds(d) == [(P.ROUND2, 1), (P.ROUND2, 2), (P.MATCH2, None)]
    # another match's records do not count for this one
    assert logbook.log(d, mid(3), NAMES, ROWS[:1], {}, False, 0, True) == 1
    assert kinds(d)[-1] == (P.ROUND2, 1)


def test_every_console_writes_the_same_records():
    a, b = folder(), folder()
    rules = {"joker_penalty": 25}
    logbook.log(a, mid(4), NAMES, ROWS, rules, True, 0, True)
    logbook.log(b, mid(4), NAMES, ROWS, rules, True, 0, True)
    ra = [(k, p) for k, s, p in ScoreLog(a + LOG_PATH).records() if k != P.LOG_START]
    rb = [(k, p) for k, s, p in ScoreLog(b + LOG_PATH).records() if k != P.LOG_START]
    assert ra == rb and len(ra) == 3


def test_a_log_that_cannot_be_written_says_how_far_it_got():
    assert logbook.log("/nonexistent-folder/x/", mid(5), NAMES, ROWS, {}, True, 0, True) == 0
