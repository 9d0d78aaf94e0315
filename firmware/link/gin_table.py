"""A joined console's Gin game: the newest GVIEW and the GTABLE
(link.gin_messages) read as a GinGame, so the play screen and the Gin AI
(a scripted person) read it as they read a game on one console.

What the console cannot know stays unknown: the opponent's hand is cards
of code UNKNOWN (until the hand's end lays both down), the stock only a
count.  An action is checked here first, as the engine checks it (a
refusal at once, in its words: PlayError, KnockError), then sent to the
host (link.guest.Guest.act), which checks it again and applies it: the
game here changes only with the host's next GVIEW (refresh).
"""
from gin.game import (GinGame, PlayError, OFFER, DRAW, HAND_OVER, UNKNOWN,
                      M_PASS, M_TAKE, M_DRAW, M_DISCARD, M_KNOCK)
from gin.rules import GinRules


class GuestGin(GinGame):
    def __init__(self, guest):
        GinGame.__init__(self, start=False)
        self.guest = guest
        self.refresh()

    def refresh(self):
        v, info = self.guest.fill(self, GinRules())
        self.history = [[-1 if r["winner"] is None else r["winner"], r["points"], r["end"]]
                        for r in info["rows"]]
        self.hands_won = [len([h for h in self.history if h[0] == p]) for p in (0, 1)]
        self.hand_no = v.hand_no
        self.dealer = v.dealer
        self.offers = v.offers
        self.taken = v.taken
        self.knock_limit = v.knock_limit
        self.doubled = v.doubled
        self.scores = list(v.scores)
        self.stock = bytearray(v.stock)         # only its size is known
        self.pile = bytearray(v.pile)
        self.moves = bytearray(v.moves)
        self.hands = [bytearray(v.hands[p]) if p in v.hands else bytearray([UNKNOWN] * v.counts[p])
                      for p in (0, 1)]
        self.result = None
        if self.phase == HAND_OVER and len(self.history) >= self.hand_no:
            self.result = self._result()

    def _result(self):
        """The hand's result as the engine scored it (both hands are laid
        down at its end): knocked, or void."""
        m = self.moves
        if not m or m[-2] & 7 != M_KNOCK:
            return {"void": True, "hand_winner": -1}
        from gin.scoring import score_knock
        k = m[-2] >> 3
        r = score_knock(self.hands[k], self.hands[1 - k], self.knock_limit, self.doubled,
                        self.rules.gin_layoff)
        r["knocker"] = k
        r["hand_winner"] = self.history[-1][0]
        return r

    def is_over(self):
        return self.phase == HAND_OVER and max(self.scores) >= self.rules.target

    # -- actions: checked, then sent ----------------------------------------
    def pass_offer(self):
        if self.phase != OFFER:
            raise PlayError("only the first up-card can be passed")
        self.guest.act(M_PASS)

    def take_discard(self):
        if not self.can_take():
            raise PlayError("the discard cannot be taken now")
        self.guest.act(M_TAKE)

    def draw_stock(self):
        if self.phase != DRAW:
            raise PlayError("no draw now" if self.phase != OFFER else
                            "take the up-card or pass")
        self.guest.act(M_DRAW)

    def discard(self, card, knock=False):
        rest = self.rest_after(card)
        if knock:           # the knocker's own deadwood decides (score_knock's check)
            from gin.melds import deadwood
            from gin.scoring import KnockError
            d = deadwood(rest)
            if d > self.knock_limit:
                raise KnockError(d, self.knock_limit)
        self.guest.act(M_KNOCK if knock else M_DISCARD, card)
        return None

    def next_hand(self):
        raise PlayError("the host deals the next hand")
