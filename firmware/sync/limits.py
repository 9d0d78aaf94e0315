"""What a player name and a pushed setting may hold: one rule for the device
(sync.inbox when the host pushes, ui.settings_file when the app reads them back)
and the host (`host_tools sync` checks before it pushes).

A name is 1..NAME_MAX printable ASCII characters (the built-in 8x8 font
draws nothing else), no space at either end.  NAME_MAX is where the name
editor (ui.screens.settings) stops and what "Pool empty: NAME wins" fits at
twice the size across the screen; shorter places cut names themselves.

SETTINGS holds the app's whole-number settings as name -> (low, high); a
new key (a calibration, say) is one more entry.  Rule names are checked by
the engine's Rules, and a pushed whole-number rule is at most RULE_MAX (a
larger penalty could overflow a round's 16-bit score in the score log).
Any other name takes true/false, a 32-bit whole number or a short text.
"""
from compat import const

NAME_MAX = 8
_RULE_MAX = const(999)
SETTINGS = {"idle_min": (0, 600), "partials": (1, 1000)}
_TEXT_MAX = const(60)


def _printable(s):
    for c in s:
        if not " " <= c <= "~":
            return False
    return True


def name_error(name):
    """Why `name` cannot be a player's name, or None if it can."""
    if not isinstance(name, str):
        return "a name is text, not %r" % (name,)
    if not 0 < len(name) <= NAME_MAX:
        return "name %r: %d characters, not 1..%d" % (name, len(name), NAME_MAX)
    if not _printable(name):
        return "name %r: not printable ASCII (all the handheld can show)" % (name,)
    if name != name.strip():
        return "name %r: a space at one end" % (name,)
    return None


def _whole(v, lo, hi):
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def setting_error(key, v):
    """Why setting `key` cannot take v, or None if it can."""
    if key in SETTINGS:
        lo, hi = SETTINGS[key]
        if not _whole(v, lo, hi):
            return "setting %s takes a whole number %d..%d, not %r" % (key, lo, hi, v)
        return None
    from rummikub.rules import Rules
    rules = Rules()
    if key in rules.as_dict():
        try:
            rules.set(key, v)
        except ValueError as e:
            return str(e)
        if not isinstance(v, bool) and isinstance(v, int) and v > _RULE_MAX:
            return "rule %s takes at most %d, not %r" % (key, _RULE_MAX, v)
        return None
    if v is True or v is False or _whole(v, -(1 << 31), (1 << 31) - 1):
        return None
    if isinstance(v, str) and len(v) <= _TEXT_MAX and _printable(v):
        return None
    return "setting %s takes true/false, a whole number or a short text, not %r" % (key, v)
