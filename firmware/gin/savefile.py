"""Save and restore a whole GinGame as compact, versioned, checksummed bytes.

Layout (little-endian): b"PGIN", version u8, header length u16, header JSON
(rules that differ from the defaults, names, scores, hands won, hand
history, cut cards, the last hand's result, `extra` for the app), then the
binary state (rng, hand number, phase, current, dealer, offers, taken card,
knock limit, doubled, then stock, discard pile, both hands and the move
list, each length-prefixed), then CRC32 of everything before it.  A load
checks the CRC, every length and card code and that the 52 cards are all
there exactly once, so a bad file is refused whole, never half-loaded.
"""
import json
import struct

from rummikub.container import SaveError, Reader, start, put, seal
from rummikub.rules import RuleError
from gin.cards import NCARDS
from gin.rules import GinRules
from gin.game import GinGame, OFFER, DISCARD, HAND_OVER, UNKNOWN, HAND_SIZE

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
        g = GinGame(GinRules(**head["rules"]), 1, head["names"], start=False)
        g.scores = [int(x) for x in head["scores"]]
        g.hands_won = [int(x) for x in head["won"]]
        g.history = head["hist"]
        g.cuts = head["cuts"]
        g.result = head["result"]
    except (ValueError, KeyError, TypeError, RuleError) as e:
        raise SaveError("save header is invalid: %s" % e)
    (g.rng.state, g.hand_no, g.phase, g.current, g.dealer, g.offers, g.taken,
     g.knock_limit, dbl) = st
    g.doubled = dbl == 1
    g.stock, g.pile, h0, h1, g.moves = [rd.block(what) for what in (
        "stock", "discard pile", "hand 1", "hand 2", "moves")]
    g.hands = [h0, h1]
    rd.finish()
    _check(g)
    return g, head.get("extra")


def _check(g):
    if g.phase > HAND_OVER or g.current > 1 or g.dealer > 1 or g.offers > 2 \
            or len(g.names) != 2 or len(g.scores) != 2 or len(g.hands_won) != 2:
        raise SaveError("save has an impossible game state")
    seen = bytearray(NCARDS)
    for part in (g.stock, g.pile, g.hands[0], g.hands[1]):
        for c in part:
            if c >= NCARDS or seen[c]:
                raise SaveError("save holds a bad or repeated card code %d" % c)
            seen[c] = 1
    if g.hand_no and sum(seen) != NCARDS:
        raise SaveError("save's cards do not add up to the deck")
    if g.taken != UNKNOWN and g.taken >= NCARDS:
        raise SaveError("save holds a bad card code %d" % g.taken)
    want = [HAND_SIZE, HAND_SIZE]
    if g.phase == DISCARD:
        want[g.current] += 1
    if g.hand_no and g.phase != HAND_OVER and [len(h) for h in g.hands] != want:
        raise SaveError("save's hands have the wrong number of cards")
    if g.phase == OFFER and not g.pile:
        raise SaveError("save has no up-card to offer")
    if len(g.history) != g.hand_no - (0 if g.phase == HAND_OVER else 1):
        raise SaveError("save's hand history does not fit its hand number")
