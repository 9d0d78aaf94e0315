"""Save and restore a whole Game as compact, versioned, checksummed bytes.

Layout (little-endian): b"PRKS", version u8, header length u16, header JSON
(rules that differ from the defaults, names, rounds, round history, `extra`
for the app), then the binary state (rng, counters, melded, pool, racks,
table), then CRC32 of everything before it.  A load checks the CRC, every
length, every tile code and that the tiles add up to the full set with every
table set valid, so a bad file is refused whole, never half-loaded.
"""
import json
import struct
from binascii import crc32

from rummikub.rules import Rules, RuleError
from rummikub.game import Game, PLAYING, MATCH_OVER
from rummikub.tiles import CODE_LIMIT, JOKER, count_tiles, full_set
from rummikub.melds import is_valid

MAGIC = b"PRKS"
VERSION = 1
_STATE = "<IBBBBHH"   # rng, n, current, starter, phase, passes, turn_no


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why."""


def dumps(game, extra=None):
    head = {
        "rules": game.rules.changed(), "names": game.names, "rounds": game.rounds,
        "round_no": game.round_no, "rows": game.round_rows,
        "winners": game.round_winners, "exhausted": game.round_exhausted,
    }
    if extra is not None:
        head["extra"] = extra
    hb = json.dumps(head).encode()
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(struct.pack("<H", len(hb)))
    out.extend(hb)
    out.extend(struct.pack(_STATE, game.rng.state, game.n, game.current,
                           game.starter, game.phase, game.passes, game.turn_no))
    out.extend(game.melded)
    _put(out, game.pool)
    for r in game.racks:
        _put(out, r)
    out.append(len(game.table))
    for s in game.table:
        _put(out, s)
    out.extend(struct.pack("<I", crc32(out) & 0xFFFFFFFF))
    return bytes(out)


def _put(out, tiles):
    out.append(len(tiles))
    out.extend(tiles)


class _Reader:
    def __init__(self, data, end):
        self.data = data
        self.pos = 0
        self.end = end

    def take(self, n, what):
        if self.pos + n > self.end:
            raise SaveError("save is cut short in %s" % what)
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b

    def tiles(self, what):
        n = self.take(1, what)[0]
        b = bytearray(self.take(n, what))
        for t in b:
            if t >= CODE_LIMIT or (t & 15 == 0 and t != JOKER) or t & 15 > 13:
                raise SaveError("save holds a bad tile code %d in %s" % (t, what))
        return b


def loads(data):
    """Return (game, extra) or raise SaveError; never a partial game."""
    data = bytes(data)
    if len(data) < 11 or data[:4] != MAGIC:
        raise SaveError("not a Pocket Rummikub save")
    if data[4] != VERSION:
        raise SaveError("save version %d; this firmware reads version %d"
                        % (data[4], VERSION))
    body = len(data) - 4
    want = struct.unpack("<I", data[body:])[0]
    if crc32(data[:body]) & 0xFFFFFFFF != want:
        raise SaveError("save checksum does not match (file damaged)")
    rd = _Reader(data, body)
    rd.pos = 5
    hlen = struct.unpack("<H", rd.take(2, "header"))[0]
    hb = rd.take(hlen, "header")
    st = struct.unpack(_STATE, rd.take(struct.calcsize(_STATE), "state"))
    try:
        head = json.loads(hb.decode())
        rules = Rules(**head["rules"])
        g = Game(rules, st[1], 1, head["rounds"], head["names"], start=False)
    except (ValueError, KeyError, TypeError, RuleError) as e:
        raise SaveError("save header is invalid: %s" % e)
    g.rng.state, _, g.current, g.starter, g.phase, g.passes, g.turn_no = st
    g.round_no = head["round_no"]
    g.round_rows = head["rows"]
    g.round_winners = head["winners"]
    g.round_exhausted = head["exhausted"]
    g.melded = bytearray(rd.take(g.n, "melded"))
    g.pool = rd.tiles("pool")
    g.racks = [rd.tiles("rack %d" % (i + 1)) for i in range(g.n)]
    g.table = [rd.tiles("table set %d" % (i + 1))
               for i in range(rd.take(1, "table")[0])]
    g.order_draws = []
    g.last = None
    if rd.pos != body:
        raise SaveError("save has %d unexpected bytes" % (body - rd.pos))
    _check(g)
    return g, head.get("extra")


def _check(g):
    if g.current >= g.n or g.starter >= g.n or g.phase > MATCH_OVER:
        raise SaveError("save has an impossible turn state")
    r = g.rules
    if count_tiles([g.pool] + g.racks + g.table) != count_tiles(
            (full_set(r.ncolours, r.copies, r.jokers),)):
        raise SaveError("save's tiles do not add up to the tile set")
    for s in g.table:
        if not is_valid(s, r.ncolours):
            raise SaveError("save holds an invalid table set")
    if len(g.round_rows) != len(g.round_winners) or \
            len(g.round_rows) != g.round_no - (1 if g.phase == PLAYING else 0):
        raise SaveError("save's round history does not fit its round number")
