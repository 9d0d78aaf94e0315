"""Gin AI: legal play at every level, and it sees only what a person sees."""
from check import raises
from common.rng import Rng
from gin.game import GinGame, HAND_OVER, DISCARD
from gin import savefile
from ai.gin.players import GinPlayer, LEVELS
from gin_play import play_game


def test_every_level_plays_whole_games():
    for i in range(len(LEVELS)):
        a, b = LEVELS[i], LEVELS[(i + 1) % len(LEVELS)]
        g = GinGame(seed=40 + i)
        play_game(g, (a, b))
        assert g.is_over()


def test_unknown_level_is_refused():
    raises(ValueError, GinPlayer, "expert")


def reshuffled(g, seed):
    """The same game as the player to act sees it, with everything it cannot
    see (the stock and the opponent's hand) dealt again at random."""
    h = savefile.loads(savefile.dumps(g))[0]
    opp = 1 - h.current
    hidden = bytearray(list(h.stock) + list(h.hands[opp]))
    Rng(seed).shuffle(hidden)
    n = len(h.hands[opp])
    h.hands[opp] = bytearray(hidden[:n])
    h.stock = bytearray(hidden[n:])
    return h


def decision(g, player):
    """What the player did: the move it made (a stock draw shows no card)."""
    player.act(g)
    return bytes(g.moves[-2:])


def test_decisions_do_not_change_when_the_unseen_cards_are_reshuffled():
    checked = 0
    for level in LEVELS:
        for seed in (11, 12, 13):
            g = GinGame(seed=seed)
            ps = [GinPlayer(level, seed=1), GinPlayer(level, seed=2)]
            k = 0
            while g.phase != HAND_OVER:
                p = ps[g.current]
                if k % 3 == 0:
                    want = decision(reshuffled(g, 0), p)
                    for s in (1, 2):
                        assert decision(reshuffled(g, s), p) == want, (level, seed, k)
                    checked += 1
                p.act(g)
                k += 1
    assert checked > 30


def test_a_peeking_player_would_be_caught():
    # the check above is not blind: a player that reads the opponent's hand
    # decides differently once that hand is reshuffled
    class Peeker(GinPlayer):
        def act(self, game):
            if game.phase == DISCARD:
                opp = list(game.hands[1 - game.current])
                c = [x for x in game.hands[game.current] if x != game.taken][opp[0] % 10]
                game.discard(c)
                return "discards"
            return GinPlayer.act(self, game)
    g = GinGame(seed=5)
    p = Peeker("easy")
    g.pass_offer()
    g.pass_offer()
    g.draw_stock()
    seen = set([decision(reshuffled(g, s), p) for s in range(8)])
    assert len(seen) > 1
