"""The play screen's hint, thought with no screen loaded.

The hint's search needs the RAM the play screen's code holds, so the
screen hands its turn over (ui.screens.play: its saved `state()` and what
a save leaves out: undo steps, picks, marks), the app drops the
screens and their drawing code (the frame stays on the glass), the solver
thinks, its code is dropped in turn and the play screen is made again
from that state with the hint's table (or a one-line note) on it.
"""
import gc
from compat import ticks_diff, const
from ui import unload, screen_class

# a quarter of the turn timer, at most 8 s: the best move found by then
_MOST_MS = const(8000)


def run(app, data):
    """data: (the play screen's state(), what a save leaves out)."""
    state, kept = data
    app.drop_screens()
    gc.collect()
    app.banner("Thinking...")
    t0 = app.hal.ticks_ms()
    # in a frame of its own: nothing of the AI's (not even a stale slot
    # of this frame's stack) may still point at its code below
    state["msg"], table = _ask(app.match.game)
    gc.collect()
    unload("human")              # the person's screen gets the AI's RAM back
    gc.collect()
    if state.get("left"):        # the thinking came out of the turn's time
        state["left"] = max(0, state["left"] - ticks_diff(app.hal.ticks_ms(), t0))
    app.stack = [screen_class("play")(app, state=state, hint=(kept, table))]
    app.redraw()


def _ask(g):
    """(note, table to show or None)."""
    try:
        from ai.hint import hint
    except ImportError:
        return "No hints in this build", None
    t = g.rules.timer_s * 250
    try:
        _, move = hint(g, budget_ms=min(t, _MOST_MS) if t else _MOST_MS)
    except MemoryError:          # a full heap costs the hint, not the game
        return "Hint: out of memory - play on or draw", None
    if not move.count:
        return "Hint: no play found - draw a tile", None
    return ("Hint: %d tile%s. START plays it, B undoes"
            % (move.count, "" if move.count == 1 else "s")), move.table
