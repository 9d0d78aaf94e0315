"""Reading a Gin Rummy opponent's hand from what it did (the hard level).

Only what a person at the table sees goes in: this player's own hand, the
discard pile and the opponent's visible moves (game.moves).

Contract:
  in_sight(game, me) -> 52 flags: the cards player me knows are not in the
      stock (its hand, the pile, every card taken from the pile).
  chances(game, me, sight) -> 52 ints, 0..ONE: how likely the opponent
      (1 - me) holds each card now; sight is in_sight(game, me).  Cards in
      sight but not taken by the opponent (my hand, the pile) are 0,
      cards it took and still holds ONE, the others start level (the
      cards it holds that are not known, spread over the cards not seen)
      and are then read:
        * a card it let go (passed, discarded, or left on the pile for a
          stock draw) did not meld with its hand: for every pair of cards
          that would meld with it, holding both is ruled out, which lowers
          each one's chance (a pair partner of a card it is known to hold
          drops to 0);
        * a card it took melded with its hand: the partners of that card's
          pairs rise to their chance given that some pair is held.
      The cards are read as independent: cheap, and measured to rank the
      dangerous discards well (docs/figures.md, "Gin Rummy AI").
  wants(card, chance) -> 0..ONE: how likely the opponent holds a pair of
      cards that melds with card (so would take it from the pile).
Integer arithmetic only (ONE = 1000 keeps every product a small int on a
32-bit port, and both runtimes decide the same).
"""
from gin.game import M_TAKE, M_DISCARD, M_PASS, M_KNOCK

ONE = 1000
HAND = 10


def pairs(c):
    """The pairs of cards that make a meld with c, flat (a0 b0 a1 b1 ...):
    two others of its rank, or the two below, one each side, the two
    above in its suit.  A bytearray: ~12 bytes, nothing else allocated."""
    r = c % 13
    o = bytearray(3)
    k = 0
    for s in range(4):
        if s * 13 + r != c:
            o[k] = s * 13 + r
            k += 1
    out = bytearray([o[0], o[1], o[0], o[2], o[1], o[2]])
    if r >= 2:
        out.append(c - 2)
        out.append(c - 1)
    if 1 <= r <= 11:
        out.append(c - 1)
        out.append(c + 1)
    if r <= 10:
        out.append(c + 1)
        out.append(c + 2)
    return out


def history(game, opp):
    """(cards opp took and still holds, cards it let go), in play order."""
    took = []
    let_go = []
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
            let_go.append(c)
        elif offered >= 0:          # drew from the stock instead of the discard
            let_go.append(offered)
        offered = -1
    return took, let_go


def in_sight(game, me):
    s = bytearray(52)
    for c in game.hands[me]:
        s[c] = 1
    for c in game.pile:
        s[c] = 1
    m = game.moves
    for i in range(0, len(m), 2):
        if m[i] & 7 == M_TAKE:
            s[m[i + 1]] = 1
    return s


def chances(game, me, sight):
    took, let_go = history(game, 1 - me)
    q = [0] * 52
    # a card taken is in my hand, on the pile, or among took: sight minus
    # took is exactly what the opponent cannot hold
    for c in took:
        q[c] = ONE
    unseen = 52 - sum(sight)
    if unseen:
        level = (HAND - len(took)) * ONE // unseen
        for c in range(52):
            if not sight[c]:
                q[c] = level
    for e in let_go:
        ps = pairs(e)
        for i in range(0, len(ps), 2):
            a = ps[i]
            b = ps[i + 1]
            qa = q[a]
            qb = q[b]
            if qa == ONE:
                if qb < ONE:
                    q[b] = 0
            elif qb == ONE:
                q[a] = 0
            elif qa and qb:
                den = ONE * ONE - qa * qb
                q[a] = qa * (ONE - qb) * ONE // den     # < 10**9: a small int
                q[b] = qb * (ONE - qa) * ONE // den
    for t in took:
        _took(q, t)
    return q


def _took(q, t):
    """Raise the chance of t's pair partners: some pair of t's is held."""
    ps = pairs(t)
    some = ONE - _none(q, ps, -1)
    if some <= 0:
        return
    new = [0] * len(ps)
    for i in range(len(ps)):
        x = ps[i]
        new[i] = q[x]
        if 0 < q[x] < ONE:
            # P(x held and some pair held) = q[x] * (1 - P(no pair | x held))
            new[i] = min(q[x] * (ONE - _none(q, ps, x)) // some, ONE)
    for i in range(len(ps)):
        q[ps[i]] = new[i]


def _none(q, ps, held):
    """Chance (0..ONE) that no pair of ps is held, with card `held` held."""
    n = ONE
    for i in range(0, len(ps), 2):
        a = ps[i]
        b = ps[i + 1]
        if a == held:
            p = q[b]
        elif b == held:
            p = q[a]
        else:
            p = q[a] * q[b] // ONE
        n = n * (ONE - p) // ONE
    return n


def wants(card, q):
    return ONE - _none(q, pairs(card), -1)
