"""A whole match through the UI: one key-driven human, three AI seats
(expert, medium, easy), the real SSD1683 driver and its 15 KB framebuffer.

Run under a capped heap: `micropython -X heapsize=192k mp_ui_game.py`
(MICROPYPATH = compiled firmware + this folder).  Prints one result line.
"""
import gc
import sys

import compat
from compat import const
from ui_hal import TestHal, press, start_score_log
from ui.app import App
from ui_driver import KeyDriver

# (names cost the capped heap: `_NAME = const(...)` has none at run time)
_SETUP = const("a right right down down right down down down left "
               "down down down down down down right start")
# the score log's id (see ui_hal.start_score_log)
_LOG_ID = const(0x5EED)


def main(root, strategy="hint", keys=_SETUP):
    start_score_log(root, _LOG_ID)
    hal = TestHal(root)
    # the AI seats and the hint think on the virtual clock, which stands
    # still while they do: their time guards never bind, so every run plays
    # the same match (on the real clock a loaded machine cut their searches
    # short and the match, and the heap it needs, changed from run to run);
    # set before any AI module binds compat.ticks_ms
    compat.ticks_ms = hal.ticks_ms
    app = App(hal)
    app.settings["idle_min"] = 0
    app.sleeper.idle_ms = 0
    app.boot()
    d = KeyDriver(lambda name, long: press(app, name, 1000 if long else 80), lambda: app, strategy)
    d.keys(keys)
    g = app.match.game
    assert app.match.seats == ["human", "expert", "medium", "easy"], app.match.seats
    d.play_match()
    totals, wins, order = g.standings()
    d.key("a")
    assert app.screen.name == "title"
    gc.collect()
    print("ui game ok: %d presses, %d human turns, %d extends, %d sets built, "
          "scores %s, refreshes %s, heap in use %d"
          % (d.presses, d.turns, d.extends, d.built, g.round_rows,
             app.refresher.counts, gc.mem_alloc()))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/ui_mp_game",
         sys.argv[2] if len(sys.argv) > 2 else "hint")
