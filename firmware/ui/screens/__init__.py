"""One module per screen; `ui.app` imports a screen only when it is shown
and unloads it when memory is needed.  Each module exposes the screen
class the app pushes on its stack (see `ui.screen` for the interface).
"""
