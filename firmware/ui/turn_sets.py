"""The sets of a turn being built, as pure functions: a tile's code
without the editor's FROM_RACK flag (bit 7), a valid order for a set,
whether tiles could stand in one set, which sets a turn changed, a
turn's rack, hand, table and cursor as bytes (undo steps, saves, the
review's tables), what a move put down and moved.
The editor (ui.editor) uses them; no state here."""
from compat import const
from rummikub.tiles import JOKER
from rummikub.melds import is_valid, canonical

_SEP_AREA = const(0xFE)
_SEP_SET = const(0xFF)


def code(v):
    return v & 0x7F


def plain(s):
    return bytearray([v & 0x7F for v in s])


def arrange(s, ncolours):
    """A valid order of the tiles of s (flags kept), or None.  A run is
    sorted with jokers filling its gaps, spare jokers after the top (or
    before the bottom at 13); a group is sorted by colour."""
    nums = sorted([v for v in s if code(v) != JOKER], key=code)
    jok = [v for v in s if code(v) == JOKER]
    if not nums:
        return None
    same_n = True
    same_c = True
    for v in nums:
        if code(v) & 15 != code(nums[0]) & 15:
            same_n = False
        if code(v) >> 4 != code(nums[0]) >> 4:
            same_c = False
    if same_n and len(nums) > 1:
        out = bytearray(nums + jok)
        if is_valid(plain(out), ncolours):
            return out
    if same_c:
        out = [nums[0]]
        spare = len(jok)
        for v in nums[1:]:
            gap = (code(v) & 15) - (code(out[-1]) & 15) - 1
            if gap < 0 or gap > spare:
                return None
            for _ in range(gap):
                spare -= 1
                out.append(jok[spare])
            out.append(v)
        top = (code(nums[-1]) & 15)
        while spare and top < 13:
            spare -= 1
            out.append(jok[spare])
            top += 1
        while spare:
            spare -= 1
            out.insert(0, jok[spare])
        out = bytearray(out)
        if is_valid(plain(out), ncolours):
            return out
    if len(nums) == 1:
        out = bytearray(nums + jok)
        if is_valid(plain(out), ncolours):
            return out
    return None


def could_share(tiles, ncolours):
    """Whether these tile codes could all stand in one set: one number in
    distinct colours, or one colour with distinct numbers whose gaps the
    jokers among them fill."""
    nums = [t for t in tiles if t != JOKER]
    jokers = len(tiles) - len(nums)
    if len(nums) < 2:
        return True
    if len(set(nums)) != len(nums):
        return False
    if _all_same([t & 15 for t in nums]):
        return len(tiles) <= ncolours
    if not _all_same([t >> 4 for t in nums]):
        return False
    ns = [t & 15 for t in nums]
    return max(ns) - min(ns) + 1 <= len(nums) + jokers


def _all_same(xs):
    for x in xs:
        if x != xs[0]:
            return False
    return True


def changed_sets(before, after, ncolours):
    """Indices of sets in `after` that were not on the `before` table
    (compared as sets, so a group written in another order is unchanged)."""
    left = [canonical(plain(s), ncolours) for s in before]
    out = []
    for i in range(len(after)):
        c = canonical(plain(after[i]), ncolours)
        if c in left:
            left.remove(c)
        else:
            out.append(i)
    return out


def pack(rack, hand, table, cur):
    """rack, hand and the table's sets as bytes, then the cursor (3 bytes)."""
    b = bytearray(rack)
    b.append(_SEP_AREA)
    b.extend(hand)
    b.append(_SEP_AREA)
    for i in range(len(table)):
        if i:
            b.append(_SEP_SET)
        b.extend(table[i])
    b.append(_SEP_AREA)
    b.extend(bytes((cur[0], cur[1] & 0xFF, cur[2])))
    return bytes(b)


def unpack(snap):
    """(rack, hand, table, cur) from pack()'s bytes."""
    parts = []
    start = 0
    for _ in range(3):
        i = snap.find(bytes((_SEP_AREA,)), start)
        parts.append(snap[start:i])
        start = i + 1
    table = []
    if parts[2]:
        for s in parts[2].split(bytes((_SEP_SET,))):
            table.append(bytearray(s))
    c = snap[start:start + 3]
    return bytearray(parts[0]), bytearray(parts[1]), table, (c[0], c[1], c[2])


def moved_tiles(table, tags, kind):
    """The tiles of table whose tag (rummikub.places.tags) is kind, in
    table order, as codes."""
    out = bytearray()
    for j in range(len(table)):
        for k in range(len(table[j])):
            if tags[j][k] == kind:
                out.append(code(table[j][k]))
    return out


def marked(put, moved):
    """The tiles a move put down and moved, each list after its mark, for
    ui.play_view.mark_text (a \\x01 or \\x02 and the two \\x03 cells after
    it draw the mark over a tile's top)."""
    from rummikub.tiles import fmt_tiles
    if moved:
        return "\x01\x03\x03%s put down  \x02\x03\x03%s moved" % (fmt_tiles(put), fmt_tiles(moved))
    return "\x01\x03\x03%s put down" % fmt_tiles(put)
