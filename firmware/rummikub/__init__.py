"""The Rummikub rules engine: pure functions and plain data, no I/O.

Public surface (what the AI, the UI, the host tools and the tests use):
  tiles     tile codes (`colour << 4 | number`, JOKER), notation
            (parse_tiles / parse_table / fmt_tiles / fmt_table), counting
  melds     is a set a valid group or run (`analyse`, `is_valid`,
            `set_value`, `canonical`; `readings`, `reads_as_group` for sets
            that read both ways)
  turn      `validate_turn(before, rack, after, melded, rules)` -> TurnResult
            whose refusal names the set, tile and rule
  meld_search  `best_meld`: the best initial meld tiles make on their own
            (loaded by turn only under `initial_meld_table_use`)
  freed     which table jokers a turn freed (loaded by turn only under
            `freed_joker_with_rack_tiles`)
  game      `Game`: rounds and turns (play / draw / fail / next_round)
  scoring   round and match scores
  rules     `Rules`, the one config of every variant (names as in RULES.md)
  savefile  a whole Game as checksummed bytes (`dumps` / `loads`, in
            common.container)
The engine never prints, sleeps, reads a file or a clock: callers pass
what it needs (seed, time left).
"""

# What stays loaded at each moment of the app (ui.unload):
#   "ai": the game in play and what the AI reads of it; savefile is
#   loaded only to save or resume.
KEEP = {"ai": ("game", "tiles", "melds", "turn", "rules", "scoring")}
