"""The app's side of the score log (sync.scorelog, on flash in the app's
log_dir): opening it, the next match id, a finished Rummikub round (and
its match, after the last round) into it through sync.gamelog, the path
the sync tests cover.  Gin's hands go in through sync.ginlog
(ui.gin.match).  Loaded only for those moments (the app drops it again).
"""


def scorelog(app):
    """The score log (sync.scorelog.ScoreLog), None if not built in."""
    try:
        from sync.scorelog import LOG_PATH, ScoreLog
    except ImportError:
        return None
    return ScoreLog(app.log_dir + LOG_PATH)


def new_match_id(app):
    log = scorelog(app)
    if log is None:
        return 0
    try:
        return log.new_match_id()
    except OSError:
        return 0


def log_round(app, m):
    """Match m's round just ended (and the match, if that was its last
    round) into the score log; a full flash says so in the app's line."""
    g = m.game
    log = scorelog(app)
    if log is None or m.logged_rounds >= len(g.round_rows):
        return
    from sync import gamelog
    from rummikub.game import PLAYING
    try:
        gamelog.log_round(log, g, m.match_id)
        if g.phase != PLAYING and g.round_no >= g.rounds:
            gamelog.log_match(log, g, m.match_id, app.now(), m.seats)
    except OSError as e:
        app.error = "Storage full: round not logged"
        app.log("score log: %s" % e)
    except ValueError as e:
        app.log("score log: %s" % e)
    m.logged_rounds = len(g.round_rows)
