"""Save and restore a whole Game as compact, versioned, checksummed bytes.

Layout (little-endian): b"PRKS", version u8, header length u16, header JSON
(rules that differ from the defaults, names, rounds, round history, `extra`
for the app), then the binary state (rng, counters, melded, pool, racks,
table), then CRC32 of everything before it.  A load checks the CRC, every
length, every tile code and that the tiles add up to the full set with every
table set valid, and every header field (types, ranges, one name and one
score per player, the round history against the round number), so a bad
file is refused whole, never half-loaded.
"""
import struct

from compat import const
from common.container import SaveError, room, opening, put
from common.fields import whole, wholes, names, need
from rummikub.game import Game, PLAYING, MATCH_OVER
# names one function uses are imported in it: this module is loaded for
# each save, beside the save on the heap (developer guide, "How the app
# stays small": Names)

MAGIC = b"PRKS"
VERSION = 1
_STATE = const("<IBBBBHH")   # rng, n, current, starter, phase, passes, turn_no
_MAX_ROUNDS = const(99)        # ui.settings_file allows no more
_MAX_SCORE = const(1 << 20)    # a round's score, far over any tile set's worth


def dumps(game, extra=None, parts=False):
    """The save's bytes; parts=True: as a list of parts (the opening's,
    then the state; Storage.save takes the list), never joined in one
    block of the heap."""
    head = {
        "rules": game.rules.changed(), "names": game.names, "rounds": game.rounds,
        "round_no": game.round_no, "rows": game.round_rows,
        "winners": game.round_winners, "exhausted": game.round_exhausted,
    }
    if extra is not None:
        head["extra"] = extra
    pieces, crc = opening(MAGIC, VERSION, head)
    head = None
    size = struct.calcsize(_STATE) + game.n + 1 + len(game.pool) + 1
    for s in game.racks + game.table:
        size += 1 + len(s)
    out = room(size + 4)        # + the CRC
    out.extend(struct.pack(_STATE, game.rng.state, game.n, game.current,
                           game.starter, game.phase, game.passes, game.turn_no))
    out.extend(game.melded)
    put(out, game.pool)
    for r in game.racks:
        put(out, r)
    out.append(len(game.table))
    for s in game.table:
        put(out, s)
    from common.container import seal, join
    pieces.append(seal(out, crc))
    return pieces if parts else join(pieces)


def _tiles(rd, what):
    from rummikub.tiles import CODE_LIMIT, JOKER
    b = rd.block(what)
    for t in b:
        if t >= CODE_LIMIT or (t & 15 == 0 and t != JOKER) or t & 15 > 13:
            raise SaveError("save holds a bad tile code %d in %s" % (t, what))
    return b


def loads(data):
    """Return (game, extra) or raise SaveError; never a partial game."""
    import json
    from common.container import Reader
    rd = Reader(data, MAGIC, VERSION, "Pocket Rummikub")
    st = struct.unpack(_STATE, rd.take(struct.calcsize(_STATE), "state"))
    try:
        head = json.loads(rd.head.decode())
        g = _game(head, st[1])
    except (ValueError, KeyError, TypeError) as e:
        raise SaveError("save header is invalid: %s" % e)
    g.rng.state, _, g.current, g.starter, g.phase, g.passes, g.turn_no = st
    g.melded = bytearray(rd.take(g.n, "melded"))
    g.pool = _tiles(rd, "pool")
    g.racks = [_tiles(rd, "rack %d" % (i + 1)) for i in range(g.n)]
    g.table = [_tiles(rd, "table set %d" % (i + 1))
               for i in range(rd.take(1, "table")[0])]
    g.order_draws = []
    g.last = None
    rd.finish()
    _check(g)
    return g, head.get("extra")


def _game(head, n):
    """The Game (not dealt) a header describes, every field checked."""
    need(isinstance(head, dict) and isinstance(head["rules"], dict), "rules")
    from rummikub.rules import Rules
    rules = Rules().update(head["rules"])
    need(whole(head["rounds"], 1, _MAX_ROUNDS), "rounds")
    need(names(head["names"], n), "names for %d players" % n)
    g = Game(rules, n, 1, head["rounds"], head["names"], start=False)
    need(whole(head["round_no"], 1, g.rounds), "round number")
    rows = head["rows"]
    need(isinstance(rows, list), "round scores")
    for r in rows:
        need(wholes(r, n, -_MAX_SCORE, _MAX_SCORE), "round scores")
    need(wholes(head["winners"], len(rows), 0, n - 1), "round winners")
    ex = head["exhausted"]
    need(isinstance(ex, list) and len(ex) == len(rows), "round ends")
    for x in ex:
        need(x is True or x is False, "round ends")
    g.round_no = head["round_no"]
    g.round_rows = rows
    g.round_winners = head["winners"]
    g.round_exhausted = ex
    return g


def _check(g):
    from rummikub.tiles import count_tiles, full_set
    from rummikub.melds import is_valid
    if g.current >= g.n or g.starter >= g.n or g.phase > MATCH_OVER:
        raise SaveError("save has an impossible turn state")
    r = g.rules
    if count_tiles([g.pool] + g.racks + g.table) != count_tiles(
            (full_set(r.ncolours, r.copies, r.jokers),)):
        raise SaveError("save's tiles do not add up to the tile set")
    for s in g.table:
        if not is_valid(s, r.ncolours):
            raise SaveError("save holds an invalid table set")
    if len(g.round_rows) != g.round_no - (1 if g.phase == PLAYING else 0) or \
            (g.phase == MATCH_OVER) != (g.round_no == g.rounds and g.phase != PLAYING):
        raise SaveError("save's round history does not fit its round number")
