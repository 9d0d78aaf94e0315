"""What a match record says about its match beside the scores: which game,
when it ended, who sat where (a person or an AI level).

They travel in the record's pairs (sync.records: put_pairs) beside the
rules that differ from the defaults, under names no rule of either game
has: "game" ("gin"; absent: Rummikub, as every record has said since Gin
came), "at" (when the match ended, seconds since 2000-01-01 UTC, by the
clock the host sets at each sync: hal.time(); absent if it was never set) and
"seats" (one letter a seat: sync.records._CODES).  Records written before "at" and
"seats" existed decode with None for them.  split() hands the rules and the
rest back apart, on the device (the History screen) and on the host;
both live in sync.records (loaded in a match already: writing the record
loads no more names), here by name for the host and the History screen.

A round record names its game by a code in its flags (sync.records:
encode_round): GAMES.index(game) + 1, 0 from firmware before it did.
"""
from sync.records import pairs, split  # noqa: F401 (this module's API)

GAMES = ("rummikub", "gin")    # a round record's game code - 1


def round_game(code):
    """The game a round record's code names; None for 0 (not said)."""
    if not code:
        return None
    return GAMES[code - 1] if code <= len(GAMES) else "game %d" % code
