"""What the table tells about the hidden racks: the expert's samples of
them, dealt as the others' turns say they can lie.

Why: a player who has melded and ends a turn holds no tile it could have
placed on the table it left, bar the tiles it drew that turn (every level
here plays what it can; so do most people).  Dealt the unseen tiles at
random, the look-ahead gives an opponent racks it cannot hold, racks that
would have gone down already, and over-rates its going out; an expert told
the true racks (a cheat, as a yardstick) wins far more often than one
dealt at random (docs/figures.md).

unseen(game)       every tile the seat to move cannot see, in code order
hot(table, ncol)   flags by tile code: a tile that goes on the table alone
                   without moving other tiles (a run's end or a split, a
                   group's missing colour, a joker's stand-in; the joker)
deal(rng, game, counts, unseen)  one sample: (racks, pool), where the seat
                   that moved last and has melded gets, beside the tiles it
                   just drew, only tiles that are not hot on the table it
                   left (the table now)

The expert then checks each such rack with a search (ai.solver.reaches)
and deals it again if it could have played (a tile can also go down by
moving others: a group of four gives one up, a run's end moves on).

Fair play: it reads what a person in the seat sees: the table, the tile
counts, whether each player has melded, and what the last turn was (a play
or a draw, and how many tiles; never which tiles were drawn).
"""
from rummikub.tiles import JOKER, CODE_LIMIT, full_set, count_tiles
from rummikub.melds import analyse, RUN
from rummikub.game import DID_PLAY


def unseen(game):
    """The full set less the rack to move and the table, as a bytearray in
    code order (what the samples are dealt from)."""
    r = game.rules
    left = count_tiles((full_set(r.ncolours, r.copies, r.jokers),))
    for t in game.rack:
        left[t] -= 1
    for s in game.table:
        for t in s:
            left[t] -= 1
    out = bytearray()
    for code in range(CODE_LIMIT):
        for _ in range(left[code]):
            out.append(code)
    return out


def hot(table, ncol):
    flags = bytearray(CODE_LIMIT)
    flags[JOKER] = 1
    for s in table:
        kind, _, st = analyse(s, ncol)
        if kind == RUN:
            c = st[0] & 0xF0
            a = st[0] & 15
            b = a + len(st) - 1
            if a > 1:
                flags[c | (a - 1)] = 1
            if b < 13:
                flags[c | (b + 1)] = 1
            for m in range(a + 2, b - 1):     # a copy splits the run in two
                flags[c | m] = 1
        else:
            n = st[0] & 15
            seen = 0
            for t in s:
                if t != JOKER:
                    seen |= 1 << (t >> 4)
            for c in range(ncol):
                if not seen & (1 << c):
                    flags[(c << 4) | n] = 1
        for i in range(len(s)):
            if s[i] == JOKER:
                flags[st[i]] = 1
    return flags


def last_mover(game):
    """(seat, tiles it drew) of the turn just played, or (-1, 0): the seat
    whose rack the table now constrains."""
    last = game.last
    if last is None:
        return -1, 0
    kind, who, tiles = last
    return who, 0 if kind == DID_PLAY else len(tiles)


def deal(rng, game, counts, unseen, hot_flags, who, free):
    """One sample: a rack for every other seat (None for ours) and the
    pool.  `unseen` (bytearray, shuffled here by rng) is every tile this
    seat cannot see; seat `who`, if it has melded, gets `free` tiles from
    anywhere and the rest from those not hot."""
    rng.shuffle(unseen)
    me = game.current
    n = len(counts)
    used = bytearray(len(unseen))
    racks = [None] * n
    if who >= 0 and who != me and game.melded[who]:
        racks[who] = _take(unseen, used, counts[who], hot_flags, free)
    for p in range(n):
        if p != me and racks[p] is None:
            racks[p] = _take(unseen, used, counts[p], None, counts[p])
    pool = bytearray()
    for i in range(len(unseen)):
        if not used[i]:
            pool.append(unseen[i])
    return racks, pool


def redeal(rng, racks, pool, p, hot_flags, free):
    """Seat p's rack dealt again from its own tiles and the pool (both
    shuffled), after the search found it could have played: the new
    pool."""
    k = len(racks[p])
    both = pool + racks[p]
    rng.shuffle(both)
    used = bytearray(len(both))
    racks[p] = _take(both, used, k, hot_flags, free)
    return bytearray([both[i] for i in range(len(both)) if not used[i]])


def _take(tiles, used, k, hot_flags, free):
    """k tiles not yet used, in order: the first `free` any, the rest not
    hot (hot ones only when too few are left)."""
    got = bytearray()
    # three passes: up to `free` of any; up to k not hot; up to k of any
    for stop, flags in ((free, None), (k, hot_flags), (k, None)):
        for i in range(len(tiles)):
            if len(got) >= stop:
                break
            if not used[i] and (flags is None or not flags[tiles[i]]):
                used[i] = 1
                got.append(tiles[i])
    return got
