"""A linked Gin Rummy game in one process: two consoles on a mem_link
Ether, the host's seat and the joined console's each played by the Gin
AI (the joined one reading only what its GVIEW holds), refusals named,
the opponent's hand private until the hand's end, the score log once
(CPython + MicroPython)."""
from ai.gin.players import GinPlayer
from gin.game import GinGame, HAND_OVER, M_DISCARD, M_KNOCK, M_TAKE
from gin.cards import fmt_card
from gin.melds import deadwood
from link import gin_messages as G
from link import messages as M
from link.gin_table import GuestGin
from link.guest import Guest
from link_table import CODE, MATCH_ID, lobby, mac, settled
from mem_link import scratch


def gin_table(seed=7, target=100, ether=None):
    ether, host, guests = lobby(2, ether)
    g = guests[0]
    g.join(mac(0), host.table, CODE)
    assert ether.run([host, g], 5000, lambda: not host.free() and g.paired())
    from gin.rules import GinRules
    host.begin(GinGame(GinRules(target=target), seed, host.names), MATCH_ID)
    assert ether.run([host, g], 5000, lambda: settled(host, [g]))
    return ether, host, g


def step(ether, host, g, players):
    """One action by whoever is on turn (the host's AI on the game, the
    joined console's AI on what it was sent); run until every table shows it."""
    v0 = host.version
    if host.its_turn() >= 0:
        players[0].act(host.game)
        host.changed()
    else:
        assert g.my_turn() >= 0
        players[1].act(GuestGin(g))
    assert ether.run([host, g], 20000, lambda: host.version > v0 and settled(host, [g]))


def spy(g):
    seen = []

    def take(msg, was=g._message):
        seen.append(bytes(msg))
        was(msg)
    g._message = take
    return seen


def test_a_whole_game_over_the_link_is_the_game_one_console_plays():
    from link import logbook
    ether, host, g = gin_table()
    seen = spy(g)
    players = [GinPlayer("medium", 1), GinPlayer("medium", 2)]
    alone = GinGame(host.game.rules, 7, host.game.names)
    solo = [GinPlayer("medium", 1), GinPlayer("medium", 2)]
    log_host = scratch("gin-host") + "/"
    log_guest = scratch("gin-guest") + "/"
    done = [0, 0]
    hands = 0
    while True:
        hg = host.game
        if hg.phase == HAND_OVER:
            gg = GuestGin(g)
            assert gg.result is not None and gg.scores == hg.scores
            for k in ("knocker", "gin", "points", "undercut", "layoffs", "defender_deadwood"):
                assert gg.result.get(k) == hg.result.get(k), k
            rows = [{"scores": [h[1] if h[0] == p else 0 for p in (0, 1)], "left": host.left[i],
                     "winner": None if h[0] < 0 else h[0], "exhausted": h[0] < 0}
                    for i, h in enumerate(hg.history)]
            done[0] = logbook.log(log_host, MATCH_ID, hg.names, rows, {}, hg.is_over(),
                                  done[0], False, "gin")
            info = g.info
            done[1] = logbook.log(log_guest, MATCH_ID, info["names"], info["rows"], info["rules"],
                                  info["over"], done[1], False, "gin")
            hands += 1
            if hg.is_over():
                break
            hg.next_hand()
            host.changed()
            assert ether.run([host, g], 5000, lambda: settled(host, [g]))
            continue
        step(ether, host, g, players)
    # the same game as one console plays with the same players: the AI on
    # the joined console chose from what it was sent as it would from the game
    while alone.phase != HAND_OVER or not alone.is_over():
        if alone.phase == HAND_OVER:
            alone.next_hand()
        solo[alone.current].act(alone)
    assert alone.history == host.game.history and alone.scores == host.game.scores
    assert hands == len(host.game.history) and g.info["over"]
    # each console logged every hand and the game once, the same records
    from sync.scorelog import LOG_PATH, ScoreLog
    from sync import protocol as P
    recs = [[(k, bytes(p)) for k, s, p in ScoreLog(d + LOG_PATH).records()
             if k in (P.ROUND2, P.MATCH2)] for d in (log_host, log_guest)]
    assert recs[0] == recs[1] and len(recs[0]) == hands + 1
    assert [k for k, p in recs[0]] == [P.ROUND2] * hands + [P.MATCH2]
    # nothing the joined console got held the host's hand before the hand's end
    views = [m for m in seen if m[0] == G.GVIEW]
    big = 0
    shown = set()
    for m in views:
        v = G.read_view(m)
        big = max(big, len(m))
        shown.add(v.version)
        assert list(v.hands) == ([0, 1] if v.phase == HAND_OVER else g.seats), (v.phase, list(v.hands))
    assert sorted(shown) == list(range(2, host.version + 1)), "a change the console never saw"
    print("gin link: %d GVIEWs, the largest %d bytes" % (len(views), big))


def test_a_refused_move_comes_back_naming_the_card_and_the_rule():
    ether, host, g = gin_table(seed=11)
    players = [GinPlayer("easy", 1), GinPlayer("easy", 2)]
    # play until the joined console has just taken the discard, or must discard
    for _ in range(200):
        v = g.view
        if g.my_turn() >= 0 and v.phase == 2:
            break
        step(ether, host, g, players)
    v = g.view
    seat = g.seats[0]
    hand = v.hands[seat]
    v0 = host.version
    if v.taken != 255:
        g.act(M_DISCARD, v.taken)
        assert ether.run([host, g], 5000, lambda: g.verdict is not None)
        assert g.verdict[2] == "Not %s: the card just taken from the discard pile cannot be " \
            "discarded" % fmt_card(v.taken), g.verdict
        g.verdict = None
    over = [c for c in hand if deadwood(bytearray([x for x in hand if x != c])) > v.knock_limit]
    c = over[0]
    g.act(M_KNOCK, c)
    assert ether.run([host, g], 5000, lambda: g.verdict is not None)
    assert g.verdict[2].startswith("No knock with %s: knocker's deadwood is" % fmt_card(c)), g.verdict
    assert "over the knock limit %d" % v.knock_limit in g.verdict[2]
    g.verdict = None
    g.act(M_DISCARD, 51 if 51 not in list(hand) else 50)
    assert ether.run([host, g], 5000, lambda: g.verdict is not None)
    assert "that card is not in the hand" in g.verdict[2]
    assert host.version == v0 and host.game.phase == 2
    # and the console's own check refuses at once, in the same words
    gg = GuestGin(g)
    try:
        gg.discard(c, True)
        assert False, "a knock over the limit was sent"
    except ValueError as e:
        assert "over the knock limit" in str(e)
    assert g.move is None


def test_an_action_out_of_turn_is_refused():
    ether, host, g = gin_table(seed=3)
    players = [GinPlayer("easy", 1), GinPlayer("easy", 2)]
    while g.my_turn() >= 0:
        step(ether, host, g, players)
    v0 = host.version
    g.host.ch.post(G.move(host.version, g.seats[0], M_TAKE))
    assert ether.run([host, g], 5000, lambda: g.verdict is not None)
    assert g.verdict[2] == "not your turn" and host.version == v0


def test_a_gin_host_power_cut_resumes_and_a_guest_rejoins_from_saves():
    from hal.storage import Storage
    from link import save
    from link.host import Host
    from mem_link import counter_rand
    ether, host, g = gin_table(seed=5)
    players = [GinPlayer("medium", 1), GinPlayer("medium", 2)]
    for _ in range(9):
        step(ether, host, g, players)
    st = Storage(scratch("gin-link-host"), log=lambda s: None)
    gs = Storage(scratch("gin-link-guest"), log=lambda s: None)
    save.save_host(st, host, 0)
    save.save_guest(gs, g, 0)
    v0, hands = host.version, [bytes(h) for h in host.game.hands]
    link = host.link
    link._peers = []
    game, state, logged = save.load_host(st)
    assert isinstance(game, GinGame) and logged == 0
    back = Host(link, state["table"], counter_rand(99), "Ann")
    back.restore(game, state)
    again = Guest(g.link, counter_rand(77), g.name)
    assert save.load_guest(gs, again) == 0
    assert bytes(again.view.hands[again.seats[0]]) == hands[again.seats[0]]
    assert ether.run([back, again], 10000, lambda: again.host.ch is not None and again.news
                     and settled(back, [again]))
    assert again.view.version == v0 and [bytes(h) for h in back.game.hands] == hands
    for _ in range(4):
        step(ether, back, again, players)
    assert back.version == v0 + 4
    st.delete(save.HOST)
    gs.delete(save.GUEST)


def test_a_gin_host_resumed_at_the_games_end_keeps_its_date():
    """Before: the date both consoles log the game with (the host's clock,
    game.ended_at) was not in the host's save, so a host resumed at the
    game's end logged it undated."""
    from hal.storage import Storage
    from link import save
    ether, host, g = gin_table(seed=5)
    st = Storage(scratch("gin-link-dated"), log=lambda s: None)
    save.save_host(st, host, 0)
    assert getattr(save.load_host(st)[0], "ended_at", None) is None    # not over: no date
    host.game.ended_at = 1790000000
    save.save_host(st, host, 0)
    assert save.load_host(st)[0].ended_at == 1790000000
    st.delete(save.HOST)
