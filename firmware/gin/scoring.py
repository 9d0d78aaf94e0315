"""Scoring a knocked hand and a finished game (the seed's rules).

Hand: gin scores the defender's deadwood (after lay-offs unless the
gin_layoff variant is off) plus 20; otherwise the knocker scores the
difference when lower, else the defender scores the difference plus 10
(undercut).  A doubled hand (oklahoma, spade up-card) doubles it all.
Game: the winner gets 100, or 200 if the opponent won no hand; each player
gets 20 per hand won; the margin is the difference of the totals.
"""
from gin.melds import all_best_splits, layoff_split

GIN_BONUS = 20
UNDERCUT_BONUS = 10
GAME_BONUS = 100
SHUTOUT_BONUS = 200
HAND_BONUS = 20


class KnockError(ValueError):
    """A knock whose best deadwood is over the limit; .over says by how much."""

    def __init__(self, deadwood, limit):
        super().__init__("knocker's deadwood is %d, over the knock limit %d by %d"
                            % (deadwood, limit, deadwood - limit))
        self.over = deadwood - limit


def score_knock(knocker, defender, knock_limit=10, doubled=False, gin_layoff=True):
    """Score one knock.  knocker, defender: 10 card codes each.

    Returns a dict: knocker_melds, knocker_deadwood, knocker_dead (cards),
    gin, layoffs [(card, knocker meld index)], defender_melds,
    defender_deadwood (after lay-offs), defender_dead, undercut, winner
    ("knocker"/"defender"), points.  Among the knocker's equally low
    splits the one that lets the defender lay off least is taken (the
    knocker lays down; any knocker would).  Raises KnockError when the
    knocker's deadwood is over knock_limit.
    """
    best = None
    for kd, kmelds, kdead in all_best_splits(knocker):
        if kd > knock_limit:
            raise KnockError(kd, knock_limit)
        gin = kd == 0
        dd, dmelds, lay, ddead = layoff_split(defender, kmelds, gin_layoff or not gin)
        if best is None or dd > best[1]:
            best = (kd, dd, kmelds, kdead, dmelds, lay, ddead, gin)
    kd, dd, kmelds, kdead, dmelds, lay, ddead, gin = best
    if gin:
        winner, points, undercut = "knocker", dd + GIN_BONUS, False
    elif kd < dd:
        winner, points, undercut = "knocker", dd - kd, False
    else:
        winner, points, undercut = "defender", kd - dd + UNDERCUT_BONUS, True
    if doubled:
        points *= 2
    return {
        "knocker_melds": kmelds, "knocker_deadwood": kd, "knocker_dead": kdead,
        "gin": gin, "layoffs": lay, "defender_melds": dmelds,
        "defender_deadwood": dd, "defender_dead": ddead, "undercut": undercut,
        "winner": winner, "points": points,
    }


def game_bonus(scores, hands_won):
    """End of game: (winner, totals, bonuses, margin); bonuses per player are
    [game bonus, hand bonus]."""
    w = 0 if scores[0] >= scores[1] else 1
    bonus = [[0, HAND_BONUS * hands_won[p]] for p in (0, 1)]
    bonus[w][0] = SHUTOUT_BONUS if hands_won[1 - w] == 0 else GAME_BONUS
    totals = [scores[p] + bonus[p][0] + bonus[p][1] for p in (0, 1)]
    return w, totals, bonus, totals[w] - totals[1 - w]
