"""Link play on the glass: consoles host and join a table from the title,
play each other's turns as they come, see a quiet console, and the host
hands its seat to an AI.  Each console is the whole app driven by its
buttons (table_rig: one air, one clock).  Golden screens: the lobby, a
linked turn, a quiet console."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from table_rig import Table  # noqa: E402
from goldens import check_golden  # noqa: E402

GOLDEN = os.path.join(HERE, "golden")
CODE = "424242"


def title_to(t, i, act):
    items = [it[1] for it in t.apps[i].screen.items]
    t.keys(i, "DOWN*%d A" % items.index(act))
    assert t.screen(i) == act


def enter_code(t, i, code):
    t.keys(i, " ".join(("UP*%s RIGHT" % d) if d != "0" else "RIGHT" for d in code))


def seated(tmp_path, n=2, seats=None):
    """n consoles: console 0 hosts, the others join with the code; the
    lobby's seats are set first (None: the rest are consoles)."""
    t = Table(tmp_path, n)
    title_to(t, 0, "table_lobby")
    lobby = t.apps[0].screen
    lobby.host.new_code(CODE)
    if seats:                               # row 1: players; seat i is row 3 + i
        t.keys(0, "DOWN RIGHT*%d UP" % (len(seats) - 2))
        for i, kind in enumerate(seats):
            if i and kind != "linked":
                from ui.table.table_lobby import KINDS
                t.keys(0, "DOWN*%d RIGHT*%d UP*%d" % (3 + i, KINDS.index(kind), 3 + i))
    for i in range(1, n):
        title_to(t, i, "table_join")
        assert t.run(3000, lambda: t.apps[i].screen.guest.tables)
        enter_code(t, i, CODE)
        t.keys(i, "A")
        assert t.run(3000, lambda: t.apps[i].screen.guest.paired())
    return t


def start(t):
    t.apps[0].new_seed = lambda: 7         # the deal: not from the clock (the radio's timing)
    rows = len(t.apps[0].screen._rows())
    t.keys(0, "DOWN*%d A" % (rows - 1))
    assert t.run(5000, lambda: all(a.match is not None for a in t.apps))


def on_turn(t):
    """The console whose play screen is up, after the tables settle (a
    pass-and-play seat's person takes the console first)."""
    up = lambda: [s for s in range(len(t.apps)) if t.screen(s) in ("play", "privacy")]  # noqa: E731
    assert t.run(8000, up)
    i = up()[0]
    if t.screen(i) == "privacy":
        t.keys(i, "A")
    assert t.screen(i) == "play"
    return i


def play_for(t, i):
    """Console i's person makes the move an AI would choose, by the play
    screen's own path: the table shown as a hint, then START."""
    from ai.players import Player
    scr = t.apps[i].screen
    after = Player("greedy", seed=1).decide(t.apps[i].match.game)
    if after is None:
        t.keys(i, "START START")
        return False
    scr.ed.load_table(after, "")
    t.keys(i, "START")
    return True


def test_host_and_join_from_the_title_then_each_glass_shows_the_others_moves(tmp_path):
    t = seated(tmp_path)
    host, guest = t.apps
    lobby = host.screen
    assert lobby.host.names[:2] == ["Ann", "Bo"] and not lobby.host.free()
    host.render()
    check_golden(GOLDEN, "table_lobby", bytes(host.fb.buf), tmp_path)
    assert "You are in (seat 2)" in guest.screen._status()
    start(t)
    seen = []
    played = 0
    shot = False
    did = False
    for turn in range(8):
        i = on_turn(t)
        other = 1 - i
        assert t.screen(other) == "table_wait"
        if i == 1 and did and not shot:     # a joined console's turn after the host's play
            t.apps[1].render()
            check_golden(GOLDEN, "table_turn", bytes(t.apps[1].fb.buf), tmp_path)
            shot = True
        did = play_for(t, i)
        played += did
        # the other glass shows it as it happens
        word = "played" if did else "drew"
        assert t.run(6000, lambda: any(("%s %s" % (t.NAMES[i], word)) in ln
                                       for ln in t.apps[other].match.review))
        seen.append(i)
    assert seen == [seen[0], 1 - seen[0]] * 4
    assert played and shot
    hm, gm = host.match, guest.match
    assert t.run(6000, lambda: gm.game.version == hm.version())     # shown on the glass
    g, v = hm.game, gm.game
    assert v.table == g.table and v.current == g.current and v.turn_no == g.turn_no
    assert [len(r) for r in v.racks] == [len(r) for r in g.racks]
    assert v.racks[1] == g.racks[1]                 # its own rack, as the host has it
    assert not any(v.racks[0])                      # the host's: only how many


def test_a_quiet_console_is_named_on_every_glass_and_the_host_hands_its_seat_to_an_ai(tmp_path):
    t = seated(tmp_path, 3, ["human", "linked", "linked"])
    start(t)
    host = t.apps[0]
    g = host.match.game
    while on_turn(t) != 1:                      # until Bo is to play
        t.keys(on_turn(t), "START START")
    t.switch_off(1)
    t.run(21000)
    assert t.screen(0) == "table_wait" and t.screen(2) == "table_wait"
    for i in (0, 2):
        assert t.apps[i].screen._status() == "Waiting for Bo, 20 s", i
    host.render()
    check_golden(GOLDEN, "table_quiet", bytes(host.fb.buf), tmp_path)
    turn = g.turn_no
    t.keys(0, "A")                              # an AI plays for Bo
    assert t.run(8000, lambda: g.turn_no > turn)
    assert host.match.seats[1] == "medium"
    t.switch_on(1)                              # Bo's console back: it watches
    assert t.run(10000, lambda: t.apps[1].match.version() == host.match.version())
    assert t.apps[1].match.guest.seats == []
    assert t.run(3000, lambda: t.screen(1) == "table_wait")


def test_ai_and_pass_and_play_seats_on_the_host_beside_a_console(tmp_path):
    t = seated(tmp_path, 2, ["human", "linked", "easy", "human"])
    start(t)
    host, guest = t.apps
    assert host.match.seats == ["human", "linked", "easy", "human"]
    assert guest.match.game.names[1] == "Bo"
    kinds = set()
    for _ in range(10):
        i = on_turn(t)
        kinds.add(host.match.game.current if i == 0 else "Bo")
        t.keys(i, "START START")
    assert t.run(6000, lambda: guest.match.version() == host.match.version())
    assert guest.match.game.turn_no >= 10       # the AI's turns came between
    assert kinds == {0, 3, "Bo"}                # both of the host's people, and Bo


def power_cut(t, k):
    """Console k's power cut: the app boots again on the same flash and
    radio, and its person chooses "Resume table" (the host) or "Rejoin
    table" on the title."""
    from ui.app import App
    t.switch_off(k)
    app = App(t.apps[k].hal)
    app.boot()
    t.apps[k] = app
    t.switch_on(k)
    items = [it[1] for it in app.screen.items]
    act = "table_resume" if k == 0 else "table_rejoin"
    assert act in items
    t.keys(k, "DOWN*%d A" % items.index(act))
    return app


@pytest.mark.parametrize("cut", ["host", "guest"])
def test_a_power_cut_resumes_from_the_title_and_the_table_goes_on(tmp_path, cut):
    t = seated(tmp_path)
    start(t)
    i = on_turn(t)
    t.keys(i, "START START")
    version = t.apps[0].match.version()
    power_cut(t, 0 if cut == "host" else 1)
    assert t.run(15000, lambda: t.apps[1].match.version() == t.apps[0].match.version()
                 >= version)
    i = on_turn(t)
    t.keys(i, "START START")
    assert t.run(8000, lambda: t.apps[1].match.version() == t.apps[0].match.version()
                 > version)
