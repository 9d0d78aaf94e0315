"""The fewest presses that play a target move, and the real app playing them.

plan(target) -> [Plan], cheapest first.  A Plan is a list of keys
("right", "a_long", ...) and how it was made.  Candidates:

- assisted placement: walk to each rack tile the move places (every pick
  order for up to 5 tiles, nearest first beyond), A on each (hold A on a
  lone tile, which also asks), START to ask, RIGHT or LEFT to the way that
  is the target, START to take it and end the turn; also with one tile of
  each table set the move breaks up picked first ("use this set").
- the hint: hold START, down to "Hint", A, START, when the hint is the
  target.

Walking costs come from a breadth-first search over the firmware's own
Editor (the play screen's model); which way is the target comes from
ai.place, the code the app asks.  Nothing is trusted: run_keys() boots the
real app on the emulator backend, resumes the position, presses the keys
and returns the table the Game ends the turn with.
"""
import itertools
import os
import shutil
import tempfile

from host_tools import FIRMWARE  # noqa: F401
from rummikub.melds import canonical
from ui.editor import Editor
from ui.layout import TABLE, RACK

MOVES = (("left", 0, -1), ("right", 0, 1), ("up", -1, 0), ("down", 1, 0), ("b_long", 0, 0))
MAX_WAYS = 12
MAX_PERM = 5


class Plan:
    def __init__(self, keys, how):
        self.keys = keys
        self.how = how

    def __len__(self):
        return len(self.keys)


def canon(table, ncol):
    return sorted(canonical(bytes(s), ncol) for s in table)


def _clone(ed):
    """A copy to move about in: cursor moves and picks change only the
    cursor, the picks and the scroll (the tiles are shared)."""
    e = Editor.__new__(Editor)
    e.__dict__.update(ed.__dict__)
    e.sel = list(ed.sel)
    e.last = dict(ed.last)
    e.undo_stack = []
    return e


def walk(ed, goal):
    """(keys, editor there): the fewest cursor keys from ed.cur to goal."""
    if ed.cur == goal:
        return [], ed
    start = _clone(ed)
    seen = {start.cur}
    frontier = [([], start)]
    for _ in range(40):
        nxt = []
        for keys, e in frontier:
            for name, dy, dx in MOVES:
                f = _clone(e)
                if dx or dy:
                    f.move(dx, dy)
                else:
                    f.jump()
                if f.cur in seen:
                    continue
                seen.add(f.cur)
                if f.cur == goal:
                    return keys + [name], f
                nxt.append((keys + [name], f))
        frontier = nxt
        if not frontier:
            break
    raise ValueError("cursor cannot reach %r" % (goal,))


def _route(ed, goals):
    """Keys to pick every goal in the given order and ask where they go:
    hold A on the last one when it is a rack tile, else A and START."""
    keys = []
    e = _clone(ed)
    for i in range(len(goals)):
        w, e = walk(e, goals[i])
        e = _clone(e)
        keys += w
        if i < len(goals) - 1:
            keys.append("a")
            e.press_a()
        elif goals[i][0] == RACK:
            keys.append("a_long")
        else:
            keys += ["a", "start"]
    return keys


def _best_route(ed, goal_sets):
    """goal_sets: per tile to pick, the positions holding it; the cheapest
    route over the pick orders and tile copies."""
    best = None
    n = len(goal_sets)
    if n <= MAX_PERM:
        orders = itertools.permutations(range(n))
    else:
        orders = [range(n)]
    for order in orders:
        used = []
        goals = []
        for i in order:
            for g in goal_sets[i]:
                if g not in used:
                    used.append(g)
                    goals.append(g)
                    break
        if len(goals) != n:
            continue
        if n > MAX_PERM:
            goals = _nearest_first(ed, goals)
        keys = _route(ed, goals)
        if best is None or len(keys) < len(best):
            best = keys
    return best


def _nearest_first(ed, goals):
    out = []
    left = list(goals)
    e = _clone(ed)
    while left:
        costs = [len(walk(e, g)[0]) for g in left]
        g = left.pop(costs.index(min(costs)))
        _, e = walk(e, g)
        out.append(g)
    return out


def _placed(target):
    """Rack tiles the move puts down (codes)."""
    left = [t for s in target.table for t in s]
    out = []
    for s in target.after:
        for t in s:
            if t in left:
                left.remove(t)
            else:
                out.append(t)
    return out


def _way_index(target, picked, forced):
    """(index of the target among the ways, number of ways if all were
    seen, else None); index None when it is not among the first MAX_WAYS."""
    from ai.place import Ways
    ways = Ways(target.table, bytearray(picked), forced, target.melded, target.rules)
    want = canon(target.after, target.ncol)
    for i in range(MAX_WAYS):
        w = ways.next()
        if w is None:
            return None, i
        if canon(w.table, target.ncol) == want:
            rest = i + 1
            while rest < MAX_WAYS and ways.next() is not None:
                rest += 1
            return i, (rest if rest < MAX_WAYS else None)
    return None, None


def _assisted(target, ed, forced_sets):
    placed = _placed(target)
    rack = list(ed.rack)
    goal_sets = []
    for t in sorted(set(placed)):
        pos = [(RACK, 0, p) for p in range(len(rack)) if rack[p] == t]
        for _ in range(placed.count(t)):
            goal_sets.append(pos)
    for si in forced_sets:
        goal_sets.append([(TABLE, si, 0)])
    k, total = _way_index(target, placed, list(forced_sets))
    if k is None:
        return None
    keys = _best_route(ed, goal_sets)
    if keys is None:
        return None
    if total is not None and total - k < k:
        keys += ["left"] * (total - k)
    else:
        keys += ["right"] * k
    keys.append("start")
    return Plan(keys, "assisted" + (" using %d set%s" % (len(forced_sets), "s" * (len(forced_sets) > 1))
                                     if forced_sets else ""))


def _hint(target):
    from ai.hint import hint
    from rummikub.game import Game
    g = game_for(target)
    _, move = hint(g, budget_ms=8000)
    if not move.count or canon(move.table, target.ncol) != canon(target.after, target.ncol):
        return None
    # the turn menu: End turn, Draw a tile, Sort 789, Sort 777, Hint
    return Plan(["start_long", "down", "down", "down", "down", "a", "start"], "hint")


def plan(target):
    """Candidate plans, cheapest first (see the module docstring)."""
    ed = Editor(target.table, target.rack, target.ncol)
    out = []
    p = _assisted(target, ed, ())
    if p:
        out.append(p)
    left = [canonical(bytes(s), target.ncol) for s in target.after]
    broken = []
    for i in range(len(target.table)):
        c = canonical(bytes(target.table[i]), target.ncol)
        if c in left:
            left.remove(c)
        else:
            broken.append(i)
    if broken and len(broken) <= 2:
        for forced in [(i,) for i in broken] + ([tuple(broken)] if len(broken) > 1 else []):
            p = _assisted(target, ed, forced)
            if p:
                out.append(p)
    p = _hint(target)
    if p:
        out.append(p)
    out.sort(key=len)
    return out


# -- the real app ------------------------------------------------------------------
def game_for(target):
    """A two-player Game at the target's position (the other rack and the
    pool from the tiles left)."""
    from rummikub.game import Game
    from rummikub.tiles import full_set, remove_tile
    g = Game(target.rules, 2, 1, 1, ["Ann", "Ben"])
    pool = full_set(target.ncol, target.rules.copies, target.rules.jokers)
    for s in target.table + [target.rack]:
        for t in s:
            assert remove_tile(pool, t), t
    g.table = [bytearray(s) for s in target.table]
    g.racks = [bytearray(target.rack), bytearray(pool[:14])]
    g.pool = bytearray(pool[14:])
    g.melded = bytearray([1 if target.melded else 0, 1])
    g.current = 0
    return g


def run_keys(target, keys, root=None, stats=None):
    """Boot the app (emulator backend) on the position, press the keys;
    (table the Game has after them, screen name).  stats (a dict): filled
    with the refreshes the keys caused, from the position on the glass to
    the turn's end (refresh.count_since)."""
    from rummikub import savefile
    from hal.storage import Storage
    from host_tools.emulator.headless import Runner, HOLD_MS, LONG_MS
    tmp = root or tempfile.mkdtemp(prefix="presses-")
    try:
        g = game_for(target)
        Storage(tmp, log=lambda s: None).save("game", savefile.dumps(
            g, {"seats": ["human", "human"], "match_id": 1, "screen": "play",
                "last_human": 0}))
        r = Runner(tmp)
        r.press("a")                     # title: resume
        if r.app.screen.name == "privacy":
            r.press("a")
        if r.app.screen.name != "play":
            raise RuntimeError("the position did not open on the play screen")
        from host_tools.presses.refresh import mark, count_since
        m0 = mark(r)
        for k in keys:
            long = k.endswith("_long")
            r.press(k[:-5] if long else k, LONG_MS if long else HOLD_MS)
        if stats is not None:
            stats.update(count_since(r, m0))
        return [bytearray(s) for s in r.app.match.game.table], r.app.screen.name
    finally:
        if root is None:
            shutil.rmtree(tmp, ignore_errors=True)


def solve_target(target, stats=None):
    """(Plan that the real app confirmed, or None; plans tried); stats: its
    refreshes (run_keys)."""
    want = canon(target.after, target.ncol)
    tried = 0
    for p in plan(target):
        tried += 1
        table, _ = run_keys(target, p.keys, stats=stats)
        if canon(table, target.ncol) == want:
            return p, tried
    return None, tried
