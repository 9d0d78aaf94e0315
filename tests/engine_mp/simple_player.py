"""A plain legal player for engine tests (no solver): lays down runs and
groups from its rack, then lays single tiles off on table sets."""
from rummikub.tiles import JOKER, remove_tile
from rummikub.melds import is_valid, set_value


def rack_sets(rack):
    """Greedy disjoint runs, then groups, from the rack (no jokers)."""
    left = sorted([t for t in rack if t != JOKER])
    sets = []
    # runs: walk each colour's distinct numbers
    i = 0
    while i < len(left):
        run = [left[i]]
        j = i + 1
        while j < len(left):
            if left[j] == run[-1] + 1:
                run.append(left[j])
            elif left[j] != run[-1]:
                break
            j += 1
        if len(run) >= 3:
            sets.append(bytearray(run))
            for t in run:
                remove_tile(left, t)
            continue
        i += 1
    for n in range(1, 14):
        g = []
        for t in left:
            if t & 15 == n and t >> 4 not in [u >> 4 for u in g]:
                g.append(t)
        if len(g) >= 3:
            sets.append(bytearray(g[:4]))
            for t in g[:4]:
                remove_tile(left, t)
    return sets


def choose(game):
    """The new table this player wants, or None to draw."""
    rack = bytearray(game.rack)
    table = [bytearray(s) for s in game.table]
    ncol = game.rules.ncolours
    new = rack_sets(rack)
    for s in new:
        for t in s:
            remove_tile(rack, t)
    if not game.melded[game.current]:
        if sum([set_value(s, ncol) for s in new]) < game.rules.initial_meld or not new:
            return None
        return table + new
    table = table + new
    for t in list(rack):
        for k in range(len(table)):
            for cand in (table[k] + bytearray((t,)), bytearray((t,)) + table[k]):
                if is_valid(cand, ncol):
                    table[k] = cand
                    remove_tile(rack, t)
                    break
            else:
                continue
            break
    if len(rack) == len(game.rack):
        return None
    return table


def play_match(game, on_round=None):
    """Play the whole match with this player in every seat; returns turns.
    on_round(game) runs as each round ends, before the next one is dealt."""
    turns = 0
    while True:
        while game.phase == 0:
            after = choose(game)
            if after is None:
                game.draw()
            else:
                res = game.play(after)
                assert res.valid, res.message
            turns += 1
            assert turns < 5000, "game does not end"
        if on_round:
            on_round(game)
        if game.phase == 2:
            return turns
        game.next_round()
