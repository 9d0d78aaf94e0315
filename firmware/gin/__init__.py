"""The Gin Rummy rules engine: pure functions and plain data, no I/O.

Public surface (what the AI, the UI, the host tools and the tests use):
  cards     card codes (`suit * 13 + rank - 1`, suits S H D C), notation
            (parse_cards / fmt_cards / fmt_card), values, rank_of / suit_of
  melds     every meld in a hand, `best_split` (fewest deadwood points),
            `all_best_splits`, `layoff_split` (a defender's best melds plus
            lay-offs onto the knocker's melds)
  scoring   `score_knock` (one knocked hand, as `gin score` prints it),
            `game_bonus` (the end-of-game bonuses)
  rules     `GinRules`, the one config of every variant (names in docs/player.md)
  game      `GinGame`: the cut, the deal, the first up-card, turns, knock,
            lay-off, hand and game scores, void hands
  savefile  a whole GinGame as checksummed bytes (`dumps` / `loads`)
The engine never prints, sleeps, reads a file or a clock; it shares
common/ (the seeded PRNG, the save container, field checks, RuleError)
with the Rummikub engine and imports nothing of rummikub/.
"""
