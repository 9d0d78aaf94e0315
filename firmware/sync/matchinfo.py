"""What a match record says about its match beside the scores: which game,
when it ended, who sat where (a person or an AI level).

They travel in the record's pairs (sync.records: put_pairs) beside the
rules that differ from the defaults, under names no rule of either game
has: GAME ("gin"; absent: Rummikub, as every record has said since Gin
came), AT (when the match ended, seconds since 2000-01-01 UTC, by the
clock the host sets at each sync: hal.time(); absent if it was never set) and
SEATS (one letter a seat: SEAT_CODES).  Records written before AT and
SEATS existed decode with None for them.  split() hands the rules and the
rest back apart, on the device (the History screen) and on the host.

A round record names its game by a code in its flags (sync.records:
encode_round): GAMES.index(game) + 1, 0 from firmware before it did.
"""
from hal.base import EPOCH_2000

GAME = "game"
AT = "at"
SEATS = "seats"
GAMES = ("rummikub", "gin")    # a round record's game code - 1
# a seat's letter: a person, or the AI level playing it (either game's levels)
SEAT_CODES = {"human": "p", "easy": "e", "medium": "m", "hard": "h", "expert": "x",
              "greedy": "g"}


def pairs(rules, game="rummikub", at=None, seats=None):
    """The record's pairs: the changed rules plus what is known of the
    match.  at: Unix seconds or None; seats: "human" or a level, a seat each."""
    d = dict(rules)
    if game != "rummikub":
        d[GAME] = game
    if at is not None and 0 < at - EPOCH_2000 < 0x7FFFFFFF:   # a record value is 32-bit:
        d[AT] = int(at) - EPOCH_2000                         # no date past 2068
    if seats:
        d[SEATS] = "".join([SEAT_CODES.get(s, "?") for s in seats])
    return d


def split(d):
    """(rules, info) from a match record's pairs: info = {"game", "at"
    (Unix seconds or None), "seats" (a level or "human" a seat, None for a
    letter this firmware does not know; None if not recorded)}."""
    rules = dict(d)
    game = rules.pop(GAME, "rummikub")
    at = rules.pop(AT, None)
    codes = rules.pop(SEATS, None)
    seats = None
    if isinstance(codes, str):
        names = {}
        for k in SEAT_CODES:
            names[SEAT_CODES[k]] = k
        seats = [names.get(c) for c in codes]
    return rules, {"game": game if game in GAMES else str(game),
                   "at": at + EPOCH_2000 if isinstance(at, int) and at is not True and at > 0
                   else None,
                   "seats": seats}


def round_game(code):
    """The game a round record's code names; None for 0 (not said)."""
    if not code:
        return None
    return GAMES[code - 1] if code <= len(GAMES) else "game %d" % code
