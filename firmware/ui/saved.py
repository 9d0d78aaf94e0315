"""A Rummikub match's save, loaded back: checked (its seats, match id and
the screen it names must fit the game), and the app back into it.  The
match writes it (ui.match.Match.save); Gin's is ui.gin.saved, the same
shape.  Loaded only for a resume (the app drops it again).

Nothing read from flash is trusted: a save that passed its checksum but
holds the wrong content falls back to the backup copy (the save before
it); if neither loads the title says why and the save stays on flash.
"""
from compat import const
from ui import SAVE
from common import shown
from common.fields import whole

_RESUME_SCREENS = const(("play", "privacy", "result", "scoreboard", "watch"))
_IN_ROUND = const(("play", "privacy", "watch"))     # the others show a round's end


def _restore(game, extra):
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
    m = Match(game, seats)
    m.restore(extra, "match_id")
    review = extra.get("review", [])
    m.review = [r for r in review if isinstance(r, str)] if isinstance(review, list) else []
    last = extra.get("last_human", -1)
    m.last_human = last if whole(last, -1, game.n - 1) else -1
    b = extra.get("before")
    m.review_before = parse_table(b, game.rules.ncolours) if isinstance(b, str) else None
    # the review's tables (ui.match.Match.tables): one a line; any that
    # does not read as a seat and a table is a note (only marks are lost)
    from ui.turn_sets import pack
    rows = extra.get("tables")
    for i in range(len(m.review)):
        r = rows[i] if isinstance(rows, list) and i < len(rows) else None
        try:
            seat, text = r
            if not whole(seat, -1, game.n - 1) or not isinstance(text, str):
                raise ValueError
            m.tables.append((seat, pack(b"", b"", parse_table(text, game.rules.ncolours),
                                        (0, 0, 0)) if text else b""))
        except (TypeError, ValueError):
            m.tables.append((-1, b""))
    logged = extra.get("logged", len(game.round_rows))
    m.logged_rounds = logged if whole(logged, 0, len(game.round_rows)) else len(game.round_rows)
    return m


def _match(raw):
    """(match, screen, its state) from a save's bytes; raises what is wrong."""
    from rummikub import savefile
    from rummikub.game import MATCH_OVER, PLAYING
    game, extra = savefile.loads(raw)
    m = _restore(game, extra)
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
        if not whole(st.get(k, 0), 0, 1 << 30):
            return None
    if not isinstance(st.get("msg", ""), str):
        return None
    return st


def load(storage):
    """(match, screen, its state, None or the line saying the newest save
    did not load and the one before it did); None if nothing is saved;
    ValueError saying why the newest did not load if neither does."""
    why = None
    for raw in (storage.load(SAVE), storage.load_backup(SAVE)):
        if raw is None:
            continue
        try:
            m, name, state = _match(raw)
            return m, name, state, why and "Saved game damaged; the one before it was loaded"
        except Exception as e:     # untrusted bytes: any failure is "not loaded"
            why = why or (str(e) or type(e).__name__)
    if why:
        raise ValueError(why)
    return None


def resume(app, cold=True):
    """Back into the saved match; cold (from the title screen) means the
    device may have changed hands.  False if nothing is saved, or if
    neither copy loads (app.error says why)."""
    try:
        got = load(app.storage)
    except ValueError as e:
        app.log("save not loaded: %s" % e)
        app.error = "Saved game not loaded: %s" % e
        return False
    if got is None:
        return False
    m, name, state, note = got
    if note:
        app.error = note
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
