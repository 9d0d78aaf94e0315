"""A linked match in each console's score log: every console that plays
it logs each finished round once, and the match once, under the host's
match id, the same records on every console (sync.records).

Counted once: a console saves what it knows of the match first, then
logs, and notes in its next save how many it has logged.  A power cut
between the log and that save leaves the save behind the log, so the
first call after a boot (check=True) looks in the log for the match's
records before writing any.

new_match_id() is the one place a linked match's id comes from (the host
draws it when the match begins): the match-id scheme (sync.matchid), the
host console's own id with its device id in front, so every console logs
the same records and the host files them as one match.
"""


def shared(mid, devid):
    """This console's (device id devid) match id mid as the other
    consoles of a linked match log it: devid in front.  An id that names
    its console already is returned as it is (the scheme: sync.matchid)."""
    from sync.matchid import make, split
    console, log_id, number = split(mid)
    return make(console or devid, log_id, number)


def local(mid, devid):
    """The match id mid (from shared()) as the console with device id
    devid logs it: without console in front when that is devid itself."""
    from sync.matchid import make, split
    console, log_id, number = split(mid)
    return make("" if console == devid else console, log_id, number)


def new_match_id(log_dir, devid):
    """An id for a new match, reserved in the score log in log_dir, as
    every console logs it (shared: devid, this console's device id, in
    front).  A full flash gives a one-off id: the match
    still plays."""
    from sync import matchid
    from sync.scorelog import LOG_PATH, ScoreLog
    return shared(matchid.reserve(ScoreLog(log_dir + LOG_PATH)), devid)


def _logged(log, match_id):
    """(round numbers, match record?) the log holds for match_id."""
    from sync import protocol as P
    from sync.matchid import get
    rounds = []
    whole = False
    for kind, seq, payload in log.records():
        if kind != P.ROUND2 and kind != P.MATCH2:
            continue
        try:
            mid, pos = get(payload, True)
        except Exception:           # a damaged record names no match
            continue
        if mid != match_id:
            continue
        if kind == P.ROUND2:
            rounds.append(payload[pos])
        else:
            whole = True
    return rounds, whole


def log(log_dir, match_id, names, rows, rules, over, done, check, game="rummikub", at=None):
    """Log the finished rounds after the first `done` of `rows` (dicts:
    scores, left, winner, exhausted) and, if `over`, the match record;
    game "gin": the rows are Gin hands, logged as sync.ginlog logs them,
    the game dated `at` (Unix seconds by the host's clock, as every
    console logs it; None: no date);
    done counts the match record as one more.  Returns the new count.
    check: first look which of them the log holds already.  A flash that
    refuses a write (full) stops there: the count says how far it got,
    and the next call goes on from it."""
    from sync.scorelog import LOG_PATH, ScoreLog
    want = len(rows) + (1 if over else 0)
    if done >= want:
        return done
    sl = ScoreLog(log_dir + LOG_PATH)
    try:
        there, whole = _logged(sl, match_id) if check else ((), False)
        for i in range(done, len(rows)):
            r = rows[i]
            if i + 1 not in there:
                sl.append_round(match_id, i + 1, names, r["scores"], r["left"],
                                r["winner"], r["exhausted"], 2 if game == "gin" else 0)
            done = i + 1
        if over and not whole and game == "gin":
            from gin.scoring import game_bonus
            from sync.records import pairs
            scores = [r["scores"] for r in rows]
            won = [len([r for r in rows if r["winner"] == p]) for p in (0, 1)]
            w, totals, bonus, margin = game_bonus([sum([s[p] for s in scores]) for p in (0, 1)], won)
            sl.append_match(match_id, names, scores[-255:], totals, won, w,
                            pairs(rules, "gin", at))
        elif over and not whole:
            from rummikub.rules import Rules
            from rummikub.scoring import standings
            scores = [r["scores"] for r in rows]
            totals, wins, order = standings(scores, Rules().update(rules).match_winner,
                                            [r["winner"] for r in rows])
            sl.append_match(match_id, names, scores, totals, wins, order[0], rules)
        return want
    except OSError:
        return done
