"""Gin Rummy computer players: GinPlayer(level, seed) with act(game) and
turn(game).  Levels, weakest first:

  easy    the baseline: takes the up-card only when it melds it, discards
          its highest deadwood card, knocks as soon as it can
  medium  keeps the discards that leave the most ways to meld (outs among
          the cards it has not seen), knocks as soon as it can
  hard    reads the opponent's hand from what it took and let go
          (ai.gin.reading: a chance for each card) and holds back the
          cards it would meld; weighs each out by the deadwood points it
          would meld; looks at every best split of its hand for loose
          cards; decides when to knock (at once, except with 8+ deadwood
          while the opponent holds 2+ picked-up cards and 10+ cards are
          left in the stock: an undercut is likely then, so it plays on)

A player sees only what a person at the table sees: its own hand, the
discard pile and the opponent's visible moves (game.moves); never the
stock or the opponent's hand (tests/gin_mp reshuffle what it cannot see and
check its choices do not change).

Contract: act(game) does exactly one action for game.current (take, pass,
draw, or discard with or without knocking) and returns a short text of
it; a take-or-draw costs two best_split() searches, a discard one (a
second only when all 11 cards meld) plus, for hard, the reading (no
search: a pass over the visible moves and the 52 cards).
"""
from gin.cards import value, fmt_card
from gin.melds import best_split, all_best_splits, deadwood
from gin.game import OFFER, DRAW, DISCARD, HAND_OVER
from ai.gin.reading import ONE, in_sight, chances, wants, history

LEVELS = ("easy", "medium", "hard")

# discard score, in thousandths of a point: deadwood left - outs, plus
# (hard) WANTS_W x the chance the opponent melds the card (ai.gin.reading);
# tuned with `gin tournament` (docs/figures.md, "Gin Rummy AI": what else was tried)
WANTS_W = 6
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
        """(card, knock?).  One search: dropping a deadwood card c of a
        best split of the 11 cards leaves exactly that split's deadwood
        minus c's points (no split of the rest can do better, or adding c
        back would beat the best), so every such discard is scored without
        searching again.  Hard looks at every best split (one search that
        keeps them all): a card loose in one of them is a candidate too."""
        taken = game.taken
        hard = self.level == "hard"
        splits = all_best_splits(hand) if hard else [best_split(hand)]
        d, melds, dead = splits[0]
        cands = [c for c in dead if c != taken]
        if not cands:                  # all melded (or only the taken card loose)
            opts = game.knock_options()
            if opts:
                return opts[0][1], True
            return [c for c in hand if c != taken][0], False
        hi = _highest(cands)
        if self.level == "easy":
            return hi, d - value(hi) <= game.knock_limit
        if d - value(hi) <= game.knock_limit and self._knock_now(game, d - value(hi)):
            return hi, True
        seen = in_sight(game, game.current)
        q = chances(game, game.current, seen) if hard else None
        best = None
        for sd, smelds, sdead in splits:
            for c in sdead:
                if c == taken:
                    continue
                rdead = [x for x in sdead if x != c]
                rest = [x for x in hand if x != c]
                score = ONE * (d - value(c)) - _outs(rest, rdead, seen, hard)
                if hard:
                    score += WANTS_W * wants(c, q)
                key = (score, -value(c), c)
                if best is None or key < best:
                    best = key
        return best[2], False

    def _knock_now(self, game, d):
        """Knock at once, except (hard) with high deadwood against an
        opponent that has been picking up discards (melds in hand: an
        undercut is likely) while the stock still leaves time to get lower."""
        if d == 0 or self.level != "hard":
            return True
        took = history(game, 1 - game.current)[0]
        return not (d >= CAREFUL_FROM and len(took) >= 2 and len(game.stock) >= 10)


def _highest(cards):
    """The card with the most points (the highest code among equals)."""
    best = cards[0]
    for c in cards:
        if value(c) > value(best) or (value(c) == value(best) and c > best):
            best = c
    return best


def _outs(rest, rdead, seen, by_points=False):
    """Unseen cards that would meld with at least one deadwood card of rest
    (only the neighbours of deadwood cards can: same rank, same suit +-2),
    in thousandths: each counts ONE, or (by_points, hard) half a card plus
    a twentieth of the deadwood points it would meld (an out that melds a
    king weighs more than one that melds an ace).  Allocates three
    52-byte flags and nothing per card (heap: the device runs this between
    screens)."""
    have = bytearray(52)
    for c in rest:
        have[c] = 1
    dead = bytearray(52)
    for c in rdead:
        dead[c] = 1
    n = 0
    done = bytearray(52)
    for c in rdead:
        r = c % 13
        for k in range(8):
            if k < 4:
                u = k * 13 + r
            else:
                d = k - 6 if k < 6 else k - 5          # -2 -1 1 2
                if not 0 <= r + d < 13:
                    continue
                u = c + d
            if seen[u] or have[u] or done[u]:
                continue
            done[u] = 1
            pts = _melds_dead(u, have, dead)
            if pts:
                n += ONE // 2 + ONE * pts // 20 if by_points else ONE
    return n


def _melds_dead(u, have, dead):
    """The deadwood points card u would meld (0: none): with two or more
    cards of its rank in the hand, or two in its suit next to it."""
    r = u % 13
    b = u - r
    k = 0
    pts = 0
    for s in range(4):
        x = s * 13 + r
        if have[x]:
            k += 1
            if dead[x]:
                pts += value(x)
    if k < 2:
        pts = 0
    for a, c in ((-2, -1), (-1, 1), (1, 2)):
        if 0 <= r + a and r + c < 13 and have[b + r + a] and have[b + r + c]:
            v = 0
            if dead[b + r + a]:
                v += value(b + r + a)
            if dead[b + r + c]:
                v += value(b + r + c)
            if v > pts:
                pts = v
    return pts
