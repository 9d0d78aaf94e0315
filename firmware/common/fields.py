"""Checks of values read back from flash: a save or settings file that
passed its checksum may still hold anything JSON can (both games' saves
and ui.saved, ui.settings_file use these before a value is trusted).

  whole(v, lo, hi)      an int (not a bool) in lo..hi
  wholes(v, n, lo, hi)  a list of n such ints
  names(v, n)           a list of n names, each text of 1..24 characters
  need(ok, what)        raise ValueError("bad <what>") unless ok
"""
from compat import const

_NAME_CAP = const(24)   # the longest name a save or the settings may hold


def whole(v, lo, hi):
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def wholes(v, n, lo, hi):
    if not isinstance(v, list) or len(v) != n:
        return False
    for x in v:
        if not whole(x, lo, hi):
            return False
    return True


def names(v, n):
    if not isinstance(v, list) or len(v) != n:
        return False
    for x in v:
        if not isinstance(x, str) or not 0 < len(x) <= _NAME_CAP:
            return False
    return True


def need(ok, what):
    if not ok:
        raise ValueError("bad " + what)
