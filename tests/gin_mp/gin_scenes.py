"""The gin screens in fixed states, for golden images and the comparison
of MicroPython's framebuf with CPython's stand-in.

Runs on both runtimes: `micropython gin_scenes.py DIR` (MICROPYPATH
firmware:tests/ui_mp:tests/hal_mp:tests/gin_mp) prints one line per scene, `name crc32`;
CPython imports render_all() and compares.
"""
from gin.cards import parse_cards
from gin.game import GinGame, DRAW, HAND_OVER
from gin.rules import GinRules
from ui.gin.match import GinMatch
import ui_scenes
from ui_scenes import opened, started

HAND = "AS 2S 3S 7H 7D 7C 9C 10C JC KD"
OTHER = "4H 5H 6H 9S 9D 2C 3D KS KH QH"


def rig(g, mine, other, top, me=0):
    """Put chosen hands into a game: me holds mine, the other player other,
    top on the discard pile, the rest in the stock."""
    a = parse_cards(mine)
    b = parse_cards(other)
    t = parse_cards(top)
    used = list(a) + list(b) + list(t)
    g.hands[me] = a
    g.hands[1 - me] = b
    g.pile = t
    g.stock = bytearray([c for c in range(52) if c not in used])
    g.current = me
    return g


def game(**rules):
    g = GinGame(GinRules(**rules), seed=3, names=["Ann", "AI hard"])
    g.dealer = 1
    g.scores = [25, 14]
    g.hands_won = [2, 1]
    g.history = [[0, 15, "k"], [1, 14, "u"], [0, 10, "k"]]
    g.hand_no = 4
    return g


def s_setup(root):
    return opened(root, "gin_setup")


def s_draw(root):
    g = rig(game(), HAND, OTHER, "8C 4S")
    g.phase = DRAW
    g.moves = bytearray([1 << 3 | 2, 255, 1 << 3 | 3, 20])   # AI drew, discarded 8C
    return started(root, GinMatch(g, ["human", "hard"]), "gin_play")


def s_knock(root):
    g = rig(game(oklahoma=True), HAND, OTHER, "4S")
    g.knock_limit = 7
    g.doubled = True
    g.phase = DRAW
    g.draw_stock()
    return started(root, GinMatch(g, ["human", "hard"]), "gin_play")


def s_pass(root):
    g = rig(game(), HAND, OTHER, "8C", me=1)
    g.names = ["Ann", "Ben"]
    g.phase = DRAW
    return started(root, GinMatch(g, ["human", "human"]), "gin_pass")


def knocked(root, mine, other):
    """The hand screen after the player drew and knocked with that card."""
    g = rig(game(), mine, other, "AH")
    g.phase = DRAW
    g.draw_stock()
    g.discard(g.hands[0][-1], True)
    return started(root, GinMatch(g, ["human", "hard"]), "gin_hand")


def s_hand(root):
    return knocked(root, "JS JH JD 2C 3C 4C 6S 7S 8S 5D", "JC KD KS 4H 9H 2D 6D 8D 10D QH")


def s_gin(root):
    return knocked(root, "AS 2S 3S 4H 5H 6H 7H 8D 8C 8S", "4S 5S 3H 2H 8H 9H 9C 9D 9S QD")


def s_over(root):
    g = game()
    g.scores = [104, 40]
    g.hands_won = [5, 2]
    g.phase = HAND_OVER
    return started(root, GinMatch(g, ["human", "hard"]), "gin_over")


SCENES = (("gin_setup", s_setup), ("gin_draw", s_draw), ("gin_knock", s_knock),
          ("gin_pass", s_pass), ("gin_hand", s_hand), ("gin_gin", s_gin),
          ("gin_over", s_over))


def render_all(root):
    return ui_scenes.render_all(root, SCENES)


if __name__ == "__main__":
    ui_scenes.print_crcs(render_all, "/tmp/gin_scenes")
