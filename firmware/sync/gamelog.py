"""From a game to the score log: the calls the app makes when a round
or a whole match is over (results only, no I/O in the engines).  Gin
writes the same records through sync.ginlog (its own module: a Rummikub
match does not load Gin's names)."""
from compat import const

_RUMMIKUB = const(1)    # a round record's game code (sync.matchinfo.GAMES)


def log_round(log, game, match_id):
    """Call when a round has ended, before next_round() deals again (the
    racks still hold what each player was left with)."""
    from rummikub.scoring import rack_totals
    return log.append_round(match_id, len(game.round_rows), game.names,
                            game.round_rows[-1],
                            rack_totals(game.racks, game.rules.joker_penalty),
                            game.round_winners[-1], game.round_exhausted[-1], _RUMMIKUB)


def log_match(log, game, match_id, at=None, seats=None):
    """Call once the match is over (after log_round for its last round).
    at: when (Unix seconds, None: the clock was never set); seats: "human"
    or the AI level, a seat each (sync.matchinfo)."""
    from sync.matchinfo import pairs
    totals, wins, order = game.standings()
    return log.append_match(match_id, game.names, game.round_rows, totals, wins,
                            order[0], pairs(game.rules.changed(), "rummikub", at, seats))

