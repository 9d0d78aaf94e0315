"""Target moves for the press benchmark, from seeded self-play positions.

corpus(per_kind, seed) -> [Target]: AI players (medium) play seeded
games; at each turn the position (table, the current player's rack,
whether they have melded) yields the moves of each KIND that exist
there, and a seeded choice of at most one per kind per position is kept
until every kind has `per_kind` (or the games run out).  Every target is
a table the engine accepts for that player (Game.check).

The rack is kept the way the play screen shows it at a turn start: sorted
for runs (the app's default sort).
"""
import random

from host_tools import FIRMWARE  # noqa: F401
from host_tools.progress import Bar
from rummikub.game import Game, PLAYING
from rummikub.rules import Rules
from rummikub.tiles import JOKER, sort_by_run, fmt_table, fmt_tiles
from rummikub.melds import is_valid, analyse, GROUP, RUN, SetError

KINDS = ("new_set", "extend_run", "extend_group", "split", "substitute",
         "free_joker", "initial_meld")


class Target:
    def __init__(self, kind, table, rack, melded, after, rules):
        self.kind = kind
        self.rules = rules
        self.ncol = rules.ncolours
        self.table = [bytearray(s) for s in table]
        self.rack = sort_by_run(bytearray(rack))
        self.melded = melded
        self.after = [bytearray(s) for s in after]


    def placed(self):
        return sum(len(s) for s in self.after) - sum(len(s) for s in self.table)

    def to_json(self):
        return {"kind": self.kind, "table": fmt_table(self.table),
                "rack": fmt_tiles(self.rack), "melded": self.melded,
                "after": fmt_table(self.after), "rules": self.rules.changed()}


def _without(rack, tiles):
    left = list(rack)
    for t in tiles:
        left.remove(t)
    return left


def _arranged(tiles, ncol):
    """tiles as a valid set (runs in order, jokers where they fit), or None."""
    from ui.turn_sets import arrange
    s = arrange(bytearray(tiles), ncol)
    return s if s is not None and is_valid(s, ncol) else None


def _new_sets(table, rack, ncol):
    out = []
    r = list(rack)
    n = len(r)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                s = _arranged([r[i], r[j], r[k]], ncol)
                if s is not None and JOKER not in s:
                    out.append(table + [s])
    return out


def _extends(table, rack, ncol, kind):
    out = []
    for si in range(len(table)):
        s = table[si]
        try:
            k = analyse(s, ncol)[0]
        except SetError:             # not a valid set under these rules: nothing to offer
            continue
        if (k == RUN) != (kind == RUN):
            continue
        for t in set(rack):
            if t == JOKER:
                continue
            e = _arranged(list(s) + [t], ncol)
            if e is not None:
                out.append(table[:si] + [e] + table[si + 1:])
    return out


def _splits(table, rack, ncol):
    out = []
    for si in range(len(table)):
        s = table[si]
        if JOKER in s or len(s) < 5 or not is_valid(s, ncol) or analyse(s, ncol)[0] != RUN:
            continue
        for p in range(2, len(s) - 2):
            if s[p] in rack:
                a, b = s[:p + 1], bytearray([s[p]]) + s[p + 1:]
                out.append(table[:si] + [a, b] + table[si + 1:])
    return out


def _substitutes(table, rack, ncol):
    """A rack tile takes a group tile's place; that tile makes a new run
    with two rack tiles."""
    out = []
    for si in range(len(table)):
        g = table[si]
        if len(g) != 3 or JOKER in g or analyse(g, ncol)[0] != GROUP:
            continue
        n = g[0] & 15
        for t in set(rack):
            if t == JOKER or t & 15 != n or t in g:
                continue
            for gi in range(3):
                x = g[gi]
                c = x & 0xF0
                for lo in (n - 2, n - 1, n):
                    if lo < 1 or lo + 2 > 13:
                        continue
                    need = [c | m for m in range(lo, lo + 3) if m != n]
                    left = list(rack)
                    left.remove(t)
                    try:
                        for v in need:
                            left.remove(v)
                    except ValueError:
                        continue
                    run = bytearray(sorted(need + [x]))
                    group = bytearray([v for v in g if v != x] + [t])
                    out.append(table[:si] + [group] + table[si + 1:] + [run])
    return out


def _free_jokers(table, rack, ncol):
    """The tile a table joker stands for comes from the rack; the joker
    makes a new set with two rack tiles."""
    out = []
    for si in range(len(table)):
        s = table[si]
        if JOKER not in s:
            continue
        try:
            _, _, stands = analyse(s, ncol)
        except SetError:             # not a valid set under these rules: nothing to offer
            continue
        for p in range(len(s)):
            if s[p] != JOKER or stands[p] not in rack:
                continue
            x = stands[p]
            fixed = bytearray(s)
            fixed[p] = x
            if not is_valid(fixed, ncol):
                continue
            left = _without(rack, [x])
            for i in range(len(left)):
                for j in range(i + 1, len(left)):
                    ns = _arranged([left[i], left[j], JOKER], ncol)
                    if ns is not None:
                        out.append(table[:si] + [fixed] + table[si + 1:] + [ns])
    return out


def _initial_meld(table, rack, rules):
    from ai.solver import rack_sets
    sets = rack_sets(bytearray(rack), rules, rules.initial_meld)
    return [table + [bytearray(s) for s in sets]] if sets else []


def candidates(kind, table, rack, melded, rules):
    ncol = rules.ncolours
    if kind == "initial_meld":
        return [] if melded else _initial_meld(table, rack, rules)
    if not melded:
        return []
    if kind == "new_set":
        return _new_sets(table, rack, ncol)
    if kind == "extend_run":
        return _extends(table, rack, ncol, RUN)
    if kind == "extend_group":
        return _extends(table, rack, ncol, GROUP)
    if kind == "split":
        return _splits(table, rack, ncol)
    if kind == "substitute":
        return _substitutes(table, rack, ncol)
    return _free_jokers(table, rack, ncol)


def corpus(per_kind=30, seed=1, max_games=200, progress=False):
    """[Target]: up to per_kind of each kind (see the module docstring)."""
    from ai.players import Player
    rng = random.Random(seed)
    got = dict((k, []) for k in KINDS)
    bar = Bar(per_kind * len(KINDS), "target moves", enabled=progress)
    for gi in range(max_games):
        bar.update(sum(len(v) for v in got.values()))
        if all(len(v) >= per_kind for v in got.values()):
            break
        rules = Rules(timer_s=0, freed_joker_with_rack_tiles=bool(gi % 2))
        n = 2 + gi % 3
        g = Game(rules, n, seed * 1000 + gi)
        players = [Player("medium", seed=gi * 10 + p) for p in range(n)]
        for _ in range(300):
            if g.phase != PLAYING:
                break
            table = [bytearray(s) for s in g.table]
            rack = bytearray(g.rack)
            melded = bool(g.melded[g.current])
            for kind in KINDS:
                if len(got[kind]) >= per_kind:
                    continue
                cands = candidates(kind, table, rack, melded, rules)
                rng.shuffle(cands)
                for after in cands[:4]:
                    if g.check(after).valid:
                        got[kind].append(Target(kind, table, rack, melded, after,
                                                rules))
                        break
            players[g.current].take_turn(g)
    bar.update(sum(len(v) for v in got.values()))
    bar.close()
    out = []
    for k in KINDS:
        out.extend(got[k])
    return out
