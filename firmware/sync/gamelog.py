"""From a game to the score log: the records the app makes when a round
or a whole match is over (results only, no I/O in the engines).  Gin
makes the same records through sync.ginlog (its own module: a Rummikub
match does not load Gin's names).  `log` is a ScoreLog, or a list: both
take record.append((kind, payload)), so a match can keep the records the
log cannot take yet (ui.score_log)."""
from compat import const
from sync import records as R

_RUMMIKUB = const(1)    # a round record's game code (sync.matchinfo.GAMES)


def log_round(log, game, match_id):
    """Call when a round has ended, before next_round() deals again (the
    racks still hold what each player was left with)."""
    from rummikub.scoring import rack_totals
    return log.append(R.encode_round(match_id, len(game.round_rows), game.names,
                                     game.round_rows[-1],
                                     rack_totals(game.racks, game.rules.joker_penalty),
                                     game.round_winners[-1], game.round_exhausted[-1],
                                     _RUMMIKUB))


def log_match(log, game, match_id, at=None, seats=None):
    """Call once the match is over (after log_round for its last round).
    at: when (Unix seconds, None: the clock was never set); seats: "human"
    or the AI level, a seat each (sync.matchinfo)."""
    from sync.records import pairs
    totals, wins, order = game.standings()
    return log.append(R.encode_match(match_id, game.names, game.round_rows, totals, wins,
                                     order[0], pairs(game.rules.changed(), "rummikub", at,
                                                     seats)))
