"""Where the heap goes in the whole-match run: heap in use just before each
AI turn (after a collection), the modules loaded at the highest of those
points and the qstr pool then.  `python tests/ui/mp_heap.py --profile`."""
import gc
import sys

import micropython
import mp_ui_game
from ui.match import Match

_turn = Match.ai_turn
top = [0, "", ()]


def ai_turn(self):
    gc.collect()
    used = gc.mem_alloc()
    if used > top[0]:
        top[0] = used
        top[1] = self.seats[self.game.current]
        top[2] = sorted(sys.modules)
    return _turn(self)


def main(root, strategy):
    Match.ai_turn = ai_turn
    mp_ui_game.main(root, strategy)
    print("most in use before an AI turn: %d bytes (%s seat); modules: %s"
          % (top[0], top[1], " ".join(top[2])))
    micropython.qstr_info()
