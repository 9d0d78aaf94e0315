"""The handheld app: screens, tile drawing, button navigation.

Public surface: `ui.app.App` (the app over a hal; every backend runs
it), `ui.match.Match` (a match and who sits where; `seats` is the part
both games share).  The rest serves the screens: `screens/` (one module
per screen), `gfx` and `tiles_gfx`
(drawing), `menu` (lists), `layout`, `editor`, `turn_sets` (the editor's
pure set logic), `play_view` and `placing` (the play screen; `placing`
shows assisted placement, loaded only when asked), `hinting` (the turn
menu's hint, thought with no screen loaded), `refresh` (how much of the panel to refresh), `session`
(settings, saves, score log; loaded only for those moments).
"""

# What stays loaded at each moment of the app (ui.app.unload; every other
# ui module is dropped then and loaded again when next used):
#   "ai": an AI seat thinks.  The loop (app), the match and the refresh
#   policy run on; no screen is shown, so the screens and their drawing
#   code give their RAM to the solver (the last frame stays on the glass).
#   The battery mark (power) stays: the loop reads the cell between turns.
#   So does a Gin game's match (gin, gin.match); its screens go.
KEEP = {"ai": ("app", "match", "seats", "refresh", "screens", "power",
               "gin", "gin.match")}

# A Rummikub match's key on flash (the title asks for it before any match
# module is loaded; Gin's is ui.gin.SAVE)
SAVE = "game"
