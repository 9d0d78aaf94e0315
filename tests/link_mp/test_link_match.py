"""A linked match in one process: pairing, moves as frames, refusals,
privacy, power cuts and quiet consoles (CPython + MicroPython)."""
from link import frames as F
from link import messages as M
from link_table import CODE, MATCH_ID, mac, lobby, settled, table, turn_of
from link.guest import Guest
from mem_link import counter_rand, scratch
from rummikub.game import Game
from rummikub.rules import Rules


def moved(ether, host, guests, move):
    """move(); then run until the host has applied it and every table shows it."""
    v0 = host.version
    move()
    assert ether.run([host] + guests, 20000,
                     lambda: host.version > v0 and settled(host, guests))


def play_to(ether, host, guests, guest_turn=True):
    """Draw for whoever is on turn until a guest (or the host) is."""
    for _ in range(20):
        g = turn_of(host, guests)
        if (g is not None) == guest_turn:
            return g
        moved(ether, host, guests, (g or host).draw)
    assert False, "no such turn"


def test_two_consoles_of_one_name_sit_apart():
    """Before: the host kept a JOIN's name as sent, so three fresh consoles
    sat as three "Ann"s; now a repeated name takes a number (8 letters)."""
    from link.host import Host
    from mem_link import Ether
    ether = Ether()
    host = Host(ether.add(mac(0)), 0xC0FFEE, counter_rand(1), "Ann")
    host.open([M.HOST_SEAT] + [M.LINKED] * 3, ["Ann", "", "", ""], CODE)
    guests = [Guest(ether.add(mac(i)), counter_rand(i + 1), n)
              for i, n in ((1, "Ann"), (2, "Wolfgang"), (3, "Wolfgang"))]
    assert ether.run([host] + guests, 3000, lambda: all(g.tables for g in guests))
    for g in guests:
        g.join(mac(0), host.table, CODE)
        assert ether.run([host] + guests, 5000, lambda: g.paired())
    assert host.names == ["Ann", "Ann2", "Wolfgang", "Wolfgan2"], host.names


def test_pairing_gives_each_console_its_seat_and_its_view():
    ether, host, guests = table()
    assert sorted(s for g in guests for s in g.seats) == [1, 2]
    for g in guests:
        v = g.view
        assert g.info["names"] == host.game.names and g.info["match"] == MATCH_ID
        assert v.table == host.game.table and v.current == host.game.current
        assert list(v.racks) == g.seats
        assert v.racks[g.seats[0]] == host.game.racks[g.seats[0]]
        assert v.counts == [len(r) for r in host.game.racks]
        assert g.refused == {}
    assert host.refused == {}


def test_a_wrong_code_is_refused_and_pairs_nothing():
    ether, host, guests = lobby(3)
    eve = Guest(ether.add(mac(7)), counter_rand(9), "Eve")
    eve.join(mac(0), host.table, "000000")
    assert ether.run([host, eve] + guests, 3000, lambda: eve.refusal is not None)
    assert eve.refusal == F.WRONG_CODE and not eve.paired()
    assert host.bad == 1 and host.peers == [] and mac(7) not in host.link.peers()
    assert host.refused == {F.FORGED: 1}


def test_a_join_heard_off_the_air_takes_no_seat_from_another_address():
    ether, host, guests = lobby(3)
    g = guests[1]
    heard = []

    def drop(src, dst, frame):         # the host never hears g's JOIN; Eve does
        if src == g.link.mac and frame[1] == F.JOIN:
            heard.append(frame)
            return True
        return False
    ether.drop = drop
    g.join(mac(0), host.table, CODE)
    ether.run([host] + guests, 300)
    assert heard and host.peers == []
    ether.inject(mac(0), b"\x02\xee\xee\xee\xee\xee", heard[0])
    ether.run([host] + guests, 100)
    assert host.peers == [] and host.free() == [1, 2] and host.refused == {F.FORGED: 1}
    ether.drop = None
    assert ether.run([host] + guests, 3000, lambda: g.paired())
    assert [p.mac for p in host.peers] == [g.link.mac]


def test_ten_wrong_codes_draw_a_new_code():
    ether, host, guests = lobby(2)
    first = host.code
    for i in range(10):
        eve = Guest(ether.add(mac(10 + i)), counter_rand(20 + i), "Eve")
        eve.join(mac(0), host.table, "%06d" % i)
        assert ether.run([host, eve], 3000, lambda: eve.refusal is not None)
    assert host.code != first and host.bad == 0


def test_no_console_joins_once_the_match_has_begun():
    ether, host, guests = table()
    late = Guest(ether.add(mac(5)), counter_rand(5), "Late")
    late.join(mac(0), host.table, CODE)
    assert ether.run([host, late] + guests, 3000, lambda: late.refusal is not None)
    assert late.refusal == F.UNDER_WAY and len(host.peers) == 2


def test_a_joiner_whose_paired_frame_was_lost_still_pairs_after_the_lobby_closes():
    ether, host, guests = lobby(2)
    g = guests[0]
    lost = []

    def drop(src, dst, frame):
        if dst == g.link.mac and frame[1] == F.PAIRED and not lost:
            lost.append(frame)
            return True
        return False
    ether.drop = drop
    g.join(mac(0), host.table, CODE)
    assert ether.run([host, g], 3000, lambda: not host.free())
    assert lost and not g.paired()
    host.begin(Game(Rules(), 2, 5, 1, host.names), MATCH_ID)
    assert ether.run([host, g], 5000, lambda: settled(host, [g]))
    assert g.refusal is None and g.paired() and g.view.version == host.version


def test_a_move_arrives_as_frames_and_every_table_shows_it():
    ether, host, guests = table()
    g = play_to(ether, host, guests)
    v0, seat = host.version, g.seats[0]
    moved(ether, host, guests, g.draw)
    assert host.version == v0 + 1 and host.game.current != seat
    assert len(host.game.racks[seat]) == 15
    for o in guests:
        assert o.view.table == host.game.table and o.view.counts[seat] == 15
        assert o.view.last[3] == 1 and (o.view.last[2] is None) == (o is not g)


def test_an_illegal_move_gets_the_engines_words_and_changes_nothing():
    ether, host, guests = table()
    g = play_to(ether, host, guests)
    rack = host.game.racks[g.seats[0]]
    v0, before = host.version, [bytearray(r) for r in host.game.racks]
    g.play([bytearray(rack[:2])])                 # two tiles: never a set
    assert ether.run([host] + guests, 20000, lambda: g.verdict is not None)
    assert host.version == v0 and host.game.racks == before
    assert "set" in g.verdict[2] or "initial meld" in g.verdict[2], g.verdict


def test_a_move_out_of_turn_is_refused():
    ether, host, guests = table()
    g = play_to(ether, host, guests)
    other = [o for o in guests if o is not g][0]
    v0 = host.version
    other.host.ch.post(M.draw(host.version, other.seats[0]))
    assert ether.run([host] + guests, 5000, lambda: other.verdict is not None)
    assert other.verdict[2] == "not your turn" and host.version == v0
    assert host.refused[F.UNEXPECTED] == 1


def test_forged_replayed_and_unpaired_frames_change_nothing():
    ether, host, guests = table()
    g = play_to(ether, host, guests)
    v0, state = host.version, [bytes(r) for r in host.game.racks]
    # forged: a DRAW for g's seat under a key nobody paired
    fake = F.data_frame(host.table, g.host.ch.seq + 1, 0, 0,
                        M.draw(host.version, g.seats[0]), F.Key(b"forged" * 6))
    ether.inject(mac(0), g.link.mac, fake)
    # unpaired: the same from an address the host does not know
    ether.inject(mac(0), b"\x02\xee\xee\xee\xee\xee", fake)
    ether.run([host] + guests, 500)
    assert host.version == v0 and [bytes(r) for r in host.game.racks] == state
    assert host.refused[F.FORGED] == 1 and host.refused[F.UNPAIRED] == 1
    # replayed: g's real DRAW, delivered again after it was applied
    start = len(ether.log)
    moved(ether, host, guests, g.draw)
    sent = [f for to, src, f in ether.log[start:] if src == g.link.mac and to == mac(0)]
    assert sent and host.version == v0 + 1
    v1, state = host.version, [bytes(r) for r in host.game.racks]
    for f in sent:
        ether.inject(mac(0), g.link.mac, f)
    ether.run([host] + guests, 500)
    assert host.version == v1 and [bytes(r) for r in host.game.racks] == state
    # and in a later session they do not even pass their tag
    g.host.ch = None

    def new_session():          # both ends on it (the radio's duty cycle: a beat apart)
        p = host._peer(g.link.mac)
        return g.host.ch is not None and p.ch is not None and \
            p.ch.key.secret == g.host.ch.key.secret and settled(host, guests)
    assert ether.run([host] + guests, 5000, new_session)
    forged = host.refused.get(F.FORGED, 0)
    for f in sent:
        ether.inject(mac(0), g.link.mac, f)
    ether.run([host] + guests, 500)
    assert host.version == v1 and host.refused[F.FORGED] == forged + len(sent)


def test_no_console_receives_another_players_rack():
    ether, host, guests = table()
    seen = {g.link.mac: [] for g in guests}
    for g in guests:
        def spy(msg, g=g, take=g._message):
            seen[g.link.mac].append(msg)
            take(msg)
        g._message = spy
    for _ in range(6):
        moved(ether, host, guests, (turn_of(host, guests) or host).draw)
    for g in guests:
        kinds = [m[0] for m in seen[g.link.mac]]
        assert kinds.count(M.VIEW) >= 6, kinds
        for m in seen[g.link.mac]:
            if m[0] == M.VIEW:
                v = M.read_view(m)
                assert list(v.racks) == g.seats
                assert len(m) == len(M.view(v.version, _Shape(v), g.seats, v.quiet)), \
                    "a VIEW holds bytes its fields do not account for"
                if v.last and v.last[0] != 1:          # a draw: its tiles are the drawer's
                    assert (v.last[2] is not None) == (v.last[1] in g.seats)
            else:
                assert m[0] in (M.TABLE, M.QUIET, M.VERDICT), m[0]


class _Shape:
    """A game shaped like a decoded view: to size what its VIEW must be."""

    def __init__(self, v):
        self.round_no, self.phase, self.turn_no, self.current = v.round_no, v.phase, v.turn_no, v.current
        self.n, self.pool, self.table = v.n, bytearray(v.pool), v.table
        self.melded = v.melded
        self.racks = [v.racks.get(p, bytearray(v.counts[p])) for p in range(v.n)]
        self.last = None if v.last is None else (v.last[0], v.last[1], v.last[2] or bytearray(v.last[3]))


def test_a_quiet_console_is_reported_and_holds_nobody_up():
    ether, host, guests = table()
    g = play_to(ether, host, guests, guest_turn=False)
    gone, other = guests
    ether.drop = lambda src, dst, f: gone.link.mac in (src, dst)
    host.draw()
    assert ether.run([host] + guests, 10000, lambda: host.quiet)
    assert host.quiet == 1 << gone.seats[0]
    assert ether.run([host] + guests, 5000, lambda: other.quiet == host.quiet)
    assert host.gate_open(ether.now)
    ether.drop = None
    assert ether.run([host] + guests, 10000, lambda: host.quiet == 0 and settled(host, guests))
    assert gone.view.version == host.version


def test_a_host_power_cut_resumes_from_its_save():
    from hal.storage import Storage
    from link import save
    from link.host import Host
    ether, host, guests = table()
    st = Storage(scratch("link-host"), log=lambda s: None)
    save.save_host(st, host, 0)
    v0, racks = host.version, [bytes(r) for r in host.game.racks]
    link = host.link
    link._peers = []                               # the radio forgets on a power cut
    game, state, logged = save.load_host(st)
    back = Host(link, state["table"], counter_rand(99), "Ann")
    back.restore(game, state)
    sides = [back] + guests
    assert ether.run(sides, 10000, lambda: all(g.host.ch is not None and g.view.version == v0
                                                for g in guests) and back.gate_open(ether.now))
    assert [bytes(r) for r in back.game.racks] == racks
    g = play_to(ether, back, guests)
    v1 = back.version
    moved(ether, back, guests, g.draw)
    assert back.version == v1 + 1
    st.delete(save.HOST)


def test_a_guest_power_cut_rejoins_with_its_rack():
    from hal.storage import Storage
    from link import save
    ether, host, guests = table()
    g = guests[0]
    st = Storage(scratch("link-guest"), log=lambda s: None)
    save.save_guest(st, g, 0)
    rack = bytes(g.view.racks[g.seats[0]])
    back = Guest(g.link, counter_rand(77), g.name)
    assert save.load_guest(st, back) == 0
    assert bytes(back.view.racks[back.seats[0]]) == rack
    guests[0] = back
    assert ether.run([host] + guests, 10000, lambda: back.host.ch is not None
                     and back.news and settled(host, guests))
    assert bytes(back.view.racks[back.seats[0]]) == rack
    st.delete(save.GUEST)
