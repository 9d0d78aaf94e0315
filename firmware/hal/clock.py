"""The date's setting side: what the host says at each sync, the clock
and its offset from UTC (set_time), and the offset dates are shown at
(utc_offset).  Loaded only by the Sync and History screens; reading the
clock (hal.time(), which a finished match's log needs) stays in hal.base,
so a solo match interns none of these names.

A backend whose board clock can be set has set_board_clock(at) (hal.esp32:
the RTC; hal.unixport: a difference kept in its folder); on the others
(a computer) the clock is its own and setting it does nothing.  A backend
that knows its offset otherwise has utc_offset() (hal.web: the browser's
zone); the others keep the host's, in storage.
"""
from compat import const

EPOCH_2000 = const(946684800)      # 2000-01-01 UTC in Unix seconds
_UTC_OFFSET = const("utc_offset")  # storage key: the host's offset at the last sync


def set_time(hal, at, m=0):
    """hal's clock to `at` (Unix seconds, UTC), `m` minutes from UTC."""
    board = getattr(hal, "set_board_clock", None)
    if board is not None:
        board(at)
    if m != utc_offset(hal):            # written when it changes only
        hal.storage.save(_UTC_OFFSET, b"%d" % m)


def utc_offset(hal):
    """Minutes to add to UTC for the time shown: the backend's own, else
    the host's at the last sync (0 before one)."""
    own = getattr(hal, "utc_offset", None)
    if own is not None:
        return own()
    try:
        return int(hal.storage.load(_UTC_OFFSET) or b"0")
    except ValueError:
        return 0
