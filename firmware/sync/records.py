"""Payloads of score-log records: finished rounds and finished matches.

Plain values in, compact bytes out (struct + short strings), and back.  The
device encodes, the host decodes the same bytes after sync.  Seats are list
positions: names[i], scores[i], racks[i] all belong to seat i.

A record names its match by the match's id (the scheme: sync.matchid).
The id's type picks the record's kind: a text id (format 2) gives ROUND2 / MATCH2, whose payload starts with the id's three parts
(console as a short string, "" for this console; log id u32; number u32);
a 32-bit int (format 1, from firmware before it, kept by a match saved
then) gives ROUND / MATCH, whose payload starts with it.  The rest of the
payload is the same in both.  encode_round and encode_match return the
record, (kind, payload), what ScoreLog.append takes (and a list too: a
match keeps what the log could not take, ui.score_log); decode(kind,
payload) reads any of the four.

Every record a real match produces fits one frame: the
encoder takes at most MAX_SEATS seats, names of NAME_BYTES, MAX_CELLS round
scores and RULES_BYTES of rules, so no match record exceeds MAX_MATCH, which
protocol.MAX_PAYLOAD holds (tests/sync_mp/test_sync_largest.py logs the
largest of each game on both runtimes).
"""
import struct

from compat import const

from sync.protocol import put_str, get_str, put_pairs, get_pairs
from sync import protocol as P
from sync import matchid

_ROUND_HEAD = const("<BBBb")   # after the match id: round number, players, flags, winner seat
_MATCH_HEAD = const("<BBb")    # after the match id: players, rounds, winner seat
_EXHAUSTED = const(1)          # round flag: the pool ran out
_GAME_SHIFT = const(1)         # round flags above it: the game's code (sync.matchinfo)

_MAX_SEATS = const(6)          # the XP tile set's most players (Gin has 2)
NAME_BYTES = 16         # a player's name is 8 ASCII characters (sync.limits),
                        # an AI's ("AI medium") a few more
MAX_CELLS = 6 * 99      # round scores in a match: 6 seats x the 99 rounds a
                        # settings file takes; Gin keeps 2 x 255 hands
_RULES_BYTES = const(256)      # the changed rules, every variant at its longest: 224
MAX_MATCH = (1 + matchid.CONSOLE_MAX + 8 + struct.calcsize(_MATCH_HEAD) + _MAX_SEATS * (1 + NAME_BYTES + 5)
             + 2 * MAX_CELLS + _RULES_BYTES)


class RecordError(ValueError):
    """A record passed its CRC but its payload does not decode."""


def _decoding(what, fn, buf, *args):
    """fn(buf, *args), with every way a short or garbled payload can fail
    (IndexError, struct.error, UnicodeError, ...) as one RecordError."""
    try:
        return fn(buf, *args)
    except (RecordError, MemoryError):
        raise
    except Exception as e:
        raise RecordError("%s record of %d bytes does not decode: %s"
                          % (what, len(buf), str(e) or type(e).__name__))


def _i16(v, what):
    if not isinstance(v, int) or v < -32768 or v > 32767:
        raise ValueError("%s must be a whole number in -32768..32767, not %r" % (what, v))
    return v


def _seats(names):
    n = len(names)
    if n < 1 or n > _MAX_SEATS:
        raise ValueError("a record needs 1..%d players, not %d" % (_MAX_SEATS, n))
    for name in names:
        if len(name.encode()) > NAME_BYTES:
            raise ValueError("name %r is over %d bytes" % (name, NAME_BYTES))
    return n


def _winner(winner, n):
    if winner is None:
        return -1
    if not isinstance(winner, int) or winner < 0 or winner >= n:
        raise ValueError("winner must be a seat 0..%d or None, not %r" % (n - 1, winner))
    return winner


def _same_len(what, seq, n):
    if len(seq) != n:
        raise ValueError("%s has %d entries for %d players" % (what, len(seq), n))


def encode_round(match_id, round_no, names, scores, racks, winner, exhausted=False, game=0):
    """One finished round as a record (kind, payload): ROUND2 for a text
    match id, ROUND for a 32-bit one.  racks[i] = points left on seat i's
    rack; game: its code (sync.matchinfo.GAMES index + 1; 0: not said)."""
    n = _seats(names)
    _same_len("scores", scores, n)
    _same_len("racks", racks, n)
    if round_no < 1 or round_no > 255:
        raise ValueError("round number must be 1..255, not %r" % (round_no,))
    out = bytearray()
    v2 = matchid.put(out, match_id)
    out.extend(struct.pack(_ROUND_HEAD, round_no, n,
                           (_EXHAUSTED if exhausted else 0) | game << _GAME_SHIFT,
                           _winner(winner, n)))
    for i in range(n):
        put_str(out, names[i])
        rack = racks[i]
        if not isinstance(rack, int) or rack < 0 or rack > 65535:
            raise ValueError("rack points must be 0..65535, not %r" % (rack,))
        out.extend(struct.pack("<hH", _i16(scores[i], "score"), rack))
    return (P.ROUND2 if v2 else P.ROUND), bytes(out)


def decode(kind, buf):
    """The dict a ROUND, ROUND2, MATCH or MATCH2 record's payload holds
    (what encode_round or encode_match was given, "match_id" int or text);
    RecordError if buf does not decode, ValueError for another kind."""
    if kind == P.ROUND or kind == P.ROUND2:
        return _decoding("round", _round, buf, kind)
    if kind == P.MATCH or kind == P.MATCH2:
        return _decoding("match", _match, buf, kind)
    raise ValueError("not a round or match record: kind 0x%02x" % kind)


def decode_round(buf, kind=P.ROUND):
    return decode(kind, buf)


def _round(buf, kind):
    mid, pos = matchid.get(buf, kind >= P.ROUND2)
    round_no, n, flags, winner = struct.unpack_from(_ROUND_HEAD, buf, pos)
    names, scores, racks, pos = _get_seats(buf, pos + struct.calcsize(_ROUND_HEAD), n, "<hH")
    _end(buf, pos, "round")
    return {"match_id": mid, "round": round_no, "names": names,
            "scores": scores, "racks": racks,
            "winner": None if winner < 0 else winner,
            "exhausted": bool(flags & _EXHAUSTED), "game": flags >> _GAME_SHIFT}


def encode_match(match_id, names, round_scores, totals, wins, winner, rules=None):
    """One finished match as a record (kind, payload): MATCH2 for a text
    match id, MATCH for a 32-bit one.  round_scores[r][i] = seat i's score
    in round r+1; rules = {rule name: value} for the rules that differ
    from the defaults."""
    n = _seats(names)
    _same_len("totals", totals, n)
    _same_len("wins", wins, n)
    nr = len(round_scores)
    if nr > 255 or nr * n > MAX_CELLS:
        raise ValueError("a match record holds 255 rounds and %d round scores, not %d x %d"
                         % (MAX_CELLS, nr, n))
    out = bytearray()
    v2 = matchid.put(out, match_id)
    out.extend(struct.pack(_MATCH_HEAD, n, nr, _winner(winner, n)))
    for i in range(n):
        put_str(out, names[i])
        out.extend(struct.pack("<iB", totals[i], wins[i]))
    for r in range(nr):
        row = round_scores[r]
        _same_len("round %d scores" % (r + 1), row, n)
        for v in row:
            out.extend(struct.pack("<h", _i16(v, "score")))
    end = len(out)
    put_pairs(out, rules or {})
    if len(out) - end > _RULES_BYTES:
        raise ValueError("the rules take %d bytes, over %d" % (len(out) - end, _RULES_BYTES))
    return (P.MATCH2 if v2 else P.MATCH), bytes(out)


def decode_match(buf, kind=P.MATCH):
    return decode(kind, buf)


def _match(buf, kind):
    mid, pos = matchid.get(buf, kind >= P.ROUND2)
    n, nr, winner = struct.unpack_from(_MATCH_HEAD, buf, pos)
    names, totals, wins, pos = _get_seats(buf, pos + struct.calcsize(_MATCH_HEAD), n, "<iB")
    rounds = []
    for _ in range(nr):
        rounds.append(list(struct.unpack_from("<%dh" % n, buf, pos)))
        pos += 2 * n
    rules, pos = get_pairs(buf, pos)
    _end(buf, pos, "match")
    return {"match_id": mid, "names": names, "totals": totals,
            "wins": wins, "rounds": rounds,
            "winner": None if winner < 0 else winner, "rules": rules}


def _get_seats(buf, pos, n, fmt):
    """n seat entries from pos, each a name then two numbers packed as
    `fmt`: (names, first numbers, second numbers, position after them)."""
    size = struct.calcsize(fmt)
    names, firsts, seconds = [], [], []
    for _ in range(n):
        name, pos = get_str(buf, pos)
        a, b = struct.unpack_from(fmt, buf, pos)
        pos += size
        names.append(name)
        firsts.append(a)
        seconds.append(b)
    return names, firsts, seconds, pos


def _end(buf, pos, what):
    if pos != len(buf):
        raise RecordError("%s record has %d bytes, decoded %d" % (what, len(buf), pos))


def encode_log_start(log_id):
    return struct.pack("<I", log_id)


def decode_log_start(buf):
    return _decoding("log start", lambda b: {"log_id": struct.unpack_from("<I", b, 0)[0]}, buf)


# What a match record says beside its scores (sync.matchinfo)
_EPOCH_2000 = const(946684800)     # hal.clock.EPOCH_2000 (records need no hal)
_GAME = const("game")
_AT = const("at")
_SEATS = const("seats")
# a seat's letter (_CODES[i]): a person, or the AI level playing it (either
# game's levels)
_SEATS_KNOWN = const(("human", "easy", "medium", "hard", "expert", "greedy"))
_CODES = const("pemhxg")


def pairs(rules, game="rummikub", at=None, seats=None):
    """The record's pairs: the changed rules plus what is known of the
    match.  at: Unix seconds or None; seats: "human" or a level, a seat each."""
    d = dict(rules)
    if game != "rummikub":
        d[_GAME] = game
    if at is not None and 0 < at - _EPOCH_2000 < 0x7FFFFFFF:   # a record value is 32-bit:
        d[_AT] = int(at) - _EPOCH_2000                         # no date past 2068
    if seats:
        d[_SEATS] = "".join([_CODES[_SEATS_KNOWN.index(s)] if s in _SEATS_KNOWN else "?"
                              for s in seats])
    return d


def split(d):
    """(rules, info) from a match record's pairs: info = {"game", "at"
    (Unix seconds or None), "seats" (a level or "human" a seat, None for a
    letter this firmware does not know; None if not recorded)}."""
    rules = dict(d)
    game = rules.pop(_GAME, "rummikub")
    at = rules.pop(_AT, None)
    codes = rules.pop(_SEATS, None)
    seats = None
    if isinstance(codes, str):
        seats = [_SEATS_KNOWN[_CODES.index(c)] if c and c in _CODES else None
                 for c in codes]
    return rules, {"game": str(game),     # a name (GAMES) or what the record says
                   "at": at + _EPOCH_2000 if isinstance(at, int) and at is not True and at > 0
                   else None,
                   "seats": seats}
