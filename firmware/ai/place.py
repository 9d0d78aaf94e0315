"""Assisted placement: where the tiles a player picked can go on the table.

    ways = Ways(table, picked, forced, melded, rules)
    w = ways.next()          # a Way, or None when there is no (other) way

Contract.  table: the table now (list of bytearray codes); picked: the
tiles that must all be placed (rack tiles, or tiles parked this turn);
forced: indices of table sets the player picked tiles of ("use this set":
every way changes each of them).  A Way is the whole table afterwards
(`table`: the untouched sets first, in their old order, then the changed
and new ones), `changed` (indices of those last sets, to frame), `kept`
(indices into the old table of the untouched sets) and `points` (what the
new sets are worth; before the initial meld that is the meld's count).
Ways come least disturbance first: fewest table tiles moved to another
set (`moved`: a tile put onto a set's end moves none, a split or a
regrouping moves some), then fewest table sets changed, fewest sets added,
fewest table tiles in the changed sets; each way differs from the ones
before it, and a way that only moves jokers is left out when one moves
nothing.  Before the initial meld only new sets made of the picked tiles
are offered.  Every table tile stays on the table in every way.

How: first every way that moves no table tile is found directly (each
picked tile onto a table set it can join, the set staying whole, or into
new sets of picked tiles), so none of them comes after a way that moves
tiles; exact within STILL_STEPS steps.  Then the table sets that can
matter to the picked tiles are tried in
small combinations, fewest sets first, and their tiles plus the picked
ones are split into valid sets by `splits()` (an exact search on a dozen or
two tiles, no table changes outside the combination).  A way is handed out
once no combination still to try can move fewer tiles: changing k sets
with p picked tiles moves at least (k - p) / 2 table tiles (each changed
set takes a picked tile or gives or takes a moved one), or once MAX_TRIES
combinations and splits were looked at since a way was found (the order
is then the best of those looked at; the search goes on from there for
the next way).  After every combination of up to MAX_SETS sets, the
solver (ai.solver, with its anytime budget) places the picked tiles on the
whole table, once.
"""
from compat import const
from rummikub.tiles import JOKER, CODE_LIMIT
from rummikub.melds import is_valid, canonical, set_value
from rummikub.places import staying

MAX_SETS = const(3)      # table sets combined before asking the solver
MAX_SPLIT = const(30)    # tiles split() takes on (bounded recursion)
MAX_PER_COMBO = const(6)  # splits looked at for one combination of sets
MAX_TRIES = const(4)    # combinations + splits looked at past a found way
NO_BOUND = const(255)    # more table tiles than any way moves
STILL_STEPS = const(4000)  # the search for ways that move nothing is exact within these


class Way:
    def __init__(self, table, changed, kept, points, moved, jokers_only):
        self.table = table
        self.changed = changed
        self.kept = kept
        self.points = points
        self.moved = moved              # table tiles moved to another set
        self.jokers_only = jokers_only  # every moved tile is a joker


def split(tiles, ncol, forbid=()):
    """Valid sets using every tile of `tiles` (codes), none of them equal
    (canonical) to a set in `forbid`; None if there is no such split."""
    for sets in splits(tiles, ncol, forbid):
        return sets
    return None


def splits(tiles, ncol, forbid=()):
    """Every split of `tiles` into valid sets (as split()), one by one:
    the lowest numbered tile left goes into a group of its number or a run
    it starts (jokers may stand before it), recursively; longer runs and
    bigger groups first.  Bounded: at most MAX_SPLIT tiles, depth at most
    one level per set."""
    if len(tiles) > MAX_SPLIT:
        return
    counts = bytearray(CODE_LIMIT)
    for t in tiles:
        counts[t] += 1
    for sets in _split(counts, ncol, forbid, []):
        yield [bytearray(x) for x in sets]


def _lowest(counts, ncol):
    for n in range(1, 14):
        for c in range(ncol):
            if counts[(c << 4) | n]:
                return (c << 4) | n
    return -1


def _try(s, counts, ncol, forbid, out):
    """Take set s (if valid and not forbidden), split the rest."""
    if not is_valid(s, ncol) or canonical(s, ncol) in forbid:
        return
    for t in s:
        counts[t] -= 1
    out.append(s)
    for sets in _split(counts, ncol, forbid, out):
        yield sets
    out.pop()
    for t in s:
        counts[t] += 1


def _split(counts, ncol, forbid, out):
    jokers = counts[JOKER]
    t = _lowest(counts, ncol)
    if t < 0:
        if not jokers:
            yield out
        else:
            for sets in _spare_jokers(list(out), jokers, ncol, forbid):
                yield sets
        return
    c0 = t >> 4
    n = t & 15
    # a run in colour c0 whose lowest numbered tile is t
    for lead in range(0, jokers + 1):
        if n - lead < 1:
            break
        for sets in _run(bytearray([JOKER] * lead) + bytearray([t]), n, c0,
                         jokers - lead, counts, ncol, forbid, out):
            yield sets
    # a group of number n holding t: any other colours, jokers filling up
    others = [(c << 4) | n for c in range(ncol) if c != c0 and counts[(c << 4) | n]]
    for mask in range((1 << len(others)) - 1, -1, -1):
        g = bytearray([t])
        for i in range(len(others)):
            if mask >> i & 1:
                g.append(others[i])
        for j in range(min(jokers, ncol - len(g)), -1, -1):
            if len(g) + j >= 3:
                for sets in _try(g + bytearray([JOKER] * j), counts, ncol, forbid, out):
                    yield sets


def _run(s, top, c, jokers, counts, ncol, forbid, out):
    """Extend run s (its last number `top`) upwards, longest first (fewer,
    longer sets), then close it here if it is long enough."""
    if top < 13:
        nxt = (c << 4) | (top + 1)
        if counts[nxt]:
            for sets in _run(s + bytearray([nxt]), top + 1, c, jokers, counts,
                             ncol, forbid, out):
                yield sets
        # a joker in this place (also when the tile is there: it may be wanted elsewhere)
        if jokers:
            for sets in _run(s + bytearray([JOKER]), top + 1, c, jokers - 1, counts,
                             ncol, forbid, out):
                yield sets
    if len(s) >= 3:
        for sets in _try(bytearray(s), counts, ncol, forbid, out):
            yield sets


def _spare_jokers(out, jokers, ncol, forbid):
    """Put jokers left over into the sets already made (each stays valid)."""
    for i in range(len(out)):
        s = out[i]
        for t in (s + bytearray([JOKER]), bytearray([JOKER]) + s):
            if is_valid(t, ncol) and canonical(t, ncol) not in forbid:
                out[i] = t
                if jokers == 1:
                    yield out
                else:
                    for sets in _spare_jokers(out, jokers - 1, ncol, forbid):
                        yield sets
                out[i] = s


def _touches(s, tiles):
    """Whether table set s can share a set with one of `tiles`: the same
    number (a group), the same colour within two (a run), or a joker."""
    for a in s:
        for b in tiles:
            if a == JOKER or b == JOKER:
                return True
            if (a & 15) == (b & 15):
                return True
            if (a >> 4) == (b >> 4) and -2 <= (a & 15) - (b & 15) <= 2:
                return True
    return False


def _no_jokers(sets):
    return [bytearray([t for t in x if t != JOKER]) for x in sets]


def _may_join(tiles, ncol):
    """Whether tiles (a table set and picked tiles so far) could still be
    one set once more tiles join: numbered tiles all of one number in
    distinct colours, or all of one colour in distinct numbers."""
    nums = bytearray()
    cols = bytearray()
    for t in tiles:
        if t != JOKER:
            nums.append(t & 15)
            cols.append(t >> 4)
    if len(nums) < 2:
        return True
    if len(set(nums)) == 1 and len(set(cols)) == len(cols) and len(tiles) <= ncol:
        return True
    return len(set(cols)) == 1 and len(set(nums)) == len(nums)


def one_set(tiles, ncol, low=False):
    """tiles as one valid set (a group, else a run with the jokers in the
    gaps and any left over above its top, or with low below its bottom,
    the rest at the other end), or None."""
    j = 0
    nums = []
    for t in tiles:
        if t == JOKER:
            j += 1
        else:
            nums.append(t)
    if not nums:
        return None
    g = bytearray(nums) + bytearray([JOKER] * j)
    if is_valid(g, ncol):
        return g
    nums.sort()
    c = nums[0] >> 4
    lo = nums[0] & 15
    run = bytearray()
    for t in nums:
        while (t & 15) > lo + len(run):
            if not j:
                return None
            run.append(JOKER)
            j -= 1
        run.append(t)
    hi = lo + len(run) - 1
    below = min(j, lo - 1) if low else max(0, j - (13 - hi))
    run = bytearray([JOKER] * below) + run + bytearray([JOKER] * (j - below))
    return run if c == nums[-1] >> 4 and is_valid(run, ncol) else None


class Ways:
    """The ways to place `picked`, best first (see the module docstring)."""

    def __init__(self, table, picked, forced, melded, rules, budget_ms=None):
        self.table = [bytearray(s) for s in table]
        self.picked = bytearray(picked)
        self.forced = sorted(forced)
        self.melded = melded
        self.rules = rules
        self.ncol = rules.ncolours
        self.budget_ms = budget_ms
        self.seen = []
        self.found = []         # (order key, Way) found and not yet handed out
        self.k = 0              # the next number of table sets to combine
        self.queue = []         # combinations of k - 1 sets still to try
        self.gen = None         # the splits for the combination being tried
        self.kept = []          # the table sets that combination leaves alone
        self.tries = 0          # splits of that combination looked at
        self.spent = 0          # tries since a way was found or handed out
        self.still = 0          # 1 once a way that moves no table tile was handed out
        self.solver_done = False
        self.level = 0          # how many table sets the combinations in self.queue hold
        # None until the search for ways that move nothing has run; then
        # whether it saw them all (they are handed out first, in order)
        self.still_all = None

    def _level(self, k):
        """The combinations of k table sets to try (each holds the forced
        sets; each added set touches the picked tiles or a set before it),
        cheapest first: fewest table tiles, then lowest indices."""
        base = tuple(self.forced)
        if not self.melded:
            return [()] if k == 0 else []
        if k < len(base):
            return []
        combos = [(base, self.picked + b"".join([bytes(self.table[i]) for i in base]))]
        for _ in range(k - len(base)):
            nxt = []
            for combo, have in combos:
                for i in range(len(self.table)):
                    if i in combo or not _touches(self.table[i], have):
                        continue
                    c = tuple(sorted(combo + (i,)))
                    if c not in [x[0] for x in nxt]:
                        nxt.append((c, have + self.table[i]))
            combos = nxt
        sizes = [len(s) for s in self.table]
        out = [c for c, _ in combos]
        out.sort(key=lambda c: (sum([sizes[i] for i in c]), c))
        return out

    def next(self):
        if self.still_all is None:
            self.still_all = self._still() if self.melded else False
        while True:
            if self.found:
                self.found.sort(key=lambda f: f[0])
                key, way = self.found[0]
                if (key[0] == 0 and self.still_all) or self.spent >= MAX_TRIES \
                        or (key[0], key[1]) <= self._least():
                    self.found.pop(0)
                    self.spent = 0
                    if way.moved == 0:
                        self.still = 1
                    elif way.jokers_only and self.still:
                        continue
                    return way
            if self.gen is not None:
                self._split_more()
            elif self.queue:
                self._combo(self.queue.pop(0))
            elif self.k <= MAX_SETS:
                k = self.k
                self.k = k + 1 if k < MAX_SETS and k < len(self.table) else MAX_SETS + 1
                self.level = k
                self.queue = self._level(k)
            elif self.melded and not self.solver_done:
                self.solver_done = True
                self._solver_way()
            else:
                return None

    def _least(self):
        """(moved, sets changed) of the best way not yet found could be:
        changing k sets moves at least (k - p) / 2 table tiles; k is the
        level of the combinations being tried (the one being split among
        them), else the next level."""
        k = self.level if self.queue or self.gen is not None else self.k
        if k > MAX_SETS:
            return (NO_BOUND, 0)        # every combination tried
        d = k - len(self.picked)
        return ((d + 1) // 2 if d > 0 else 0, k)

    def _still(self):
        """Every way that moves no table tile into self.found: each picked
        tile joins a table set (which stays whole: the set and what joins
        it make one valid set) or new sets of picked tiles only; forced
        sets must each be joined.  True if it looked at them all (within
        STILL_STEPS)."""
        ncol = self.ncol
        table = self.table
        picked = self.picked
        opts = []
        for t in picked:
            opts.append([-1] + [i for i in range(len(table)) if _touches(table[i], [t])])
        joins = {}                  # set index -> picked tiles joining it
        rest = []                   # picked tiles for new sets
        steps = [0]

        def walk(j):
            steps[0] += 1
            if steps[0] > STILL_STEPS:
                return False
            if j == len(picked):
                self._still_leaf(joins, rest)
                return True
            t = picked[j]
            for i in opts[j]:
                if i < 0:
                    rest.append(t)
                    ok = walk(j + 1)
                    rest.pop()
                else:
                    have = joins.get(i, bytearray())
                    if not _may_join(table[i] + have + bytearray([t]), ncol):
                        continue
                    joins[i] = have + bytearray([t])
                    ok = walk(j + 1)
                    if have:
                        joins[i] = have
                    else:
                        del joins[i]
                if not ok:
                    return False
            return True

        return walk(0)

    def _still_leaf(self, joins, rest):
        """The way of one assignment of the picked tiles, if every joined
        set and the new sets are valid."""
        for i in self.forced:
            if i not in joins:
                return
        kept = [i for i in range(len(self.table)) if i not in joins]
        ways = [[]]                 # each joined set as it can stand (spare jokers
        for i in sorted(joins):     # above or below), times the splits of the rest
            tiles = self.table[i] + joins[i]
            alts = []
            for low in (False, True):
                s = one_set(tiles, self.ncol, low)
                if s is not None and s not in alts:
                    alts.append(s)
            if not alts:
                return
            ways = [w + [s] for w in ways for s in alts]
        news = [[]]
        if rest:
            news = []
            for sets in splits(bytearray(rest), self.ncol):
                news.append(sets)
                if len(news) >= MAX_PER_COMBO:
                    break
            if not news:
                return
        for w in ways:
            for new in news:
                self._add(kept, w + new, True)

    def _combo(self, combo):
        """Start on the splits of the picked tiles with the tiles of table
        sets `combo` (none of them left as it was)."""
        tiles = bytearray(self.picked)
        forbid = []
        for i in combo:
            tiles += self.table[i]
            forbid.append(canonical(self.table[i], self.ncol))
        self.kept = [i for i in range(len(self.table)) if i not in combo]
        self.gen = splits(tiles, self.ncol, forbid)
        self.tries = 0
        if self.found:
            self.spent += 1

    def _split_more(self):
        """The next split of the combination being tried into self.found
        (MAX_PER_COMBO at most); done with it when there is none."""
        for sets in self.gen:
            self._add(self.kept, sets)
            self.tries += 1
            if self.found:
                self.spent += 1
            if self.tries < MAX_PER_COMBO:
                return
            break
        self.gen = None

    def _add(self, kept, sets, still=False):
        """The way that keeps table sets `kept` and adds `sets`, into
        self.found with its order key, unless it was found before.  Once
        the search for ways that move nothing saw them all, a way of the
        combinations that moves nothing is one of them written another way
        (a set that took no tile with its joker moved from end to end):
        left out, or it would come after ways that move tiles."""
        key = sorted([canonical(s, self.ncol) for s in sets])
        if key in self.seen:
            return
        old = [self.table[i] for i in range(len(self.table)) if i not in kept]
        moved = sum([len(s) for s in old]) - staying(old, sets)
        if not moved and not still and self.still_all:
            return
        self.seen.append(key)
        table = [self.table[i] for i in kept] + sets
        changed = list(range(len(kept), len(table)))
        points = 0
        for s in sets:
            points += set_value(s, self.ncol)
        only = False
        if moved and JOKER in b"".join(old):
            plain = _no_jokers(old)
            only = staying(plain, _no_jokers(sets)) == sum([len(s) for s in plain])
        way = Way(table, changed, kept, points, moved, only)
        tiles = sum([len(s) for s in old])
        self.found.append(((moved, len(old), len(sets) - len(old), tiles, len(self.seen)), way))

    def _solver_way(self):
        """Anything combinations missed: the solver on the whole table with
        only the picked tiles as the rack, into self.found if it places
        them all."""
        from ai.solver import solve
        move = solve(self.table, self.picked, True, self.rules, self.budget_ms)
        if move.count != len(self.picked):
            return
        n = len(move.table) - len(move.changed)
        left = [canonical(s, self.ncol) for s in self.table]
        kept = []
        for s in move.table[:n]:
            c = canonical(s, self.ncol)
            for i in range(len(left)):
                if left[i] == c and i not in kept:
                    kept.append(i)
                    break
        for i in self.forced:
            if i in kept:
                return
        self._add(kept, [bytearray(s) for s in move.changed])
