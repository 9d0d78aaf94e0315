"""Round and match scoring (RULES.md "End of a round", "A match")."""
from rummikub.tiles import rack_value


def rack_totals(racks, joker_penalty):
    return [rack_value(r, joker_penalty) for r in racks]


def exhausted_winner(racks, joker_penalty, by="points"):
    """Who wins when the pool is out and nobody can play: lowest rack total
    ('points') or fewest tiles ('tiles'); the other measure, then the lower
    seat, breaks ties so there is always exactly one winner."""
    totals = rack_totals(racks, joker_penalty)
    best = 0
    for i in range(1, len(racks)):
        if by == "tiles":
            key, bkey = (len(racks[i]), totals[i]), (len(racks[best]), totals[best])
        else:
            key, bkey = (totals[i], len(racks[i])), (totals[best], len(racks[best]))
        if key < bkey:
            best = i
    return best


def round_scores(racks, winner, joker_penalty, exhausted=False):
    """Zero-sum scores of one round.  Normal: each loser -rack total.
    Exhausted pool: each loser -(own total - winner's total), never a gain."""
    totals = rack_totals(racks, joker_penalty)
    base = totals[winner] if exhausted else 0
    scores = []
    for i in range(len(racks)):
        scores.append(0 if i == winner else -max(0, totals[i] - base))
    scores[winner] = -sum(scores)
    return scores


def standings(round_rows, by="wins", winners=None):
    """Totals, round wins and the order of places for a match so far.

    round_rows: one list of scores per round; winners: each round's winner
    (default: the highest score of the round).  by='wins': most rounds won,
    ties by higher total; by='points': total only.  Returns (totals, wins,
    order) with order a list of seats, best first."""
    n = len(round_rows[0]) if round_rows else 0
    totals = [0] * n
    wins = [0] * n
    for r in range(len(round_rows)):
        row = round_rows[r]
        w = 0
        for i in range(n):
            totals[i] += row[i]
            if row[i] > row[w]:
                w = i
        wins[winners[r] if winners else w] += 1
    if by == "points":
        order = sorted(range(n), key=lambda i: (-totals[i], i))
    else:
        order = sorted(range(n), key=lambda i: (-wins[i], -totals[i], i))
    return totals, wins, order
