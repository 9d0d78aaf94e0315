"""What a linked Gin Rummy game says, inside a channel's messages (the
Rummikub match's are link.messages; VERDICT and QUIET are shared).

Host -> a joined console:
  GTABLE   match id, the console's seats (bit mask), each seat's kind and
           name, the changed rules, and each finished hand: winner (-1: a
           void hand), points u16, how it ended (g gin, k knock, u
           undercut, v void), each player's deadwood left u8; when the
           game ended by the host's clock (Unix seconds u32, 0: not over
           or no clock: game.ended_at).  Sent at every (re)join and again
           whenever a hand ends, before the GVIEW
  GVIEW    version u32, hand, phase, current, dealer, offers, the card
           just taken from the discard (public), knock limit, doubled,
           stock size, quiet seats (mask), scores u16 x2, each hand's size,
           the discard pile, this hand's visible moves (gin.game.moves: a
           stock draw's card is never in them), then the hands the reader
           may see: its own; at the hand's end both (they are laid down).
           Every GVIEW is a whole snapshot, as a VIEW is.
A joined console -> the host:
  GMOVE    version u32, seat, action (gin.game's M_PASS M_TAKE M_DRAW
           M_DISCARD M_KNOCK), card (255: none)

The opponent's hand travels only at the hand's end; a drawn card only in
its drawer's own hand.  A GVIEW is about 40 bytes plus the pile and the
moves: one frame for most of a hand (docs/figures.md, Link play).

The host's side (link.host) reads a game through the same few names in
each game's module: playing, rows, left, MOVES, read_move, apply, table,
view.
"""
import struct

from compat import const
from link.frames import FrameError, MALFORMED
from link import messages as M

GTABLE = const(0x25)
GVIEW = const(0x26)
GMOVE = const(0x33)
MOVES = (GMOVE,)

_HEAD = const("<BIBBBBBBBBBBHHBB")   # kind .. counts
_ENDS = "gkuv"
_NONE = const(255)


def _cards(r):
    b = bytearray(r.take(r.u8()))
    for c in b:
        if c >= 52:
            raise FrameError(MALFORMED, "bad card code %d" % c)
    return b


# -- the host's reading of the game (link.host) --------------------------------
def playing(g):
    return g.phase < 3          # gin.game.HAND_OVER


def rows(g):
    return len(g.history)


def left(g):
    """The hand just over: each player's deadwood left (after lay-offs),
    as sync.ginlog logs it."""
    r = g.result or {}
    if r.get("void") or "knocker" not in r:
        return g.deadwood_left()
    k = r["knocker"]
    dw = [0, 0]
    dw[k] = r["knocker_deadwood"]
    dw[1 - k] = r["defender_deadwood"]
    return dw


def apply(g, move):
    """Apply a joined console's move to the game: None, or why it is
    refused (the card and the rule, in the engine's words)."""
    from gin.cards import fmt_card
    from gin.game import M_PASS, M_TAKE, M_DRAW, M_KNOCK
    kind, card = move
    try:
        if kind == M_PASS:
            g.pass_offer()
        elif kind == M_TAKE:
            g.take_discard()
        elif kind == M_DRAW:
            g.draw_stock()
        else:
            if card >= 52:
                return "a discard names no card"
            g.discard(card, kind == M_KNOCK)
    except ValueError as e:         # PlayError, KnockError
        if kind < 3:
            return str(e)
        return "%s %s: %s" % ("No knock with" if kind == M_KNOCK else "Not", fmt_card(card), e)
    return None


# -- host -> a joined console ---------------------------------------------------
def table(match_id, game, kinds, mine, left):
    from sync.protocol import put_pairs, put_str
    g = game
    out = bytearray((GTABLE,))
    put_str(out, match_id)
    out.append(mine)
    for p in range(2):
        out.append(kinds[p])
        M._text(out, g.names[p])
    put_pairs(out, g.rules.changed())
    h = g.history
    out.append(len(h))
    for i in range(len(h)):
        w, pts, end = h[i]
        out.extend(struct.pack("<bHBBB", w, pts, ord(end), min(left[i][0], 255),
                               min(left[i][1], 255)))
    out.extend(struct.pack("<I", int(getattr(g, "ended_at", None) or 0)))
    return out


def read_table(msg):
    """The match as a dict (the keys of messages.read_table, "game": "gin",
    "over", and the rows' "points" and "end")."""
    from sync.protocol import get_pairs
    from sync.matchid import split
    r = M.Reader(msg)
    match_id = r.text()
    try:
        split(match_id)
    except ValueError as e:
        raise FrameError(MALFORMED, str(e))
    mine = r.u8()
    kinds, names = [], []
    for _ in range(2):
        kinds.append(r.u8())
        names.append(r.text())
    try:
        rules, r.pos = get_pairs(msg, r.pos)
        from gin.rules import GinRules
        target = GinRules().update(rules).target
    except Exception as e:          # short, garbled, not a rule
        raise FrameError(MALFORMED, "rules do not decode: %s" % e)
    rows = []
    tot = [0, 0]
    for _ in range(r.u8()):
        w, pts, end, d0, d1 = r.unpack("<bHBBB")
        if w < -1 or w > 1 or chr(end) not in _ENDS:
            raise FrameError(MALFORMED, "a hand row that cannot be")
        sc = [0, 0]
        if w >= 0:
            sc[w] = pts
            tot[w] += pts
        rows.append({"winner": w if w >= 0 else None, "exhausted": w < 0, "scores": sc,
                     "left": [d0, d1], "points": pts, "end": chr(end)})
    at = r.unpack("<I")[0]
    r.end()
    return {"game": "gin", "match": match_id, "n": 2, "rounds": 0, "mine": M.seats_of(mine, 2),
            "kinds": kinds, "names": names, "rules": rules, "rows": rows,
            "over": max(tot) >= target, "at": at or None}


def view(version, game, mine, quiet):
    g = game
    out = bytearray(struct.pack(_HEAD, GVIEW, version, min(g.hand_no, 255), g.phase,
                                g.current, g.dealer, g.offers, g.taken, g.knock_limit,
                                1 if g.doubled else 0, min(len(g.stock), 255), quiet,
                                g.scores[0], g.scores[1], len(g.hands[0]), len(g.hands[1])))
    M._tiles(out, g.pile[-255:])
    m = g.moves[-254:]
    out.append(len(m) // 2)
    out.extend(m)
    shown = (0, 1) if g.phase == 3 else mine
    out.append(len(shown))
    for p in shown:
        out.append(p)
        M._tiles(out, g.hands[p])
    return out


class View:
    """A decoded GVIEW (attribute names as the GinGame's)."""

    def playing(self):
        return self.phase < 3


def read_view(msg):
    r = M.Reader(msg)
    v = View()
    (v.version, v.hand_no, v.phase, v.current, v.dealer, v.offers, v.taken, v.knock_limit,
     dbl, v.stock, v.quiet, s0, s1, n0, n1) = r.unpack("<" + _HEAD[2:])
    if v.phase > 3 or v.current > 1 or v.dealer > 1 or n0 > 11 or n1 > 11 \
            or (v.taken >= 52 and v.taken != _NONE):
        raise FrameError(MALFORMED, "a view of an impossible game")
    v.doubled = dbl == 1
    v.scores = [s0, s1]
    v.counts = [n0, n1]
    v.pile = _cards(r)
    moves = bytearray(r.take(2 * r.u8()))
    for i in range(0, len(moves), 2):
        if moves[i] >> 3 > 1 or moves[i] & 7 > 4 or (moves[i + 1] >= 52 and moves[i + 1] != _NONE):
            raise FrameError(MALFORMED, "a move that cannot be")
    v.moves = moves
    v.hands = {}
    for _ in range(r.u8()):
        p = r.u8()
        if p > 1:
            raise FrameError(MALFORMED, "a hand for seat %d of 2" % p)
        v.hands[p] = _cards(r)
        if len(v.hands[p]) != v.counts[p]:
            raise FrameError(MALFORMED, "a hand of %d cards said to hold %d"
                             % (len(v.hands[p]), v.counts[p]))
    r.end()
    return v


# -- a joined console -> the host -------------------------------------------------
def move(version, seat, kind, card=_NONE):
    return struct.pack("<BIBBB", GMOVE, version, seat, kind, card)


def read_move(msg):
    """(version, seat, (kind, card))."""
    r = M.Reader(msg)
    version, seat, kind, card = r.unpack("<IBBB")
    r.end()
    if kind > 4:
        raise FrameError(MALFORMED, "move kind %d" % kind)
    return version, seat, (kind, card)
