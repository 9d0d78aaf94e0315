"""The settings on flash (idle minutes, partial refreshes, names, the
new-game form, lessons done): read and checked, with what the host
pushed applied (`players.json`, `settings.json` beside the score log,
written by sync.endpoint), and written.  Loaded only for those moments
(the app drops it again).

Nothing read from flash is trusted: a settings file or pushed
names/settings that passed its checksum but holds the wrong content falls
back to the backup copy, else to the defaults, and the app shows one line
saying so (app.error); it never crashes or boot-loops on it.  Settings
that cannot be written (flash full) say "Storage full" and leave the
earlier copy as it was.
"""
import json
from compat import const
from common.fields import whole as _int
from sync.limits import setting_error
# names one function uses are imported in it: each module-level name is a
# slot of this module's dict while it is loaded

SETTINGS = "settings"
_PUSHED_NAMES = const("players.json")      # sync.endpoint.PLAYERS_PATH
_PUSHED_SETTINGS = const("settings.json")  # sync.endpoint.SETTINGS_PATH
# one text, split where used: six names would be six interned qstrs
_DEFAULT_NAMES = const("Ann Ben Cai Dee Eve Fay")
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


def _read_pushed(app, name):
    """The file's JSON; ValueError (the class) if it does not parse;
    _remove (any object that JSON cannot give) if there is no file."""
    try:
        with open(app.log_dir + name) as f:
            return json.loads(f.read())
    except OSError:
        return _remove
    except ValueError:
        return ValueError


def _remove(app, name):
    import os
    try:
        os.remove(app.log_dir + name)
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
