"""The solver's answer, and the moves made without a search.

  Move        table (the whole table after the move), changed (its new and
              changed sets), placed (rack tiles put down), count, value,
              optimal (proven best), ms, expanded (search states)
  placed(tab_before, sets, rack)  rack tiles the sets use beyond the table's
  value(sets, placed, ncol)       worth of what was placed
  none(table, t0, expanded, optimal)  no move: the table as it is
  cheap(table, rack, melded, rules, t0)  the best cheap move (greedy new
              sets, then lay-offs): the solver's fallback when time or heap
              runs out, and the hint's when the heap has no room to search
  room()      the heap a search can still have (bytes, after a
              collection; None off MicroPython): gc.mem_free(), which on
              the ESP32 counts the largest block ESP-IDF can add to the
              heap (the esp32 port grows its heap on demand), so the room
              the device really has, its growth included
  SEARCH_ROOM room a search needs on MicroPython: with less, most
              searches give up for want of heap (docs/figures.md, "The AI
              on the device's heap"), so the hint makes the cheap move and
              the expert skips its look-ahead
  search_fits()  whether there is that much room (always off MicroPython)

Apart from ai.solver so a move can be made without loading the search
(ai.hint on a short heap).
"""
import gc
from compat import MICROPYTHON, ticks_ms, ticks_diff
from rummikub.tiles import JOKER, CODE_LIMIT, count_tiles

SEARCH_ROOM = 24000


def room():
    """Bytes the heap can still give a search, after a collection (None off
    MicroPython): see the module doc."""
    if not MICROPYTHON:
        return None
    gc.collect()
    return gc.mem_free()


def search_fits():
    """Whether the heap has room for a search (SEARCH_ROOM); off
    MicroPython always."""
    return not MICROPYTHON or room() >= SEARCH_ROOM


class Move:
    """A solver answer.  table: the whole table after the move (unchanged
    sets first, in their old order, then the changed and new ones);
    changed: those new/changed sets; placed: rack tiles put down."""

    def __init__(self, table, changed, placed, value, optimal, ms=0, expanded=0):
        self.table = table
        self.changed = changed
        self.placed = placed
        self.count = len(placed)
        self.value = value
        self.optimal = optimal
        self.ms = ms
        self.expanded = expanded

    def __repr__(self):
        return "Move(count=%d, value=%d, optimal=%s)" % (self.count, self.value,
                                                         self.optimal)


def placed(tab_before, sets, rack):
    """Rack tiles the sets use beyond the table's own tiles."""
    after = count_tiles(sets)
    out = bytearray()
    for t in range(CODE_LIMIT):
        d = after[t] - tab_before[t]
        for _ in range(d):
            out.append(t)
    return out


def value(sets, placed, ncol):
    """Worth of what was placed: numbered tiles plus what each placed joker
    stands for (the lowest readings, so a move is never over-praised)."""
    from rummikub.melds import analyse
    v = 0
    jr = 0
    for t in placed:
        if t == JOKER:
            jr += 1
        else:
            v += t & 15
    if jr:
        readings = []
        for s in sets:
            _, _, st = analyse(s, ncol)
            for i in range(len(s)):
                if s[i] == JOKER:
                    readings.append(st[i] & 15)
        readings.sort()
        v += sum(readings[:jr])
    return v


def none(table, t0, expanded, optimal=True):
    return Move([bytearray(s) for s in table], [], bytearray(), 0, optimal,
                ticks_diff(ticks_ms(), t0), expanded)


def cheap(table, rack, melded, rules, t0):
    from ai import greedy
    from ai.arrange import carve
    from rummikub.tiles import remove_tile
    ncol = rules.ncolours
    sets = greedy.rack_runs_groups(rack, ncol)
    if not melded and greedy.meld_value(sets, ncol) < rules.initial_meld:
        sets = []
    after = [bytearray(s) for s in table] + sets
    if melded:
        left = bytearray(rack)
        for s in sets:
            for t in s:
                remove_tile(left, t)
        after, _ = greedy.lay_off(after, left, ncol)
    got = placed(count_tiles(table), after, rack)
    if not got:
        return none(table, t0, 0, optimal=False)
    kept, changed = carve(after, table, ncol)
    after = kept + changed
    return Move(after, changed, got, value(after, got, ncol), False,
                ticks_diff(ticks_ms(), t0), 0)
