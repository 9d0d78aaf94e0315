"""Cards as small ints: code = suit * 13 + rank - 1 (0..51).

Suits in order S H D C (spades, hearts, diamonds, clubs); ranks 1 (ace,
low) .. 13 (king).  Notation: rank then suit, case-insensitive, ranks
A 2..10 J Q K (T accepted for 10), e.g. "AS 10H td kc".  A hand is a
bytearray of codes.
"""

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
NCARDS = 52


class CardError(ValueError):
    """A card or a list of cards that cannot be read; the message says which."""


def card(rank, suit):
    return suit * 13 + rank - 1


def rank_of(c):
    return c % 13 + 1


def suit_of(c):
    return c // 13


def value(c):
    """Deadwood points: ace 1, 2..10 their number, J Q K 10."""
    r = c % 13 + 1
    return 10 if r > 10 else r


def fmt_card(c):
    return RANKS[c % 13] + SUITS[c // 13]


def fmt_cards(cards):
    return " ".join([fmt_card(c) for c in cards])


def parse_card(tok):
    t = tok.strip().upper()
    if len(t) < 2 or t[-1] not in SUITS:
        raise CardError("unknown card %r (rank then suit S H D C, e.g. 10H)" % tok)
    r = t[:-1]
    if r == "T":
        r = "10"
    if r not in RANKS:
        raise CardError("unknown card %r (ranks A 2-10 J Q K)" % tok)
    return card(RANKS.index(r) + 1, SUITS.index(t[-1]))


def parse_cards(text):
    """A space- or comma-separated list of cards; refuses duplicates."""
    out = []
    for tok in text.replace(",", " ").split():
        c = parse_card(tok)
        if c in out:
            raise CardError("card %s is listed twice" % fmt_card(c))
        out.append(c)
    return bytearray(out)


def deck():
    return bytearray(range(NCARDS))


def total(cards):
    s = 0
    for c in cards:
        s += value(c)
    return s
