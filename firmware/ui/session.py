"""What the app does between turns: the settings file, saving and resuming
the match, the score log.  Its own module so that it is loaded only for
those moments (ui.app drops it again): while AI seats think, its code is
not in RAM.  Every function takes the App.

Nothing read from flash is trusted: a settings file, a save or pushed
names/settings (`players.json`, `settings.json` beside the score log,
written by sync.endpoint) that passed its checksum but holds the wrong
content falls back to the backup copy, else to the defaults, and the app
shows one line saying so (app.error); it never crashes or boot-loops on
it.  A save that cannot be written (flash full) says "Storage full" and
leaves the earlier copy as it was.  Rounds and matches go to the score log
through sync.gamelog, the path the sync tests cover.
"""
import json
from compat import const
from ui import SAVE
from common import shown
from common.fields import whole as _int
from sync.limits import setting_error
# names one function uses are imported in it: each module-level name is a
# slot of this module's dict while it is loaded for a save or a resume (36
# names took a 37-slot dict, 296 bytes, beside the save on the heap)

SETTINGS = "settings"
_PUSHED_NAMES = const("players.json")      # sync.endpoint.PLAYERS_PATH
_PUSHED_SETTINGS = const("settings.json")  # sync.endpoint.SETTINGS_PATH
# one text, split where used: six names would be six interned qstrs
_DEFAULT_NAMES = const("Ann Ben Cai Dee Eve Fay")
_RESUME_SCREENS = const(("play", "privacy", "result", "scoreboard", "watch"))
_IN_ROUND = const(("play", "privacy", "watch"))     # the others show a round's end
_FULL = const("Storage full: %s not saved")


def _names(v):
    from sync.limits import name_error
    return isinstance(v, list) and all(name_error(n) is None for n in v)


def _rules_ok(d):
    from rummikub.rules import Rules
    try:
        Rules().update(d)
        return True
    except (ValueError, TypeError, AttributeError):
        return False


def clean_settings(d):
    """(settings, what was wrong or None): every field of d checked, a bad
    one replaced by its default."""
    from sync.limits import SETTINGS as RANGES
    s = {"idle_min": 3, "partials": 20, "names": _DEFAULT_NAMES.split()}    # the defaults
    if not isinstance(d, dict):
        return s, "not a settings record"
    bad = None
    for k in d:
        v = d[k]
        if k in RANGES:
            ok = setting_error(k, v) is None
        elif k == "names":
            ok = _names(v)
            if ok:
                v = (v + _DEFAULT_NAMES.split()[len(v):])[:6]    # fewer names than seats
        elif k == "setup":
            ok = (isinstance(v, dict) and _int(v.get("players", 2), 2, 6)
                  and _int(v.get("rounds", 1), 1, 99)
                  and isinstance(v.get("seats", []), list)
                  and isinstance(v.get("rules", {}), dict) and _rules_ok(v.get("rules", {})))
        else:
            ok = True            # another screen's setting: its own to check
        if ok:
            s[k] = v
        elif bad is None:
            bad = k
    return s, bad


def load_settings(app):
    """The settings, with names and settings pushed by the host applied."""
    st = app.storage
    s, bad = _parse(st.load(SETTINGS), clean_settings)
    if bad:
        backup = st.load_backup(SETTINGS)
        s2, bad2 = _parse(backup, clean_settings)
        if backup is not None and not bad2:
            s = s2
            app.error = "Settings damaged (%s); the backup was loaded" % bad
        else:
            app.error = "Settings damaged (%s); defaults used" % bad
        app.log("settings: " + app.error)
    if apply_pushed(app, s):
        if save_settings(app, s):
            for name in (_PUSHED_NAMES, _PUSHED_SETTINGS):
                _remove(app, name)
    return s


def _parse(raw, clean):
    if raw is None:
        return clean({})[0], None
    try:
        d = json.loads(raw)
    except ValueError:
        return clean({})[0], "not JSON"
    return clean(d)


def _pushed_path(app, name):
    d = app.log_dir
    return (d + "/" if d and not d.endswith("/") else d) + name


def _read_pushed(app, name):
    """The file's JSON; ValueError (the class) if it does not parse;
    _remove (any object that JSON cannot give) if there is no file."""
    try:
        with open(_pushed_path(app, name)) as f:
            return json.loads(f.read())
    except OSError:
        return _remove
    except ValueError:
        return ValueError


def _remove(app, name):
    import os
    try:
        os.remove(_pushed_path(app, name))
    except OSError:
        pass


def apply_pushed(app, s):
    """Names and settings the host pushed (sync --players / --set) go into
    s: names onto the seats in order, rule names into the new-game form's
    rules, the app's settings (sync.limits.SETTINGS) as they are.  True if
    anything was there."""
    names = _read_pushed(app, _PUSHED_NAMES)
    pushed = _read_pushed(app, _PUSHED_SETTINGS)
    if names is _remove and pushed is _remove:
        return False
    if names is not _remove:
        if _names(names) and names:
            s["names"] = (names + s["names"][len(names):])[:6]
        else:
            app.error = "Pushed player names unreadable; ignored"
    if pushed is not _remove:
        if not isinstance(pushed, dict):
            app.error = "Pushed settings unreadable; ignored"
        else:
            from rummikub.rules import Rules
            from sync.limits import SETTINGS as RANGES
            setup = dict(s.get("setup") or {})
            rules = dict(setup.get("rules") or {})
            known = Rules().as_dict()
            for k in pushed:
                v = pushed[k]
                if setting_error(k, v):
                    continue          # sync.inbox refused it already: an older file
                if k in known:
                    rules[k] = v
                elif k in RANGES:
                    s[k] = v
            setup["rules"] = rules
            s["setup"] = setup
    return True


def save_settings(app, s=None):
    """Write the settings; False (and the one line) if the flash is full."""
    try:
        app.storage.save(SETTINGS, json.dumps(s or app.settings).encode())
        return True
    except OSError as e:
        app.error = _FULL % "settings"
        app.log("settings: %s" % e)
        return False


def scorelog(app):
    try:
        from sync.scorelog import LOG_PATH, ScoreLog
    except ImportError:
        return None
    return ScoreLog(_pushed_path(app, LOG_PATH))


def new_match_id(app):
    log = scorelog(app)
    if log is None:
        return 0
    try:
        return log.new_match_id()
    except OSError:
        return 0


def log_round(app):
    """The round just ended (and the match, if that was its last round)
    into the score log, through sync.gamelog."""
    m = app.match
    g = m.game
    log = scorelog(app)
    if log is None or m.logged_rounds >= len(g.round_rows):
        return
    from sync import gamelog
    from rummikub.game import PLAYING
    try:
        gamelog.log_round(log, g, m.match_id)
        if g.phase != PLAYING and g.round_no >= g.rounds:
            gamelog.log_match(log, g, m.match_id)
    except OSError as e:
        app.error = "Storage full: round not logged"
        app.log("score log: %s" % e)
    except ValueError as e:
        app.log("score log: %s" % e)
    m.logged_rounds = len(g.round_rows)


def match_extra(m):
    """What the app must remember of match m beyond the Game itself."""
    from rummikub.tiles import fmt_table
    return {
        "seats": m.seats, "match_id": m.match_id,
        "review": m.review, "last_human": m.last_human,
        "before": None if m.review_before is None else fmt_table(m.review_before),
        "logged": m.logged_rounds,
    }


def restore_match(game, extra):
    """A Match from a save's extra; ValueError naming the first field that
    does not fit the game."""
    from rummikub.tiles import parse_table
    from ui.match import Match, SEAT_KINDS
    if not isinstance(extra, dict):
        raise ValueError("no match data")
    seats = extra.get("seats")
    if not isinstance(seats, list) or len(seats) != game.n or \
            any(k not in SEAT_KINDS for k in seats):
        raise ValueError("seats %s do not fit %d players"
                         % (shown(seats), game.n))
    mid = extra.get("match_id", 0)
    if not _int(mid, 0, 0xFFFFFFFF):
        raise ValueError("match id %s" % shown(mid))
    m = Match(game, seats, mid)
    review = extra.get("review", [])
    m.review = [r for r in review if isinstance(r, str)] if isinstance(review, list) else []
    last = extra.get("last_human", -1)
    m.last_human = last if _int(last, -1, game.n - 1) else -1
    b = extra.get("before")
    m.review_before = parse_table(b, game.rules.ncolours) if isinstance(b, str) else None
    logged = extra.get("logged", len(game.round_rows))
    m.logged_rounds = logged if _int(logged, 0, len(game.round_rows)) else len(game.round_rows)
    return m


def save_game(app, screen=None):
    """Save the match with the screen it is on (and that screen's state),
    or with the (fresh) screen about to be shown (ui.match.Match.save)."""
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
    try:
        app.storage.save(SAVE, savefile.dumps(app.match.game, extra, True))
    except OSError as e:
        app.error = _FULL % "game"
        app.log("save: %s" % e)


def _load_save(raw):
    """(match, screen, state) from a save's bytes; raises what is wrong."""
    from rummikub import savefile
    from rummikub.game import MATCH_OVER, PLAYING
    game, extra = savefile.loads(raw)
    m = restore_match(game, extra)
    name = extra.get("screen") or "play"
    if name not in _RESUME_SCREENS:
        raise ValueError("unknown screen %s" % shown(name))
    if (name in _IN_ROUND) != (game.phase == PLAYING) or \
            (name == "scoreboard" and game.phase != MATCH_OVER):
        raise ValueError("screen %s does not fit the game's state" % name)
    state = extra.get("state")
    if name == "privacy" and isinstance(state, dict):
        state = {"play": _play_state(state.get("play"))}
    elif name == "play":
        state = _play_state(state)
    else:
        state = None
    return m, name, state


def _play_state(st):
    """The play screen's saved turn (ui.screens.play state()) if its fields
    have their types, else None (the turn restarts from the table)."""
    if not isinstance(st, dict) or not isinstance(st.get("ed"), str):
        return None
    for k in ("left", "top", "rack_top"):
        if not _int(st.get(k, 0), 0, 1 << 30):
            return None
    if not isinstance(st.get("msg", ""), str):
        return None
    return st


def resume(app, cold=True):
    """Back into the saved match; cold (from the title screen) means the
    device may have changed hands.  A save whose content does not load
    falls back to the backup (the save before it); if neither loads the
    title screen says why and the save stays on flash."""
    raw = app.storage.load(SAVE)
    if raw is None:
        return False
    why = m = None
    for copy in (raw, app.storage.load_backup(SAVE)):
        if copy is None:
            continue
        try:
            m, name, state = _load_save(copy)
            break
        except Exception as e:     # untrusted bytes: any failure is "not loaded"
            why = why or (str(e) or type(e).__name__)
    if m is None:
        app.log("save not loaded: %s" % why)
        app.error = "Saved game not loaded: %s" % why
        return False
    if why:
        app.error = "Saved game damaged; the one before it was loaded"
    app.start_match(m)
    g = m.game
    from rummikub.game import PLAYING
    if g.phase == PLAYING and not m.human(g.current):
        app.goto("privacy")      # a save from an AI's turn: let it play
        app.advance()
        return True
    if name == "play" and cold and m.humans() > 1:
        # someone else may hold the device now: hide the rack first
        name, state = "privacy", {"play": state}
    try:
        app.goto(name, state=state)
    except Exception as e:         # a screen state the screen cannot take
        app.log("save: screen state dropped: %s" % e)
        app.goto(name)
    return True


def sleep(app, line=None):
    """Idle (or an empty battery: `line` says so): save the match, show
    the sleep screen, power down."""
    def draw(d):
        from ui.gfx import WHITE, BLACK, centre_text
        d.fill(WHITE)
        centre_text(d, "Pocket Rummikub", 110, BLACK, 2, 3)
        centre_text(d, line or "Sleeping - press any button", 170)
        if app.match:
            centre_text(d, "your game is saved", 190)
    app.sleeper.sleep_now(app.save_game, draw)
