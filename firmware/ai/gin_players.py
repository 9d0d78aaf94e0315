"""Gin Rummy computer players: GinPlayer(level, seed) with act(game) and
turn(game).  Levels, weakest first:

  easy    the baseline: takes the up-card only when it melds it, discards
          its highest deadwood card, knocks as soon as it can
  medium  keeps the discards that leave the most ways to meld (outs among
          the cards it has not seen), knocks as soon as it can
  hard    medium, plus it tracks what the opponent picked up, passed,
          discarded and left on the pile: it holds back cards the opponent
          is likely to want, and decides when to knock (at once, except
          with 8+ deadwood while the opponent holds 2+ picked-up cards and
          10+ cards are left in the stock: an undercut is likely then, so
          it plays on for a lower count)

A player sees only what a person at the table sees: its own hand, the
discard pile and the opponent's visible moves (game.moves); never the
stock or the opponent's hand (tests/gin reshuffle what it cannot see and
check its choices do not change).

Contract: act(game) does exactly one action for game.current (take, pass,
draw, or discard with or without knocking) and returns a short text of
it; a take-or-draw costs two best_split() searches, a discard one (a
second only when all 11 cards meld).
"""
from gin.cards import value, fmt_card
from gin.melds import best_split, deadwood
from gin.game import (OFFER, DRAW, DISCARD, HAND_OVER, M_TAKE, M_DISCARD,
                      M_PASS, M_KNOCK)

LEVELS = ("easy", "medium", "hard")

# discard score = deadwood left - OUT_W * outs + DANGER_W * danger (hard);
# tuned with `gin tournament` (README "Gin Rummy": what else was tried)
OUT_W = 1.0
DANGER_W = 1.5
CAREFUL_FROM = 8


class GinPlayer:
    def __init__(self, level="hard", seed=1):
        if level not in LEVELS:
            raise ValueError("unknown gin AI level %r (levels: %s)" % (level, ", ".join(LEVELS)))
        self.level = level
        self.seed = seed

    def turn(self, game):
        """Act until the turn passes to the other player or the hand ends."""
        p = game.current
        said = []
        while game.phase != HAND_OVER and game.current == p:
            said.append(self.act(game))
        return ", ".join(said)

    def act(self, game):
        me = game.current
        hand = game.hands[me]
        if game.phase in (OFFER, DRAW):
            if game.can_take() and self._wants(game, hand, game.top()):
                c = game.top()
                game.take_discard()
                return "takes " + fmt_card(c)
            if game.phase == OFFER:
                game.pass_offer()
                return "passes"
            game.draw_stock()
            return "draws"
        if game.phase != DISCARD:
            raise ValueError("nothing to do: the hand is over")
        c, knock = self._discard(game, hand)
        game.discard(c, knock)
        return ("knocks with " if knock else "discards ") + fmt_card(c)

    # -- drawing --------------------------------------------------------------
    def _wants(self, game, hand, top):
        """Take the top discard when it goes into a meld of the best split
        and leaves less deadwood than now."""
        now = deadwood(hand)
        d, melds, dead = best_split(list(hand) + [top])
        if top in dead:
            return False
        if not dead:
            return True
        left = d - max([value(x) for x in dead])
        return left < now

    # -- discarding -----------------------------------------------------------
    def _discard(self, game, hand):
        """(card, knock?).  One search: dropping a deadwood card c of the
        best split of the 11 cards leaves exactly that split's deadwood
        minus c's points (no split of the rest can do better, or adding c
        back would beat the best), so every such discard is scored without
        searching again."""
        taken = game.taken
        d, melds, dead = best_split(hand)
        cands = [c for c in dead if c != taken]
        if not cands:                  # all melded (or only the taken card loose)
            opts = game.knock_options()
            if opts:
                return opts[0][1], True
            return [c for c in hand if c != taken][0], False
        if self.level == "easy":
            c = _highest(cands)
            return c, d - value(c) <= game.knock_limit
        seen = self._seen(game, hand)
        opp = _opponent_info(game, 1 - game.current) if self.level == "hard" else None
        hi = _highest(cands)
        if d - value(hi) <= game.knock_limit and self._knock_now(game, d - value(hi), opp):
            return hi, True
        keys = []
        for c in cands:
            rdead = [x for x in dead if x != c]
            rest = [x for x in hand if x != c]
            score = d - value(c) - OUT_W * _outs(rest, rdead, seen)
            if opp is not None:
                score += DANGER_W * _danger(c, opp, seen)
            keys.append((score, -value(c), c))
        keys.sort()
        return keys[0][2], False

    def _knock_now(self, game, d, opp):
        """Knock at once, except with high deadwood against an opponent that
        has been picking up discards (melds in hand: an undercut is likely)
        while the stock still leaves time to get lower."""
        if d == 0 or opp is None:
            return True
        return not (d >= CAREFUL_FROM and len(opp[0]) >= 2 and len(game.stock) >= 10)

    @staticmethod
    def _seen(game, hand):
        """52 flags: cards this player knows are not in the stock."""
        s = bytearray(52)
        for c in hand:
            s[c] = 1
        for c in game.pile:
            s[c] = 1
        m = game.moves
        for i in range(0, len(m), 2):
            if m[i] & 7 == M_TAKE:
                s[m[i + 1]] = 1
        return s


def _highest(cards):
    """The card with the most points (the highest code among equals)."""
    best = cards[0]
    for c in cards:
        if value(c) > value(best) or (value(c) == value(best) and c > best):
            best = c
    return best


def _opponent_info(game, opp):
    """(cards the opponent took and still holds, cards it let go: discarded,
    passed, or left on the pile when this player discarded them)."""
    took = []
    gone = []
    offered = -1
    m = game.moves
    for i in range(0, len(m), 2):
        kind = m[i] & 7
        c = m[i + 1]
        if m[i] >> 3 != opp:
            offered = c if kind == M_DISCARD else -1
            continue
        if kind == M_TAKE:
            took.append(c)
        elif kind in (M_DISCARD, M_KNOCK, M_PASS):
            if c in took:
                took.remove(c)
            gone.append(c)
        elif offered >= 0:       # drew from the stock instead
            gone.append(offered)
        offered = -1
    return took, gone


def _outs(rest, rdead, seen):
    """Unseen cards that would meld with at least one deadwood card of rest
    (only the neighbours of deadwood cards can: same rank, same suit +-2)."""
    have = bytearray(52)
    for c in rest:
        have[c] = 1
    dead = bytearray(52)
    near = []
    for c in rdead:
        dead[c] = 1
        r = c % 13
        for s in range(4):
            near.append(s * 13 + r)
        for d in (-2, -1, 1, 2):
            if 0 <= r + d < 13:
                near.append(c + d)
    n = 0
    done = bytearray(52)
    for u in near:
        if seen[u] or have[u] or done[u]:
            continue
        done[u] = 1
        r = u % 13
        b = u - r
        k = 0
        dk = 0
        for s in range(4):
            x = s * 13 + r
            if have[x]:
                k += 1
                dk |= dead[x]
        if k >= 2 and dk:
            n += 1
            continue
        for a, c in ((-2, -1), (-1, 1), (1, 2)):
            if 0 <= r + a and r + c < 13 and have[b + r + a] and have[b + r + c] \
                    and (dead[b + r + a] or dead[b + r + c]):
                n += 1
                break
    return n


def _danger(c, opp, seen):
    """How likely the opponent wants c, from what it took and let go."""
    took, gone = opp
    r = c % 13
    s = c // 13
    d = 0
    for t in took:
        if t % 13 == r:
            d += 3
        elif t // 13 == s and -2 <= t % 13 - r <= 2:
            d += 3 if t % 13 - r in (-1, 1) else 2
    for g in gone:
        if g % 13 == r:
            d -= 1
        elif g // 13 == s and g % 13 - r in (-1, 1):
            d -= 1
    # a rank whose other cards are mostly in sight cannot make a set for it
    k = 0
    for x in range(4):
        k += seen[x * 13 + r]
    return d + (0 if k >= 3 else 1)
