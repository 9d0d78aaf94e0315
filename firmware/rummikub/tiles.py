"""Tile encoding and the text notation of RULES.md.

A tile is one small int so racks, pools and sets fit in bytes/bytearray:
colour index in the high nibble, number 1..13 in the low nibble.  Sorting
codes therefore sorts by colour, then number, which is what runs need.
The joker is JOKER (0x70); no numbered tile has number 0 or 14/15.
"""
from compat import const

JOKER = const(0x70)
CODE_LIMIT = const(0x71)   # size of a per-code counting array
MAX_NUMBER = const(13)

# Colour letters in index order: black, blue, red, yellow, then the XP set's
# green and purple.  'O' (orange) is another name for yellow.
_COLOURS = const("KBRYGP")
COLOUR_NAMES = ("black", "blue", "red", "yellow", "green", "purple")


class NotationError(ValueError):
    """Text that is not valid tile notation; the message names the token."""


def tile(colour, number):
    return (colour << 4) | number


def _show(tok):
    """A token as quoted in a message: at most 12 characters of it."""
    return repr(tok) if len(tok) <= 12 else repr(tok[:12]) + "..."


def parse_tile(tok, ncolours=6):
    """'R7' -> code; case-insensitive; 'O' means yellow; 'J' is the joker.
    Numbers are 1 or 2 ASCII digits (no other digits, however Unicode
    counts them)."""
    s = tok.strip().upper()
    if s == "J":
        return JOKER
    digits = s[1:]
    ok = 1 <= len(digits) <= 2
    for ch in digits:
        if ch < "0" or ch > "9":
            ok = False
    c = s[:1]
    if c == "O":
        c = "Y"
    ci = _COLOURS.find(c) if c else -1
    if ci < 0 or not ok:
        raise NotationError("unknown tile %s" % _show(tok))
    if ci >= ncolours:
        raise NotationError("tile %s: colour %s is only in the XP set" % (_show(tok), c))
    n = int(digits)
    if n < 1 or n > MAX_NUMBER:
        raise NotationError("tile %s: numbers go from 1 to 13" % _show(tok))
    return tile(ci, n)


def fmt_tile(t):
    if t == JOKER:
        return "J"
    return _COLOURS[t >> 4] + str(t & 15)


def parse_tiles(text, ncolours=6):
    """Space-separated tiles -> bytearray, in the written order."""
    out = bytearray()
    for tok in text.split():
        out.append(parse_tile(tok, ncolours))
    return out


def fmt_tiles(tiles):
    return " ".join([fmt_tile(t) for t in tiles])


def parse_table(text, ncolours=6):
    """'R5 R6 R7 | B9 K9 Y9' -> list of bytearray sets.  Empty text -> []."""
    sets = []
    if not text.strip():
        return sets
    parts = text.split("|")
    for i, part in enumerate(parts):
        s = parse_tiles(part, ncolours)
        if not s:
            raise NotationError("set %d is empty" % (i + 1))
        sets.append(s)
    return sets


def fmt_table(sets):
    return " | ".join([fmt_tiles(s) for s in sets])


def count_tiles(groups, counts=None):
    """Per-code counts (bytearray of CODE_LIMIT) over an iterable of tile lists."""
    if counts is None:
        counts = bytearray(CODE_LIMIT)
    for g in groups:
        for t in g:
            counts[t] += 1
    return counts


def check_supply(counts, copies, jokers):
    """Refuse more copies of any tile than the tile set holds."""
    for t in range(CODE_LIMIT):
        n = counts[t]
        if not n:
            continue
        limit = jokers if t == JOKER else copies
        if n > limit:
            raise NotationError("%d copies of %s; the tile set has %d"
                                % (n, fmt_tile(t), limit))


def full_set(ncolours, copies, jokers):
    """Every tile of a tile set, as a bytearray in code order."""
    out = bytearray()
    for c in range(ncolours):
        for n in range(1, MAX_NUMBER + 1):
            for _ in range(copies):
                out.append((c << 4) | n)
    for _ in range(jokers):
        out.append(JOKER)
    return out


def sort_by_run(tiles):
    """Colour, then number (the 789 sort); jokers last."""
    return bytearray(sorted(tiles))


def sort_by_number(tiles):
    """Number, then colour (the 777 sort); jokers last."""
    return bytearray(sorted(tiles, key=lambda t: ((t & 15) << 4 | (t >> 4))
                            if t != JOKER else 0xFFF))


def rack_value(tiles, joker_value):
    v = 0
    for t in tiles:
        v += joker_value if t == JOKER else t & 15
    return v


# MicroPython's bytearray lacks `int in b`, pop, remove and item deletion;
# these work on bytes, bytearray and lists alike.

def has(tiles, t):
    for u in tiles:
        if u == t:
            return True
    return False


def remove_tile(buf, t):
    """Remove one t from a bytearray/list; False if it was not there."""
    for i in range(len(buf)):
        if buf[i] == t:
            buf[i:i + 1] = buf[i:i]
            return True
    return False


def pop_tile(buf):
    t = buf[-1]
    buf[len(buf) - 1:] = buf[:0]
    return t
