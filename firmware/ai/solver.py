"""The move solver: the legal end-of-turn table that places the most rack
tiles (jokers count), then the most value; among those it keeps the old
table sets that survive whole (cut back out of longer runs), so moves stay
readable (that last part is a cheap pass, not a proof of fewest changes).

solve(table, rack, melded, rules, budget_ms) -> Move.  Without a budget the
answer is proven optimal; with one, the best move found in time is returned
and Move.optimal says whether it was proven.  A player who has not melded
may only add new sets from the rack worth at least rules.initial_meld
(with rules.initial_meld_table_use, the rest of the turn may then use the
table).
"""
from compat import ticks_ms, ticks_diff
from rummikub.tiles import JOKER, CODE_LIMIT, count_tiles
from ai.dp import Problem, Timeout, UNIT
from ai.memo import drop_table
from ai import arrange
from ai import move
from ai.move import Move
# names used in one or two places are imported there: each module-level
# name is a slot of this module's dict, on the device heap while the AI
# runs (developer guide, "How the app stays small": Names)

from compat import MICROPYTHON
# memo slots for the search: what the device heap allows; on a PC twice
# that (a bigger memo found no fewer states: developer guide, "Move
# solver"); still only between numbers (remembering every step costs
# more look-ups in CPython than it saves)
MEMO_CAP = 2000 if MICROPYTHON else 4096


def _counts(table, rack):
    tab = count_tiles(table)
    rak = count_tiles((rack,))
    jt = tab[JOKER]
    jr = rak[JOKER]
    tab[JOKER] = 0
    rak[JOKER] = 0
    return tab, rak, jt, jr


def _run(tab, rak, jt, jr, rules, meld, lower, deadline, free=False, p=None):
    if p is None:
        p = Problem(tab, rak, jt=jt, jr=jr, ncol=rules.ncolours,
                    copies=rules.copies, meld=meld, deadline=deadline, free=free)
    score, path = p.search(lower, True, 1)
    if path is None:
        return p, None, -1
    return p, arrange.build(p, path), score


def placeable(tab, rak, jokers, ncol):
    """Rack tiles that fit some set at all, counting every tile in play
    (an upper bound on what any move can place)."""
    out = bytearray()
    for code in range(CODE_LIMIT):
        k = rak[code]
        if not k or code == JOKER:
            continue
        c = code >> 4
        n = code & 15
        others = 0
        for oc in range(ncol):
            if oc != c and (tab[(oc << 4) | n] or rak[(oc << 4) | n]):
                others += 1
        ok = others + jokers >= 2
        if not ok:
            for lo in range(n - 2, n + 1):
                if lo < 1 or lo + 2 > 13:
                    continue
                miss = 0
                for m in range(lo, lo + 3):
                    if m != n and not (tab[(c << 4) | m] or rak[(c << 4) | m]):
                        miss += 1
                if miss <= jokers:
                    ok = True
                    break
        if ok:
            for _ in range(k):
                out.append(code)
    return out


def _melded(table, rack, rules, deadline, t0, memo_cap):
    """Phase 1 proves the most tiles (each hit raises the target by a
    whole tile), phase 2 the most value at that count.  Jokers are spare
    unless they make a set valid; spares are added at the end."""
    from ai.runstate import table_shape
    from ai.race import Race
    ncol = rules.ncolours
    tab, rak, jt, jr = _counts(table, rack)
    fit = placeable(tab, rak, jt + jr, ncol)
    rfit = count_tiles((fit,))
    shape = table_shape(table, ncol)

    def make(partner=None):
        return Problem(tab, rfit, jt=jt, jr=jr, ncol=ncol, copies=rules.copies,
                       deadline=deadline, free=True, memo_cap=memo_cap,
                       shape=shape, partner=partner)

    p = make()
    race = Race(p, make, p.check_time)
    optimal = True
    won = path = None
    try:
        b = race.search(UNIT, UNIT)
        if b is not None:
            won, path, score = b, bytes(b.found), b.found_score
            # phase 2 cannot beat a move that already places the k
            # highest numbered tiles that fit
            k = score // UNIT
            nums = sorted([t & 15 for t in fit if t != JOKER])
            if score % UNIT < (sum(nums[len(nums) - k:]) if k else 0):
                b = race.search(score + 1, 1, k)
                if b is not None:
                    won, path = b, bytes(b.found)
    except Timeout:
        optimal = False
        b = race.best
        if b is not None:
            won, path = b, bytes(b.found)
    expanded = race.expanded
    p.release()
    if path is None:
        if not optimal:
            raise Timeout()
        sets = [bytearray(s) for s in table]
    else:
        sets = arrange.build(won, path)
    used = 0
    for s in sets:
        for t in s:
            if t == JOKER:
                used += 1
    kept, changed = arrange.carve(sets, table, ncol)
    if not arrange.add_jokers(kept, changed, jt + jr - used, ncol):
        # no room for the spare jokers: search again counting every joker
        p = Problem(tab, rak, jt=jt, jr=jr, ncol=ncol, copies=rules.copies,
                    deadline=deadline, memo_cap=memo_cap,
                    shape=table_shape(table, ncol))
        score, path = p.search(UNIT, True, 1)
        expanded += p.expanded
        if path is None:
            return move.none(table, t0, expanded)
        return _finish(table, rack, arrange.build(p, path), ncol, True,
                       t0, expanded)
    after = kept + changed
    placed = move.placed(count_tiles(table), after, rack)
    if not placed:
        return move.none(table, t0, expanded, optimal)
    return Move(after, changed, placed, move.value(after, placed, ncol), optimal,
                ticks_diff(ticks_ms(), t0), expanded)


def solve(table, rack, melded, rules, budget_ms=None, memo_cap=MEMO_CAP):
    """Best move for `rack` on `table` (lists of bytearray / bytearray).
    memo_cap bounds the search's memo (heap); a smaller one only costs time."""
    import gc
    t0 = ticks_ms()
    deadline = None if budget_ms is None else t0 + budget_ms
    table = [bytearray(s) for s in table]
    rack = bytearray(rack)
    try:
        if MICROPYTHON:
            gc.collect()                # big blocks first, while we can
        try:
            if melded:
                return _melded(table, rack, rules, deadline, t0, memo_cap)
            return _meld(table, rack, rules, deadline, t0)
        except MemoryError:
            # the heap was too fragmented: once more with a small memo
            gc.collect()
            if melded:
                return _melded(table, rack, rules, deadline, t0, memo_cap // 4)
            return _meld(table, rack, rules, deadline, t0)
    except (Timeout, MemoryError):
        drop_table()
        from ai.move import cheap    # a finished search never needs greedy play
        return cheap(table, rack, melded, rules, t0)
    finally:
        drop_table()                    # the heap is the UI's between turns


def rack_sets(rack, rules, need=0, deadline=None):
    """The most rack tiles that form new sets by themselves (worth at least
    `need` points together), as a list of sets; [] if none."""
    _, rak, _, jr = _counts((), rack)
    try:
        p, sets, score = _run(bytearray(CODE_LIMIT), rak, 0, jr, rules,
                              need if need > 0 else 0, UNIT, deadline)
    except (MemoryError, Timeout):
        # no heap (or time) for the search: the greedy sets, if they do
        drop_table()                    # the memo's room, first
        from ai import greedy
        sets = greedy.rack_runs_groups(rack, rules.ncolours)
        if greedy.meld_value(sets, rules.ncolours) < need:
            sets = []
        return sets
    finally:
        drop_table()
    if sets is None or score < UNIT:
        return []
    return sets


def _meld(table, rack, rules, deadline, t0):
    ncol = rules.ncolours
    sets = rack_sets(rack, rules, rules.initial_meld, deadline)
    if not sets:
        return move.none(table, t0, 0)
    first = _finish(table, rack, sets, ncol, True, t0, 0, fresh=True)
    if not rules.initial_meld_table_use:
        return first
    # variant: after the meld the same turn may use the table
    from rummikub.tiles import remove_tile
    left = bytearray(rack)
    for t in first.placed:
        remove_tile(left, t)
    if not left:
        return first
    newt = table + sets
    tab, rak, jt, jr = _counts(newt, left)
    p2, sets2, score2 = _run(tab, rak, jt, jr, rules, 0, 0, deadline)
    if sets2 is None or score2 < UNIT:
        return first
    return _finish(table, rack, sets2, ncol, False, t0, p2.expanded)


def _finish(table, rack, sets, ncol, optimal, t0, expanded, fresh=False):
    tab = count_tiles(table)
    if fresh:
        kept = [bytearray(s) for s in table]
        changed = sets
    else:
        kept, changed = arrange.carve(sets, table, ncol)
    after = kept + changed
    placed = move.placed(tab, after, rack)
    return Move(after, changed, placed, move.value(after, placed, ncol), optimal,
                ticks_diff(ticks_ms(), t0), expanded)


def goes_out(table, rack, rules, budget_ms=None, memo_cap=MEMO_CAP):
    """Whether a player who has melded can place every rack tile this turn.
    A search that prunes everything short of the whole rack and stops at
    its first hit: cheaper than solve() when the answer is no.  Out of
    time (or heap) it answers False."""
    return reaches(table, rack, rules, len(rack), budget_ms, memo_cap)


def fitting(table, rack, rules):
    """How many rack tiles fit some set at all, counting every tile in play
    (no search; no move places more): goes_out and reaches answer no
    without searching when this is short."""
    tab, rak, jt, jr = _counts(table, rack)
    return len(placeable(tab, rak, jt + jr, rules.ncolours)) + jr


def reaches(table, rack, rules, tiles, budget_ms=None, memo_cap=MEMO_CAP):
    """Whether a player who has melded can place `tiles` rack tiles this
    turn (1: whether it can play at all), by a first-hit search as
    goes_out.  Out of time (or heap) it answers False."""
    from ai.runstate import table_shape
    if fitting(table, rack, rules) < tiles:
        return False
    ncol = rules.ncolours
    tab, rak, jt, jr = _counts(table, rack)
    deadline = None if budget_ms is None else ticks_ms() + budget_ms
    try:
        p = Problem(tab, rak, jt=jt, jr=jr, ncol=ncol, copies=rules.copies,
                    deadline=deadline, memo_cap=memo_cap,
                    shape=table_shape(table, ncol))
        score, path = p.search(tiles * UNIT, False, 1)
        return path is not None
    except (Timeout, MemoryError):
        return False
    finally:
        drop_table()
