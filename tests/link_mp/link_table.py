"""A linked table in one process for the protocol's tests: a host and
its joined consoles on a mem_link.Ether, paired, the match begun."""
from link import messages as M
from link.guest import Guest
from link.host import Host
from mem_link import Ether, counter_rand
from rummikub.game import Game
from rummikub.rules import Rules

NAMES = ("Ann", "Bo", "Cy", "Di")
CODE = "424242"
MATCH_ID = "a4cf12b3c4d5.5f3a9c01.7"     # the host's, as sync.matchid.shared makes it


def mac(i):
    return bytes((2, 0, 0, 0, 0, i + 1))


def lobby(n=3, ether=None):
    ether = ether or Ether()
    host = Host(ether.add(mac(0)), 0xC0FFEE, counter_rand(1), "Ann")
    host.open([M.HOST_SEAT] + [M.LINKED] * (n - 1), ["Ann"] + [""] * (n - 1), CODE)
    guests = [Guest(ether.add(mac(i)), counter_rand(i + 1), NAMES[i]) for i in range(1, n)]
    assert ether.run([host] + guests, 3000, lambda: all(g.tables for g in guests))
    return ether, host, guests


def table(n=3, seed=5):
    ether, host, guests = lobby(n)
    for g in guests:
        g.join(mac(0), host.table, CODE)
    sides = [host] + guests
    assert ether.run(sides, 5000, lambda: not host.free() and all(g.paired() for g in guests))
    host.begin(Game(Rules(), n, seed, 1, host.names), MATCH_ID)
    assert ether.run(sides, 5000, lambda: settled(host, guests))
    return ether, host, guests


def settled(host, guests):
    return all(g.view is not None and g.view.version == host.version for g in guests) \
        and host.gate_open(host.link.ticks_ms())


def turn_of(host, guests):
    """The guest whose seat is on turn, or None (the host's own)."""
    for g in guests:
        if host.game.current in g.seats:
            return g
    return None
