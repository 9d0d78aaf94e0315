"""The handheld app: screens, tile drawing, button navigation.

Public surface: `ui.app.App` (the loop: the app over a hal; every
backend runs it, and only main.py and the host's runners import it),
`ui.match.Match` (a Rummikub match; `seats` is the part both games'
matches share, with their contract with the app, both ways), `saved`
(a Rummikub save loaded back and resumed; Gin's: ui.gin.saved).  The
rest serves the screens: `screens/` (one module per screen), `gfx` and
`tiles_gfx` (drawing), `menu` (lists), `layout`, `editor`, `turn_sets`
(the editor's pure set logic), `play_view` and `placing` (the play
screen; `placing` shows assisted placement, loaded only when asked),
`hinting` (the turn menu's hint, thought with no screen loaded),
`refresh` (how much of the panel to refresh), `power` (the battery
mark).  Loaded only for a moment: `settings_file` (the settings and
what the host pushed), `score_log` (the app's side of the score log),
`asleep` (the sleep frame).

Here, in the package itself (loaded with any module of it, never
dropped): which modules are loaded.  `forget` drops one, `unload`
drops what the packages' KEEP tables do not keep at a moment,
`screen_class` loads a screen by name and `forget_screens` drops the
screens' modules.  The loop, the matches and the screens all use them,
so they live below all three.
"""
import sys

# What stays loaded at each moment of the app (unload; every other
# ui module is dropped then and loaded again when next used):
#   "ai": an AI seat thinks.  The loop (app), the match and the refresh
#   policy run on; no screen is shown, so the screens and their drawing
#   code give their RAM to the solver (the last frame stays on the glass).
#   The battery mark (power) stays: the loop reads the cell between turns.
#   So does a Gin game's match (gin, gin.match); its screens go, and a
#   linked match (table, table.match: the radio is read while an AI thinks).
KEEP = {"ai": ("app", "match", "seats", "refresh", "screens", "power",
               "gin", "gin.match", "table", "table.match", "table.gin_match")}

# A Rummikub match's key on flash (the title asks for it before any match
# module is loaded; Gin's is ui.gin.SAVE)
SAVE = "game"


def forget(name):
    """Drop a module so its code can be freed (RAM is tight on a WROOM)."""
    if sys.modules.pop(name, None) is None:
        return
    i = name.rfind(".")
    pkg = sys.modules.get(name[:i]) if i > 0 else None
    if pkg is not None and hasattr(pkg, name[i + 1:]):
        delattr(pkg, name[i + 1:])


def unload(moment):
    """Drop the modules their packages say they do not keep at `moment`.

    A package takes part by declaring, in its __init__, KEEP = {moment:
    names}: at that moment every loaded module of the package whose name
    (below the package) is not in names is dropped; moments it does not
    name leave it alone.  The moments: "ai" (an AI seat is about to
    think), "human" (a person's screen is next: a turn, a round's
    result), "logged" (the score log was used).  A module added to a
    package is thus dropped unless its package says why it stays."""
    names = list(sys.modules)      # one list: this runs when the heap is fullest
    for name in names:
        keep = getattr(sys.modules.get(name), "KEEP", None) if "." not in name else None
        if not keep or moment not in keep:
            continue
        kept = keep[moment]
        prefix = name + "."
        n = len(prefix)
        for m in names:
            if m.startswith(prefix) and m[n:] not in kept:
                forget(m)


def screen_class(name):
    """The class of the screen called name, from its module: a game's own
    screen, "gin_play", in its game's UI package (ui.gin.gin_play), the
    others in ui.screens (ui.screens.play)."""
    i = name.find("_")
    mod = __import__("ui." + name[:i] + "." + name if i > 0 else "ui.screens." + name,
                     None, None, ("Screen",))
    return mod.Screen


def forget_screens(name):
    """Drop every screen's module (screen_class's) but name's: a new place
    in the app (App.goto) leaves the others behind."""
    for m in list(sys.modules):
        p = m.split(".")
        if len(p) == 3 and p[0] == "ui" and p[2] != name and (
                p[1] == "screens" or p[2].startswith(p[1] + "_")):
            forget(m)
