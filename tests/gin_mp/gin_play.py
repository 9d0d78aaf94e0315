"""Play gin hands and games with the AI levels (both runtimes)."""
from ai.gin.players import GinPlayer
from gin.game import HAND_OVER

MAX_ACTIONS = 400


def play_hand(g, players):
    n = 0
    while g.phase != HAND_OVER:
        players[g.current].act(g)
        n += 1
        if n > MAX_ACTIONS:
            raise AssertionError("hand %d does not end" % g.hand_no)
    return n


def play_game(g, levels=("easy", "easy"), check=None):
    """Hands until the game is over; check(g) after every hand."""
    players = [GinPlayer(levels[0], seed=1), GinPlayer(levels[1], seed=2)]
    hands = 0
    while True:
        play_hand(g, players)
        hands += 1
        if check:
            check(g)
        if g.is_over():
            return hands
        g.next_hand()
