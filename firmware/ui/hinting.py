"""The play screen's hint, thought with no screen loaded.

The hint's search needs the RAM the play screen's code holds, so the
screen hands its turn over (ui.screens.play: its saved `state()` and what
a save leaves out: undo steps, picks, marks), the app drops the
screens and their drawing code (the frame stays on the glass), the solver
thinks, its code is dropped in turn and the play screen is made again
from that state with the hint's table (or a one-line note) on it.

The hint builds on the turn as the person has it (the tiles they put down
stay down) unless they agreed to start from the turn's start (the play
screen asks when their table cannot be built on: a set not finished,
tiles in the hand, or a first meld under way).  Its sets stand where the
sets they continue stood (rummikub.places), and its note says which tiles
it puts down and which it moves.  The thinking time is not the person's:
the turn's clock starts again where it stood.
"""
import gc
from compat import const
from ui import unload, screen_class

_MOST_MS = const(8000)      # the best move found by then (a quarter of the turn timer at most)


def run(app, data):
    """data: (the play screen's state(), what a save leaves out, whether
    to start from the turn's start)."""
    state, kept, fresh = data
    g = app.match.game
    app.drop_screens()
    gc.collect()
    app.banner("Thinking...")
    before = None
    if not fresh:                # the game holds the turn as the person has it,
        from binascii import unhexlify      # while the hint thinks
        from ui.turn_sets import unpack, plain
        rack, _, table, _ = unpack(unhexlify(state["ed"]))
        before = g.table, g.racks[g.current]
        g.table = [plain(s) for s in table]
        g.racks[g.current] = rack
    try:
        # in a frame of its own: nothing of the AI's (not even a stale
        # slot of this frame's stack) may still point at its code below
        state["msg"], table = _ask(g)
    finally:
        if before is not None:
            g.table, g.racks[g.current] = before
    before = None
    gc.collect()
    unload("human")              # the person's screen gets the AI's RAM back
    gc.collect()
    app.stack = [screen_class("play")(app, state=state, hint=(kept, table, fresh))]
    app.redraw()


def _ask(g):
    """(note, table to show or None): the note names the tiles the hint
    puts down and moves, beside their marks."""
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
    from rummikub.places import tags
    from ui.turn_sets import moved_tiles, marked
    marks = tags(g.table, move.table)
    return ("Hint: %s. B: undo" % marked(moved_tiles(move.table, marks, 1),
                                         moved_tiles(move.table, marks, 2))), move.table
