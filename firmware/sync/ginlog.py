"""From a Gin Rummy game to the score log: the records sync.gamelog
writes for Rummikub.  A gin hand is a round, a gin game a match whose
rules carry "game": "gin"."""


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
    return log.append_round(match_id, min(game.hand_no, 255), game.names, pts, dw,
                            None if h[0] < 0 else h[0], h[0] < 0)


def log_gin_match(log, game, match_id):
    """The gin game just over (after log_gin_hand for its last hand): hand
    rows, totals with the bonuses, hands won, rules with "game": "gin"."""
    rows = []
    for w, p, _ in game.history:
        row = [0, 0]
        if w >= 0:
            row[w] = p
        rows.append(row)
    win, totals, bonus, margin = game.final()
    rules = game.rules.changed()
    rules["game"] = "gin"
    return log.append_match(match_id, game.names, rows[-255:], totals,
                            game.hands_won, win, rules)
