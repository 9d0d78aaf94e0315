"""Consoles in one process for the protocol's tests (both runtimes): each
a hal.link.Link whose frames go through an Ether, a clock the test moves
and a fault plan it sets (frames to drop, duplicate or hold back), so
every delivery is the test's choice.  The processes-and-radio version of
this is host_tools.link.air; this one is for looking at single frames."""
import os

from hal.link import Link


class Ether:
    def __init__(self):
        self.now = 0
        self.links = {}
        self.air = []           # [time, to, from, frame] in flight
        self.log = []           # (to, from, frame) of every frame delivered
        self.drop = None        # drop(src, dst, frame) -> True: lost
        self.delay = 1

    def add(self, mac):
        link = MemLink(self, mac)
        self.links[link.mac] = link
        return link

    def carry(self, src, dst, frame):
        if self.drop is not None and self.drop(src, dst, frame):
            return False
        targets = [d for d in self.links if d != src] if dst == b"\xff" * 6 else [dst]
        for d in targets:
            if d in self.links:
                self.air.append([self.now + self.delay, d, src, bytes(frame)])
        return dst in self.links or dst == b"\xff" * 6

    def inject(self, dst, src, frame):
        """A frame from anyone (a stranger, a forger), delivered next."""
        self.air.append([self.now, bytes(dst), bytes(src), bytes(frame)])

    def step(self, sides, ms=10):
        """Each side reads what has arrived and runs its timers; then the
        clock moves ms on."""
        for s in sides:
            s.wait(0)
        self.now += ms
        for a in self.air:
            if a[0] <= self.now:
                link = self.links.get(a[1])
                if link is not None:
                    link.inbox.append((a[2], a[3]))
                    self.log.append((a[1], a[2], a[3]))
        self.air = [a for a in self.air if a[0] > self.now]

    def run(self, sides, ms, until=None):
        """step() for ms of the clock, or until until() holds; True if it did."""
        t = 0
        while t < ms:
            if until is not None and until():
                return True
            self.step(sides)
            t += 10
        return until is None or until()


class MemLink(Link):
    def __init__(self, ether, mac):
        Link.__init__(self, mac)
        self.ether = ether
        self.inbox = []

    def _send(self, mac, frame):
        return self.ether.carry(self.mac, mac, frame)

    def _recv(self, timeout_ms):
        return self.inbox.pop(0) if self.inbox else None

    def ticks_ms(self):
        return self.ether.now

    def sleep_ms(self, ms):
        pass


def counter_rand(seed):
    """A rand(n) for the tests: the same bytes every run."""
    state = [seed]

    def rand(n):
        out = bytearray()
        for _ in range(n):
            state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
            out.append(state[0] >> 16 & 255)
        return bytes(out)
    return rand


def scratch(name):
    """A fresh empty folder under /tmp (both runtimes)."""
    path = "/tmp/%s-%s" % (name, "".join(["%02x" % b for b in os.urandom(4)]))
    os.mkdir(path)
    return path
