"""A whole Gin Rummy game to 100 through the UI: one key-driven person
against the hard AI, the real SSD1683 driver and its 15 KB framebuffer,
the person playing the simple way (pass the up-card, draw from the stock,
discard the card the screen lifts, knock when it offers).

Run under a capped heap: `micropython -X heapsize=56k mp_gin_ui_game.py`
(MICROPYPATH = compiled firmware + this folder).  Prints one result line.
"""
import gc
import sys

import compat
from compat import const
from ui_hal import TestHal, press, start_score_log
from ui.app import App

# the score log's id (see ui_hal.start_score_log)
_LOG_ID = const(0x61A)


def main(root, strategy=None):
    start_score_log(root, _LOG_ID)
    hal = TestHal(root)
    compat.ticks_ms = hal.ticks_ms      # the AI thinks on the virtual clock
    app = App(hal)
    app.settings["idle_min"] = 0
    app.sleeper.idle_ms = 0
    app.boot()
    n = [0]

    def key(name):
        n[0] += 1
        press(app, name, 80)
    acts = [x[1] for x in app.screen.items]
    for _ in range(acts.index("gin_setup")):
        key("down")
    acts = None
    key("a")
    key("start")                        # deal: the default opponent, hard
    assert app.match.seats[1] == "hard", app.match.seats
    from gin.game import OFFER, DRAW
    g = app.match.game
    turns = 0
    while app.screen.name != "gin_over":
        if n[0] > 5000:
            raise AssertionError("no end after 5000 presses")
        s = app.screen
        if s.name in ("gin_pass", "gin_hand"):
            key("a")
        elif s.name != "gin_play":
            raise AssertionError("unexpected screen %s" % s.name)
        elif g.phase == OFFER:          # pass the up-card
            key("b")
        elif g.phase == DRAW:           # from the stock
            key("start")
        else:
            key("start" if s.knocks else "a")
            turns += 1
    scores = list(g.scores)
    key("a")
    assert app.screen.name == "title", app.screen.name
    gc.collect()
    print("gin ui game ok: %d presses, %d turns, scores %s, refreshes %s, heap in use %d"
          % (n[0], turns, scores, app.refresher.counts, gc.mem_alloc()))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/gin_ui_mp_game")
