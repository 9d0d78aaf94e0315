"""One game of Gin Rummy between two players: the cut, hands, the game end.

Flow of a hand (phase, then who acts):
  OFFER    the first up-card: the non-dealer may take it (take_discard) or
           pass (pass_offer); then the dealer may; if both pass the
           non-dealer must draw from the stock
  DRAW     take_discard() or draw_stock()
  DISCARD  discard(card, knock=False); the card just taken from the
           discard pile cannot go straight back (convention)
  HAND_OVER  .result holds the scored hand (or {"void": True} when the
           stock ran down to two cards with no knock); next_hand() deals
           again unless is_over()
Every visible action is kept in .moves as (player << 3 | kind, card)
byte pairs (a stock draw's card is not recorded): what a person at the
table could have seen, and all the AI is given of the opponent.
"""
from common.rng import Rng
from gin.cards import deck, rank_of, suit_of, value
from gin.melds import deadwood
from gin.rules import GinRules
from gin.scoring import score_knock, game_bonus, KnockError

OFFER = 0
DRAW = 1
DISCARD = 2
HAND_OVER = 3

# move kinds
M_PASS = 0      # passed the first up-card (card = the up-card)
M_TAKE = 1      # took the top discard (card)
M_DRAW = 2      # drew from the stock (card not recorded: 255)
M_DISCARD = 3   # discarded (card)
M_KNOCK = 4     # discarded (card) and knocked
UNKNOWN = 255

HAND_SIZE = 10
STOCK_FLOOR = 2


def _pop(b):
    """Last byte off a bytearray (MicroPython's has no pop)."""
    c = b[-1]
    b[-1:] = b""
    return c


class PlayError(ValueError):
    """An action that is not allowed now; the message says why."""


class GinGame:
    def __init__(self, rules=None, seed=1, names=None, start=True):
        self.rules = rules or GinRules()
        self.names = list(names or ["P1", "P2"])
        self.rng = Rng(seed)
        self.scores = [0, 0]
        self.hands_won = [0, 0]
        self.hand_no = 0
        self.history = []      # per hand: [winner or -1 (void), points, kind]
        self.dealer = 0
        self.cuts = []         # the two cut cards, player 0's first
        self.hands = [bytearray(), bytearray()]
        self.stock = bytearray()
        self.pile = bytearray()      # discard pile, top last
        self.moves = bytearray()
        self.phase = HAND_OVER
        self.current = 0
        self.offers = 0
        self.taken = UNKNOWN
        self.knock_limit = self.rules.knock_limit
        self.doubled = False
        self.result = None
        if start:
            self.cut()
            self.deal()

    # -- dealing --------------------------------------------------------------
    def cut(self):
        """Each player cuts a card; the lower rank deals (equal ranks cut again)."""
        while True:
            d = deck()
            a = d[self.rng.randbelow(52)]
            b = a
            while b == a:
                b = d[self.rng.randbelow(52)]
            if rank_of(a) != rank_of(b):
                break
        self.cuts = [a, b]
        self.dealer = 0 if rank_of(a) < rank_of(b) else 1

    def deal(self):
        d = self.rng.shuffle(deck())
        nd = 1 - self.dealer
        self.hands = [bytearray(), bytearray()]
        for i in range(2 * HAND_SIZE):        # alternately, non-dealer first
            self.hands[nd if i % 2 == 0 else self.dealer].append(d[i])
        up = d[2 * HAND_SIZE]
        self.pile = bytearray([up])
        self.stock = bytearray(d[2 * HAND_SIZE + 1:])
        self.moves = bytearray()
        self.hand_no += 1
        self.current = nd
        self.phase = OFFER
        self.offers = 0
        self.taken = UNKNOWN
        self.result = None
        self.knock_limit = self.rules.knock_limit
        self.doubled = False
        if self.rules.oklahoma:
            self.knock_limit = value(up)
            self.doubled = suit_of(up) == 0

    # -- what can be seen -----------------------------------------------------
    def top(self):
        return self.pile[-1] if self.pile else UNKNOWN

    def must_draw_stock(self):
        """Both passed the first up-card: the non-dealer draws from the stock."""
        return self.phase == DRAW and self.offers == 2 and len(self.moves) == 4

    def can_take(self):
        return self.phase in (OFFER, DRAW) and bool(self.pile) and \
            not self.must_draw_stock()

    def knock_options(self):
        """In DISCARD: [(deadwood left, card)] for every discard that leaves
        the hand within the knock limit, lowest first."""
        if self.phase != DISCARD:
            return []
        h = self.hands[self.current]
        out = []
        # dropping c lowers the deadwood by at most c's points: most
        # discards need no search
        least = deadwood(h)
        for c in h:
            if c == self.taken or least - value(c) > self.knock_limit:
                continue
            rest = bytearray([x for x in h if x != c])
            d = deadwood(rest)
            if d <= self.knock_limit:
                out.append((d, c))
        out.sort()
        return out

    def moves_of(self, p):
        """The visible moves of player p this hand: [(kind, card)]."""
        out = []
        m = self.moves
        for i in range(0, len(m), 2):
            if m[i] >> 3 == p:
                out.append((m[i] & 7, m[i + 1]))
        return out

    # -- actions --------------------------------------------------------------
    def _note(self, kind, card):
        self.moves.append(self.current << 3 | kind)
        self.moves.append(card)

    def pass_offer(self):
        if self.phase != OFFER:
            raise PlayError("only the first up-card can be passed")
        self._note(M_PASS, self.pile[-1])
        self.offers += 1
        self.current = 1 - self.current
        if self.offers == 2:
            self.phase = DRAW

    def take_discard(self):
        if not self.can_take():
            raise PlayError("the discard cannot be taken now")
        c = _pop(self.pile)
        self._note(M_TAKE, c)
        self.hands[self.current].append(c)
        self.taken = c
        self.phase = DISCARD

    def draw_stock(self):
        if self.phase != DRAW:
            raise PlayError("no draw now" if self.phase != OFFER else
                            "take the up-card or pass")
        c = _pop(self.stock)
        self._note(M_DRAW, UNKNOWN)
        self.hands[self.current].append(c)
        self.taken = UNKNOWN
        self.phase = DISCARD

    def rest_after(self, card):
        """The current player's hand without card, if card may be
        discarded now (PlayError saying why not)."""
        if self.phase != DISCARD:
            raise PlayError("draw first")
        h = self.hands[self.current]
        if card not in list(h):
            raise PlayError("that card is not in the hand")
        if card == self.taken:
            raise PlayError("the card just taken from the discard pile cannot be discarded")
        return bytearray([x for x in h if x != card])

    def discard(self, card, knock=False):
        """Discard card; knock=True knocks with it (refused, nothing changed,
        when the rest is over the knock limit).  Returns the result when
        the hand ends, else None."""
        rest = self.rest_after(card)
        p = self.current
        other = 1 - p
        if knock:
            r = score_knock(rest, self.hands[other], self.knock_limit, self.doubled,
                            self.rules.gin_layoff)   # KnockError: nothing changed
            r["knocker"] = p
            self.hands[p] = rest
            self.pile.append(card)
            self._note(M_KNOCK, card)
            win = p if r["winner"] == "knocker" else other
            self._finish(win, r["points"], "g" if r["gin"] else ("u" if r["undercut"] else "k"), r)
            return r
        self.hands[p] = rest
        self.pile.append(card)
        self._note(M_DISCARD, card)
        self.taken = UNKNOWN
        if len(self.stock) <= STOCK_FLOOR:
            self._finish(-1, 0, "v", {"void": True})
            return self.result
        self.current = other
        self.phase = DRAW
        return None

    def _finish(self, winner, points, kind, result):
        self.phase = HAND_OVER
        self.taken = UNKNOWN
        result["hand_winner"] = winner
        self.result = result
        self.history.append([winner, points, kind])
        if winner >= 0:
            self.scores[winner] += points
            self.hands_won[winner] += 1

    # -- between hands --------------------------------------------------------
    def is_over(self):
        return self.phase == HAND_OVER and max(self.scores) >= self.rules.target

    def next_hand(self):
        if self.phase != HAND_OVER or self.is_over():
            raise PlayError("the hand is not over" if self.phase != HAND_OVER
                            else "the game is over")
        w = self.history[-1][0]
        if w >= 0:                 # the winner deals; a void hand: same dealer
            self.dealer = w
        self.deal()

    def deadwood_left(self):
        """Each player's deadwood in the hand held now (after a void hand:
        what the score log records for it)."""
        return [deadwood(self.hands[0]), deadwood(self.hands[1])]

    def final(self):
        """(winner, totals, [[game bonus, hand bonus] per player], margin)."""
        return game_bonus(self.scores, self.hands_won)


__all__ = ["GinGame", "PlayError", "KnockError"]
