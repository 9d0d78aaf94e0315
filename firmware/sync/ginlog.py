"""From a Gin Rummy game to the score log: the records sync.gamelog
makes for Rummikub (`log` as there: a ScoreLog or a list).  A gin hand
is a round, a gin game a match whose pairs say "game": "gin"
(sync.matchinfo)."""
from compat import const
from sync import records as R

_GIN = const(2)         # a round record's game code (sync.matchinfo.GAMES)


def log_gin_hand(log, game, match_id):
    """The gin hand just over (game.history[-1]): points, deadwood left
    after lay-offs, the winner; a void hand as "exhausted"."""
    h = game.history[-1]
    r = game.result or {}
    pts = [0, 0]
    if h[0] >= 0:
        pts[h[0]] = h[1]
    if r.get("void") or "knocker" not in r:
        dw = game.deadwood_left()
    else:
        k = r["knocker"]
        dw = [0, 0]
        dw[k] = r["knocker_deadwood"]
        dw[1 - k] = r["defender_deadwood"]
    return log.append(R.encode_round(match_id, min(game.hand_no, 255), game.names, pts, dw,
                                     None if h[0] < 0 else h[0], h[0] < 0, _GIN))


def log_gin_match(log, game, match_id, at=None, seats=None):
    """The gin game just over (after log_gin_hand for its last hand): hand
    rows, totals with the bonuses, hands won, the changed rules with when
    and who (sync.gamelog.log_match)."""
    from sync.records import pairs
    rows = []
    for w, p, _ in game.history:
        row = [0, 0]
        if w >= 0:
            row[w] = p
        rows.append(row)
    win, totals, bonus, margin = game.final()
    return log.append(R.encode_match(match_id, game.names, rows[-255:], totals,
                                     game.hands_won, win,
                                     pairs(game.rules.changed(), "gin", at, seats)))
