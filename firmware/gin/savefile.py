"""Save and restore a whole GinGame as compact, versioned, checksummed bytes.

Layout (little-endian): b"PGIN", version u8, header length u16, header JSON
(rules that differ from the defaults, names, scores, hands won, hand
history, cut cards, the last hand's result, `extra` for the app), then the
binary state (rng, hand number, phase, current, dealer, offers, taken card,
knock limit, doubled, then stock, discard pile, both hands and the move
list, each length-prefixed), then CRC32 of everything before it.  A load
checks the CRC, every length and card code, that the 52 cards are all
there exactly once, every header field (names, the hand history and the
scores it adds up to, the cut cards, the move list) and that the last
hand's result is the one its hands score, so a bad file is refused whole,
never half-loaded.
"""
import json
import struct

from common.container import SaveError, Reader, start, put, seal
from common.fields import whole, wholes, names, need
from gin.cards import NCARDS
from gin.rules import GinRules
from gin.game import GinGame, OFFER, DISCARD, HAND_OVER, UNKNOWN, HAND_SIZE, M_DRAW, M_KNOCK

MAGIC = b"PGIN"
VERSION = 1
_STATE = "<IHBBBBBBB"  # rng, hand_no, phase, current, dealer, offers, taken, limit, doubled


def dumps(game, extra=None):
    head = {"rules": game.rules.changed(), "names": game.names,
            "scores": game.scores, "won": game.hands_won, "hist": game.history,
            "cuts": list(game.cuts), "result": game.result}
    if extra is not None:
        head["extra"] = extra
    out = start(MAGIC, VERSION, head)
    out.extend(struct.pack(_STATE, game.rng.state, game.hand_no, game.phase,
                           game.current, game.dealer, game.offers, game.taken,
                           game.knock_limit, 1 if game.doubled else 0))
    for b in (game.stock, game.pile, game.hands[0], game.hands[1], game.moves):
        put(out, b)
    return seal(out)


def loads(data):
    """Return (game, extra) or raise SaveError; never a partial game."""
    rd = Reader(data, MAGIC, VERSION, "Gin Rummy")
    st = struct.unpack(_STATE, rd.take(struct.calcsize(_STATE), "state"))
    try:
        head = json.loads(rd.head.decode())
        g = _game(head)
    except (ValueError, KeyError, TypeError) as e:
        raise SaveError("save header is invalid: %s" % e)
    (g.rng.state, g.hand_no, g.phase, g.current, g.dealer, g.offers, g.taken,
     g.knock_limit, dbl) = st
    g.doubled = dbl == 1
    g.stock, g.pile, h0, h1, g.moves = [rd.block(what) for what in (
        "stock", "discard pile", "hand 1", "hand 2", "moves")]
    g.hands = [h0, h1]
    rd.finish()
    _check(g)
    _check_result(g, head.get("result"))
    return g, head.get("extra")


KINDS = ("g", "k", "u", "v")   # gin, knock, undercut, void (gin.game's history)


def _game(head):
    """The GinGame (no hand dealt) a header describes, every field checked;
    the scores and hands won must be what the hand history adds up to."""
    need(isinstance(head, dict) and isinstance(head["rules"], dict), "rules")
    g = GinGame(GinRules().update(head["rules"]), 1, None, start=False)
    need(names(head["names"], 2), "names")
    g.names = head["names"]
    hist = head["hist"]
    need(isinstance(hist, list), "hand history")
    for h in hist:
        need(isinstance(h, list) and len(h) == 3 and whole(h[0], -1, 1) and
             whole(h[1], 0, 0 if h[0] < 0 else 0xFFFF) and h[2] in KINDS and
             (h[0] < 0) == (h[2] == "v"), "hand history")
        if h[0] >= 0:
            g.scores[h[0]] += h[1]
            g.hands_won[h[0]] += 1
    need(head["scores"] == g.scores and head["won"] == g.hands_won, "scores")
    g.history = hist
    cuts = head["cuts"]
    need(wholes(cuts, 2, 0, NCARDS - 1) and cuts[0] != cuts[1], "cut cards")
    g.cuts = cuts
    return g


def _check(g):
    if g.phase > HAND_OVER or g.current > 1 or g.dealer > 1 or g.offers > 2 \
            or not g.hand_no or g.knock_limit > 10:
        raise SaveError("save has an impossible game state")
    m = g.moves
    if len(m) % 2:
        raise SaveError("save holds an impossible move")
    for i in range(0, len(m), 2):
        kind = m[i] & 7
        if m[i] >> 3 > 1 or kind > M_KNOCK or (m[i + 1] == UNKNOWN) != (kind == M_DRAW) \
                or (kind != M_DRAW and m[i + 1] >= NCARDS):
            raise SaveError("save holds an impossible move")
    seen = bytearray(NCARDS)
    for part in (g.stock, g.pile, g.hands[0], g.hands[1]):
        for c in part:
            if c >= NCARDS or seen[c]:
                raise SaveError("save holds a bad or repeated card code %d" % c)
            seen[c] = 1
    if sum(seen) != NCARDS:
        raise SaveError("save's cards do not add up to the deck")
    if g.taken != UNKNOWN and g.taken >= NCARDS:
        raise SaveError("save holds a bad card code %d" % g.taken)
    want = [HAND_SIZE, HAND_SIZE]
    if g.phase == DISCARD:
        want[g.current] += 1
    if [len(h) for h in g.hands] != want:       # at HAND_OVER too: 10 each
        raise SaveError("save's hands have the wrong number of cards")
    if g.phase == OFFER and not g.pile:
        raise SaveError("save has no up-card to offer")
    if len(g.history) != g.hand_no - (0 if g.phase == HAND_OVER else 1):
        raise SaveError("save's hand history does not fit its hand number")


def _check_result(g, saved):
    """The last hand's result, if the hand is over, must be the one its
    hands score (gin.game: the knocker's hand after the knock, the
    defender's; a void hand scores nothing)."""
    r = None
    if g.phase == HAND_OVER:
        w, points, kind = g.history[-1]
        r = {"void": True}
        if kind != "v":
            from gin.scoring import score_knock
            k = 1 - w if kind == "u" else w
            try:
                r = score_knock(g.hands[k], g.hands[1 - k], g.knock_limit, g.doubled,
                                g.rules.gin_layoff)
            except ValueError:
                raise SaveError("save's knock is over its knock limit")
            if r["points"] != points or r["gin"] != (kind == "g") or \
                    r["undercut"] != (kind == "u"):
                raise SaveError("save's hand history is not what its hands score")
            r["knocker"] = k
        r["hand_winner"] = w
        r = json.loads(json.dumps(r))    # as the save holds it: lists, not tuples
    if r != saved:
        raise SaveError("save's hand result is not what its hands score")
    g.result = saved
