"""A Gin Rummy match's save, loaded back: checked (its seats and the
screen it names must fit the game), and the app back into it.  The match
writes it (ui.gin.match.GinMatch.save); Rummikub's is ui.saved, the same
shape."""
from compat import const
from gin.game import HAND_OVER
from ui.gin import OPPONENTS, SAVE
from ui.gin.match import GinMatch
from ui.seats import GIN_ON

_WHY = const(60)     # characters of the reason it gives (one line on the glass)
IN_HAND = ("gin_play", "gin_pass")       # the screens a save may name: during a hand
OVER = ("gin_hand", "gin_over")          # and after one (the game's end: gin_over)


def load(storage):
    """(match, screen, its state (None: Gin's screens keep none), None or
    the line saying that the newest save did not load and the one before
    it did); None if nothing is saved; gin.savefile.SaveError saying why
    the newest did not load if neither does."""
    from gin.savefile import SaveError
    why = None
    for raw in (storage.load(SAVE), storage.load_backup(SAVE)):
        if raw is None:
            continue
        try:
            m, screen = _match(raw)
            return m, screen, None, why and "Gin save damaged; the one before it was loaded"
        except SaveError as e:
            why = why or str(e)
    if why:
        raise SaveError(why)
    return None


def _match(raw):
    from gin import savefile
    game, extra = savefile.loads(raw)
    try:
        screen = _check_extra(game, extra)
        m = GinMatch(game, extra["seats"])
        m.restore(extra, "id")
    except (KeyError, TypeError, ValueError) as e:
        raise savefile.SaveError("gin save's app fields are invalid: %s" % e)
    m.last_human = extra.get("last", -1)
    m.logged = extra.get("logged", len(game.history))
    return m, screen


def _check_extra(g, extra):
    """The screen a save's app fields name (None: the match decides);
    ValueError if a field does not fit the game."""
    from common.fields import whole, need
    need(isinstance(extra, dict), "app fields")
    seats = extra["seats"]
    need(isinstance(seats, list) and len(seats) == 2 and seats[0] in OPPONENTS
         and seats[1] in OPPONENTS, "seats")
    # saved only when a person is to act (the AI acts before each save)
    need(g.phase == HAND_OVER or seats[g.current] == "human", "seat to act")
    need(whole(extra.get("last", -1), -1, 1), "last player")
    need(whole(extra.get("logged", 0), 0, len(g.history)), "logged hands")
    screen = extra.get("screen")
    need(screen is None or (screen in IN_HAND and g.phase != HAND_OVER) or
         (screen in OVER and g.phase == HAND_OVER and
          (screen == "gin_hand" or g.is_over())), "screen %r" % (screen,))
    return screen


def resume(app, cold=True):
    """Back into the saved gin game: cold (the set-up's Resume) as the
    match plays on (AI seats act first if it is their turn; with two
    people the pass screen first), after an idle sleep (GIN_ON on flash:
    App.resume) on the screen it was saved with.  False if it does not
    load: app.error says why and the boot no longer tries it."""
    from gin.savefile import SaveError
    try:
        got = load(app.storage)
        if got is None:
            raise SaveError("damaged: could not be read" if app.storage.damaged(SAVE)
                            else "no gin game saved")
    except SaveError as e:
        app.error = "Gin save not loaded: %s" % str(e)[:_WHY]
        app.log(app.error)
        app.storage.delete(GIN_ON)
        return False
    m, screen, _, note = got
    if note:
        app.error = note
    app.start_match(m)
    if not cold:
        app.goto(screen or m.next_screen())
        return True
    if m.humans() > 1:
        m.last_human = -1        # nobody has seen their cards: pass first
    app.advance()
    return True
