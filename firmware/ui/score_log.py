"""The app's side of the score log (sync.scorelog, on flash in the app's
log_dir): opening it, a new match's id (reserved in the log's state; the
scheme: sync.matchid), and a match's results into it:
Rummikub's rounds through sync.gamelog (log_round), Gin's hands through
sync.ginlog (ui.gin.match).  Loaded only for those moments (the app drops
it again).

Results go in as records (kind, payload) after every record still
waiting.  One the log cannot take (a full flash) waits in the match
(Seats.unlogged: hex text, written with its save), the app's line says
so, and it goes in at the next write that succeeds.  A match left with
records waiting hands them to the app's outbox on flash (key
"unlogged"), which every write empties first (the Sync screen's too); if
even the outbox cannot be written they stay in the match's save, and the
save stays.
"""
from compat import const

_OUTBOX = const("unlogged")    # storage key: records of matches left before the log took them
_WAIT = const("Storage full: %d result%s wait to be logged")
_KEPT = const("Storage full: results wait in the saved game")


def scorelog(app):
    """The score log (sync.scorelog.ScoreLog), None if not built in."""
    try:
        from sync.scorelog import LOG_PATH, ScoreLog
    except ImportError:
        return None
    return ScoreLog(app.log_dir + LOG_PATH)


def new_match_id(app):
    """A new match's id, reserved in the log (0 without a score log)."""
    log = scorelog(app)
    if log is None:
        return 0
    from sync.matchid import reserve
    return reserve(log)


def log_round(app, m):
    """Match m's round just ended (and the match, if that was its last
    round) into the score log."""
    g = m.game
    if m.logged_rounds >= len(g.round_rows):
        return
    m.logged_rounds = len(g.round_rows)

    def records(out):
        from sync import gamelog
        from rummikub.game import PLAYING
        gamelog.log_round(out, g, m.match_id)
        if g.phase != PLAYING and g.round_no >= g.rounds:
            gamelog.log_match(out, g, m.match_id, app.now(), m.seats)
    log(app, m, records)


def log(app, m, records):
    """The records records(out) appends to out (a match's new results, in
    order: sync.gamelog, sync.ginlog) into the score log after those
    waiting; nothing without a score log."""
    lg = scorelog(app)
    if lg is None:
        return
    out = []
    try:
        records(out)
    except ValueError as e:          # a result no record holds: said, not logged
        app.log("score log: %s" % e)
    from binascii import hexlify
    for kind, payload in out:
        m.unlogged.append(hexlify(bytes((kind,)) + payload).decode())
    flush(app, lg, m.unlogged)


def flush(app, log=None, items=None):
    """The outbox's records, then items (a match's list), into the score
    log (the Sync screen calls it with neither, before the host asks)
    until one does not go in; what went in leaves its list.  The app's
    line says how many still wait; returns that count."""
    from binascii import unhexlify
    if log is None:
        log = scorelog(app)
        if log is None:
            return 0
    st = app.storage
    raw = st.load(_OUTBOX)
    box = raw.decode().split() if raw else []
    n = len(box)
    try:
        for recs in (box, items or []):
            while recs:
                try:
                    b = unhexlify(recs[0])
                    log.append((b[0], b[1:]))
                except (ValueError, IndexError) as e:    # not a record: dropped, said
                    app.log("score log: waiting record dropped: %s" % e)
                recs.pop(0)
    except OSError as e:
        app.log("score log: %s" % e)
    if len(box) != n:
        try:
            if box:
                st.save(_OUTBOX, " ".join(box).encode())
            else:
                st.delete(_OUTBOX)
        except OSError as e:         # they are in the log: at worst written twice
            app.log("score log outbox: %s" % e)
    left = len(box) + (len(items) if items else 0)
    if left:
        app.error = _WAIT % (left, "" if left == 1 else "s")
    return left


def hand_over(app, m):
    """Match m is left with records waiting: into the log if it takes
    them now, else into the outbox.  False if neither could be written
    (they stay in m's save, which the app then keeps)."""
    lg = scorelog(app)
    if lg is None or not flush(app, lg, m.unlogged):
        return True
    st = app.storage
    raw = st.load(_OUTBOX)
    try:
        st.save(_OUTBOX, (raw + b" " if raw else b"") + " ".join(m.unlogged).encode())
    except OSError as e:
        app.log("score log outbox: %s" % e)
        app.error = _KEPT
        return False
    m.unlogged = []
    return True
