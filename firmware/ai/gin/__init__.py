"""Gin Rummy's computer players (the Rummikub AI is the rest of ai/).

Public surface:
  players  `GinPlayer(level, seed)` with act(game) and turn(game), for
           every level in players.LEVELS: easy, medium, hard
Internal: `reading` (the hard level's read of the opponent's hand).
"""
