"""Gin Rummy on the console, loaded only when the title screen's "Gin
Rummy" is chosen (the Rummikub screens never import it).

Public surface:
  match      `GinMatch`: the GinGame, who sits where (human or AI level),
             AI turns, the score log, writing its save ("gin" on flash),
             what the other player did, which screen comes next
  saved      its save loaded back (checked) and resumed: from the
             set-up's Resume, or at boot after an idle sleep
  cards_gfx  `draw_card` (rank and a suit shape: spades and clubs solid,
             hearts and diamonds hollow), `draw_back`, `draw_group_row`
  OPPONENTS  who a person can play: an AI level or a second person
  SAVE       the gin match's key on flash
  gin_setup, gin_play, gin_pass, gin_hand, gin_over  its screens (the app
             loads a screen called gin_x from here: ui.screen_class)
"""

OPPONENTS = ("easy", "medium", "hard", "human")
SAVE = "gin"              # the match's key on flash
