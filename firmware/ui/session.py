"""What the app does between turns: the settings file, saving and resuming
the match, the score log.  Its own module so that it is loaded only for
those moments (ui.app drops it again): while AI seats think, its code is
not in RAM.  Every function takes the App."""
import json
from rummikub.game import PLAYING
from rummikub.tiles import parse_table, fmt_table
from ui.match import Match

SAVE = "game"
SETTINGS = "settings"
DEFAULT_NAMES = ["Ann", "Ben", "Cai", "Dee", "Eve", "Fay"]
DEFAULTS = {"idle_min": 3, "partials": 20, "names": DEFAULT_NAMES}


def load_settings(app):
    s = dict(DEFAULTS)
    raw = app.storage.load(SETTINGS)
    if raw:
        try:
            s.update(json.loads(raw))
        except ValueError:
            app.log("settings unreadable; using defaults")
    s["names"] = (list(s["names"]) + DEFAULT_NAMES)[:6]
    return s


def save_settings(app):
    app.storage.save(SETTINGS, json.dumps(app.settings).encode())


def scorelog(app):
    try:
        from sync.scorelog import ScoreLog
    except ImportError:
        return None
    d = app.log_dir
    return ScoreLog((d + "/" if d and not d.endswith("/") else d) + "scores.log")


def new_match_id(app):
    log = scorelog(app)
    if log is None:
        return 0
    try:
        return log.new_match_id()
    except OSError:
        return 0


def log_round(app):
    m = app.match
    g = m.game
    log = scorelog(app)
    if log is None or m.logged_rounds >= len(g.round_rows):
        return
    from rummikub.scoring import rack_totals
    try:
        r = len(g.round_rows) - 1
        log.append_round(m.match_id, g.round_no, g.names, g.round_rows[r],
                         rack_totals(g.racks, g.rules.joker_penalty),
                         g.round_winners[r], g.round_exhausted[r])
        if g.phase != PLAYING and g.round_no >= g.rounds:
            totals, wins, order = g.standings()
            log.append_match(m.match_id, g.names, g.round_rows, totals, wins,
                             order[0], g.rules.changed())
    except (OSError, ValueError) as e:
        app.log("score log: %s" % e)
    m.logged_rounds = len(g.round_rows)


def match_extra(m):
    """What the app must remember of match m beyond the Game itself."""
    return {
        "seats": m.seats, "match_id": m.match_id,
        "review": m.review, "last_human": m.last_human,
        "before": None if m.review_before is None else fmt_table(m.review_before),
        "logged": m.logged_rounds,
    }


def restore_match(game, extra):
    m = Match(game, extra["seats"], extra.get("match_id", 0))
    m.review = list(extra.get("review", []))
    m.last_human = extra.get("last_human", -1)
    b = extra.get("before")
    m.review_before = None if b is None else parse_table(b, game.rules.ncolours)
    m.logged_rounds = extra.get("logged", len(game.round_rows))
    return m


def save_game(app, screen=None):
    """Save the match with the screen it is on (and that screen's state),
    or with the (fresh) screen about to be shown."""
    if app.match is None:
        return
    extra = match_extra(app.match)
    scr = None
    for s in app.stack:
        if s.resumable:
            scr = s
    if screen:
        extra["screen"] = screen
    elif scr is not None:
        extra["screen"] = scr.name
        extra["state"] = scr.state()
    from rummikub import savefile
    app.storage.save(SAVE, savefile.dumps(app.match.game, extra))


def resume(app, cold=True):
    """Back into the saved match; cold (from the title screen) means the
    device may have changed hands."""
    raw = app.storage.load(SAVE)
    if raw is None:
        return False
    from rummikub import savefile
    try:
        game, extra = savefile.loads(raw)
        app.match = restore_match(game, extra)
    except (savefile.SaveError, KeyError, TypeError, ValueError) as e:
        app.log("save not loaded: %s" % e)
        app.error = "Saved game not loaded: %s" % e
        return False
    name = extra.get("screen") or "play"
    state = extra.get("state")
    g = app.match.game
    if g.phase == PLAYING and not app.match.human(g.current):
        app.goto("privacy")      # a save from an AI's turn: let it play
        app.advance()
        return True
    if name == "play" and cold and app.match.humans() > 1:
        # someone else may hold the device now: hide the rack first
        name, state = "privacy", {"play": state}
    app.goto(name, state=state)
    return True


def sleep(app):
    """Idle: save the match, show the sleep screen, power down."""
    def draw(d):
        from ui.gfx import WHITE, BLACK, centre_text
        d.fill(WHITE)
        centre_text(d, "Pocket Rummikub", 110, BLACK, 2, 3)
        centre_text(d, "Sleeping - press any button", 170)
        if app.match:
            centre_text(d, "your game is saved", 190)
    app.sleeper.sleep_now(lambda: save_game(app), draw)
