"""What a linked Rummikub match says, inside a channel's messages: the
host's table as one player may see it, and what a player chose.

Host -> a joined console:
  TABLE    match id u32, players n, rounds, the console's seats (bit
           mask), each seat's kind (KINDS) and name, the changed rules,
           and each finished round: winner, pool out, scores i16, points
           left on each rack u16.  The match as it stands: sent at every
           (re)join and again whenever a round ends, before the VIEW
  VIEW     version u32, round, phase, turn u16, current seat, pool size,
           melded (mask), quiet consoles' seats (mask), each rack's size,
           the last turn (kind, seat, tile count, its tiles when the
           reader may see them), the table, the reader's own racks.
           Every VIEW is a whole snapshot: a console that missed some (a
           lost frame, a power cut) shows the newest and has missed
           nothing it needs.
  VERDICT  version u32, seat, refused u8, why (text): a move the host
           refused, and why, in the rules engine's words
  QUIET    the seats whose console is quiet (mask)
A joined console -> the host:
  PLAY     version u32, seat, the table it leaves
  DRAW     version u32, seat

Gin Rummy's game speaks link.gin_messages (VERDICT and QUIET are these).

A rack travels in one message only, the VIEW to the console that holds
its seat: nothing else carries a rack tile (a drawn tile included: others
learn how many).  `version` counts the host's changes to the game; a move
names the version it was made on, so the host applies it once (a second
copy, or one made on an older table, finds another version).  Decoding
checks every length and tile code and raises FrameError.
"""
import struct

from compat import const
from link.frames import FrameError, MALFORMED

TABLE = const(0x21)
VIEW = const(0x22)
VERDICT = const(0x23)
QUIET = const(0x24)
PLAY = const(0x31)
DRAW = const(0x32)

# a seat's kind, in TABLE
HOST_SEAT = const(0)      # the host console's own person
LINKED = const(1)         # a joined console's person
AI_SEAT = const(2)        # an AI on the host
KINDS = ("host", "linked", "ai")

_VIEW_HEAD = const("<BIBBHBBBBB")  # kind, version, round, phase, turn, current, n, pool, melded, quiet
_MAX_SEATS = const(6)
_NAME = const(16)


class Reader:
    """Bounds-checked reads of a message; every failure a FrameError."""

    def __init__(self, buf, pos=1):
        self.buf = buf
        self.pos = pos

    def take(self, n):
        p = self.pos
        if p + n > len(self.buf):
            raise FrameError(MALFORMED, "message cut short at byte %d" % p)
        self.pos = p + n
        return self.buf[p:p + n]

    def u8(self):
        return self.take(1)[0]

    def unpack(self, fmt):
        return struct.unpack(fmt, self.take(struct.calcsize(fmt)))

    def tiles(self):
        b = bytearray(self.take(self.u8()))
        for t in b:
            if t > 0x70 or t & 15 > 13 or (t & 15 == 0 and t != 0x70):
                raise FrameError(MALFORMED, "bad tile code %d" % t)
        return b

    def sets(self):
        return [self.tiles() for _ in range(self.u8())]

    def text(self):
        try:
            return bytes(self.take(self.u8())).decode()
        except UnicodeError:
            raise FrameError(MALFORMED, "a name is not UTF-8")

    def end(self):
        if self.pos != len(self.buf):
            raise FrameError(MALFORMED, "%d bytes left over" % (len(self.buf) - self.pos))


def _tiles(out, b):
    out.append(len(b))
    out.extend(b)


def _sets(out, sets):
    out.append(len(sets))
    for s in sets:
        _tiles(out, s)


def _text(out, s):
    b = s.encode()[:_NAME]
    out.append(len(b))
    out.extend(b)


def mask(bits):
    m = 0
    for i in bits:
        m |= 1 << i
    return m


def seats_of(m, n):
    return [i for i in range(n) if m >> i & 1]


# -- host -> a joined console ----------------------------------------------
def table(match_id, game, kinds, mine, left):
    """TABLE for the console that holds the seats in mask `mine`; left:
    each finished round's points left on each rack; match_id: the match's
    id as every console logs it (link.logbook.shared)."""
    from sync.protocol import put_pairs, put_str
    g = game
    out = bytearray((TABLE,))
    put_str(out, match_id)
    out.extend(struct.pack("<BBB", g.n, g.rounds, mine))
    for p in range(g.n):
        out.append(kinds[p])
        _text(out, g.names[p])
    put_pairs(out, g.rules.changed())
    rows = g.round_rows
    out.append(len(rows))
    row = "<BB" + "h" * g.n + "H" * g.n
    for i in range(len(rows)):
        out.extend(struct.pack(row, g.round_winners[i], 1 if g.round_exhausted[i] else 0,
                               *(list(rows[i]) + list(left[i]))))
    return out


def read_table(msg):
    from sync.protocol import get_pairs
    from sync.matchid import split
    r = Reader(msg)
    match_id = r.text()
    try:
        split(match_id)
    except ValueError as e:
        raise FrameError(MALFORMED, str(e))
    n, rounds, mine = r.unpack("<BBB")
    if not 1 <= n <= _MAX_SEATS:
        raise FrameError(MALFORMED, "a table of %d players" % n)
    kinds, names = [], []
    for _ in range(n):
        kinds.append(r.u8())
        names.append(r.text())
    try:
        rules, r.pos = get_pairs(msg, r.pos)
    except Exception as e:          # short, garbled: IndexError, struct.error, ...
        raise FrameError(MALFORMED, "rules do not decode: %s" % e)
    rows = []
    row = "<BB" + "h" * n + "H" * n
    for _ in range(r.u8()):
        got = r.unpack(row)
        rows.append({"winner": got[0], "exhausted": got[1] == 1,
                     "scores": list(got[2:2 + n]), "left": list(got[2 + n:])})
    r.end()
    return {"match": match_id, "n": n, "rounds": rounds, "mine": seats_of(mine, n),
            "kinds": kinds, "names": names, "rules": rules, "rows": rows}


def view(version, game, mine, quiet):
    """VIEW of the game for the console holding the seats in `mine`."""
    g = game
    melded = mask([p for p in range(g.n) if g.melded[p]])
    out = bytearray(struct.pack(_VIEW_HEAD, VIEW, version, g.round_no, g.phase,
                                g.turn_no, g.current, g.n, min(len(g.pool), 255),
                                melded, quiet))
    for r in g.racks:
        out.append(len(r))
    last = g.last
    if last:
        kind, p, tiles = last
        # played tiles are on the table for all to see; drawn ones are the
        # drawer's alone (rummikub.game.DID_PLAY is 1)
        shown = kind == 1 or p in mine
        out.extend(struct.pack("<BBBB", kind, p, len(tiles), 1 if shown else 0))
        if shown:
            out.extend(tiles)
    else:
        out.extend(b"\0\0\0\0")
    _sets(out, g.table)
    out.append(len(mine))
    for p in mine:
        out.append(p)
        _tiles(out, g.racks[p])
    return out


class View:
    """A decoded VIEW: what a joined console shows (attribute names as
    the Game's, so a scripted player reads it as it reads a game)."""

    @property
    def rack(self):
        return self.racks.get(self.current, bytearray())

    def playing(self):
        return self.phase == 0


def read_view(msg):
    r = Reader(msg)
    v = View()
    (v.version, v.round_no, v.phase, v.turn_no, v.current, v.n, v.pool,
     melded, v.quiet) = r.unpack("<" + _VIEW_HEAD[2:])
    n = v.n
    if not 1 <= n <= _MAX_SEATS or v.current >= n or v.phase > 2:
        raise FrameError(MALFORMED, "a view of an impossible game")
    v.melded = bytearray([melded >> p & 1 for p in range(n)])
    v.counts = list(r.take(n))
    kind, p, count, shown = r.unpack("<BBBB")
    v.last = None
    if kind:
        v.last = (kind, p, bytearray(r.take(count)) if shown else None, count)
    v.table = r.sets()
    v.racks = {}
    for _ in range(r.u8()):
        p = r.u8()
        if p >= n:
            raise FrameError(MALFORMED, "a rack for seat %d of %d" % (p, n))
        v.racks[p] = r.tiles()
    r.end()
    return v


def verdict(version, seat, why):
    out = bytearray(struct.pack("<BIBB", VERDICT, version, seat, 1))
    out.extend(why.encode()[:200])
    return out


def read_verdict(msg):
    r = Reader(msg)
    version, seat, refused = r.unpack("<IBB")
    return version, seat, bytes(msg[r.pos:]).decode()


def quiet(m):
    return bytes((QUIET, m))


def read_quiet(msg):
    r = Reader(msg)
    m = r.u8()
    r.end()
    return m


# -- a joined console -> the host --------------------------------------------
def play(version, seat, sets):
    out = bytearray(struct.pack("<BIB", PLAY, version, seat))
    _sets(out, sets)
    return out


def draw(version, seat):
    return struct.pack("<BIB", DRAW, version, seat)


def read_move(msg):
    """(version, seat, (kind, sets or None))."""
    r = Reader(msg)
    version, seat = r.unpack("<IB")
    sets = r.sets() if msg[0] == PLAY else None
    r.end()
    return version, seat, (msg[0], sets)


# -- the host's reading of the game (link.host; link.gin_messages has the same names)
MOVES = (PLAY, DRAW)


def playing(g):
    return g.phase == 0         # rummikub.game.PLAYING


def rows(g):
    return len(g.round_rows)


def left(g):
    """The round just over: the points left on each rack."""
    from rummikub.scoring import rack_totals
    return rack_totals(g.racks, g.rules.joker_penalty)


def apply(g, move):
    """Apply a joined console's move: None, or why it is refused (the
    rules engine's words)."""
    kind, sets = move
    if kind == DRAW:
        g.draw()
        return None
    try:
        res = g.play(sets)
    except (ValueError, IndexError, KeyError, TypeError) as e:
        return "move not understood: %s" % e
    return None if res.valid else res.message
