"""The simulated radio between console processes (firmware/hal/simradio.py
is a console's end of it): ESP-NOW v1's limits and a real radio's
faults, on a virtual clock.

Each console is a process (MicroPython unix port or CPython) that talks
to the air by UDP on 127.0.0.1; every request gets one reply.  The air
runs one console at a time: a console runs from the reply that wakes it
until it waits again (for a frame, or asleep), and the clock moves on
only when all wait, to the next event (a frame landing, a timer, a
planned fault).  A console's computing takes no virtual time, so minutes
of play run in seconds, and a seed plays the same run every time.

What the radio does with a frame (Faults): lost (the sender sees no
acknowledgement), duplicated, delayed, reordered (a later frame
overtakes it), or not delivered across a partition; frames sent to a
console whose receive buffer (rxbuf bytes, each frame 7 more) is full
are dropped although the sender saw them acknowledged.  A console's
radio is on or off as the console says (P: the protocol's duty cycle):
frames to a radio that is off are lost unacknowledged; the air counts
each console's radio-on time and its wake-ups (off -> on).  Planned power
cuts (Kill) end a console's process at a request it makes after a given
time, as SIGKILL does (mid-burst: frames it meant to send next are never
sent), and start it again later in the same folder.  Junk frames (fuzz,
host_tools.link.fuzz) are delivered like any other.
"""
import heapq
import json
import os
import random
import select
import signal
import socket
import struct
import subprocess
import time
from dataclasses import dataclass, field

from host_tools.link import fuzz as junk

BROADCAST = b"\xff" * 6
MTU = 250
RX_OVERHEAD = 7            # espnow's ring buffer: mac, length, then the frame


class Faults:
    """Rates (0..1) and delays (ms); partitions: [(from ms, to ms,
    {console names cut off from the rest})]."""

    def __init__(self, loss=0.0, dup=0.0, reorder=0.0, delay_ms=0, partitions=()):
        self.loss = loss
        self.dup = dup
        self.reorder = reorder
        self.delay_ms = delay_ms
        self.partitions = list(partitions)


@dataclass
class Kill:
    """Cut console `name`'s power at its `after`-th request from `at_ms`
    on; it starts again `down_ms` later."""
    name: str
    at_ms: int
    down_ms: int
    after: int = 1


@dataclass(eq=False)
class Console:
    """A console process as the air sees it: given its name, radio address,
    command line, folder, environment and output file; the rest is its
    state in the run."""
    name: str
    mac: bytes
    argv: list
    cwd: str
    env: dict
    out: str                   # its stdout and stderr go here (appended)
    proc: object = None
    addr: object = None
    state: str = "down"        # starting, ready, running, rx, sleep, dead, done
    token: int = 0
    rxq: list = field(default_factory=list)
    rxbytes: int = 0
    rxbuf: int = 516
    dropped: int = 0
    kill_after: object = None
    boots: int = 0
    exits: list = field(default_factory=list)   # (virtual ms, exit code, planned?)
    on: bool = True            # its radio (P requests); off: frames to it are lost
    on_since: int = 0
    on_ms: int = 0             # radio-on time, over every boot
    wakes: int = 0             # radio off -> on
    alive_ms: int = 0          # time powered, over every boot
    alive_since: int = 0

    def alive(self):
        return self.state in ("ready", "running", "rx", "sleep")


class AirError(Exception):
    pass


class Air:
    def __init__(self, faults=None, seed=1, capture=None, fuzz_per_s=0.0,
                 vlimit_ms=4 * 3600 * 1000, real_limit_s=600, realtime=False):
        self.faults = faults or Faults()
        self.rng = random.Random(seed)
        self.fuzz = junk.Fuzzer(random.Random(seed ^ 0x5A5A), fuzz_per_s)
        self.capture = open(capture, "w") if capture else None
        self.vlimit_ms = vlimit_ms
        self.real_limit_s = real_limit_s
        # realtime: the clock never runs ahead of this computer's (consoles
        # in windows, people at them); else it jumps to the next event
        self.realtime = realtime
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.now = 0
        self.events = []
        self._n = 0
        self.consoles = []
        self.by_mac = {}
        self.running = None
        self.kills = []
        self.stats = {"sent": 0, "lost": 0, "duplicated": 0, "reordered": 0, "cut off": 0,
                      "delivered": 0, "dropped (buffer full)": 0, "radio off": 0, "junk": 0}
        self.problem = None

    # -- set-up
    def add(self, console):
        self.consoles.append(console)
        self.by_mac[console.mac] = console

    def plan(self, kill):
        self.kills.append(kill)
        self._at(kill.at_ms, "arm", kill)

    def _at(self, t, kind, *data):
        self._n += 1
        heapq.heappush(self.events, (t, self._n, kind, data))

    # -- processes
    def _spawn(self, c):
        c.boots += 1
        env = dict(os.environ, **c.env)
        env["POCKET_AIR"] = str(self.port)
        with open(c.out, "a") as f:
            f.write("--- boot %d at %d ms\n" % (c.boots, self.now))
            c.proc = subprocess.Popen(c.argv, cwd=c.cwd, env=env, stdout=f,
                                      stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        c.state = "starting"
        c.rxq = []
        c.rxbytes = 0
        c.on = True                # a console boots with its radio on
        c.on_since = c.alive_since = self.now

    def _power(self, c, on):
        """c's radio switched (or c's power: off at an exit)."""
        if c.on and not on:
            c.on_ms += self.now - c.on_since
        elif on and not c.on:
            c.wakes += 1
            c.on_since = self.now
        c.on = on

    def _down(self, c):
        self._power(c, False)
        c.alive_ms += self.now - c.alive_since

    def _kill(self, c, planned):
        if c.alive() or c.state == "starting":
            self._down(c)
        if c.proc is not None and c.proc.poll() is None:
            c.proc.send_signal(signal.SIGKILL)
            c.proc.wait()
        code = c.proc.returncode if c.proc is not None else None
        c.exits.append((self.now, code, planned))
        c.state = "dead"
        c.token += 1
        c.rxq = []
        c.rxbytes = 0
        if self.running is c:
            self.running = None

    def _reply(self, c, kind, extra=b""):
        self.sock.sendto(kind + struct.pack("<II", self.now, c.dropped) + extra, c.addr)

    def _recv(self, timeout):
        r, _, _ = select.select([self.sock], [], [], timeout)
        if not r:
            return None, None
        data, addr = self.sock.recvfrom(2048)
        return data, addr

    def _register(self, data, addr):
        """A console's R(egister): it is ready to run."""
        c = self.by_mac.get(bytes(data[1:7]))
        if c is None or c.state != "starting":
            return
        c.addr = addr
        c.rxbuf = struct.unpack_from("<H", data, 7)[0]
        c.state = "ready"

    def _await_start(self, started):
        """Wait (real time) until every console in `started` has registered
        (or died: a console that cannot start is a problem)."""
        t0 = time.monotonic()
        while any(c.state == "starting" for c in started):
            data, addr = self._recv(0.2)
            if data and data[:1] == b"R":
                self._register(data, addr)
            for c in started:
                if c.state == "starting" and c.proc.poll() is not None:
                    self._kill(c, False)
                    self.problem = "%s exited with %s before it started" % (c.name, c.proc.returncode)
            if time.monotonic() - t0 > 60:
                raise AirError("consoles did not start: %s"
                               % ", ".join(c.name for c in started if c.state == "starting"))
        for c in started:
            if c.state == "ready":
                self._at(self.now, "start", c)

    # -- the radio
    def _cut(self, a, b):
        for t0, t1, names in self.faults.partitions:
            if t0 <= self.now < t1 and ((a.name in names) != (b.name in names)):
                return True
        return False

    def _latency(self, frame):
        f = self.faults
        t = 1 + len(frame) * 8 // 1000            # 1 Mbit/s air time
        if f.delay_ms:
            t += self.rng.randint(0, f.delay_ms)
        if f.reorder and self.rng.random() < f.reorder:
            self.stats["reordered"] += 1
            t += self.rng.randint(f.delay_ms + 20, 4 * f.delay_ms + 80)
        return t

    def _to(self, src, dst, frame):
        """One frame from src to dst: (acknowledged?)."""
        f = self.faults
        if not dst.alive() or self._cut(src, dst):
            self.stats["cut off" if dst.alive() else "lost"] += 1
            return False
        if not dst.on:
            self.stats["radio off"] += 1
            return False
        if self.rng.random() < f.loss:
            self.stats["lost"] += 1
            return False
        self._at(self.now + self._latency(frame), "land", dst, src.mac, frame)
        if f.dup and self.rng.random() < f.dup:
            self.stats["duplicated"] += 1
            self._at(self.now + self._latency(frame), "land", dst, src.mac, frame)
        return self.rng.random() >= f.loss          # its acknowledgement may be lost too

    def _transmit(self, c, dst, frame):
        self.stats["sent"] += 1
        self.fuzz.saw(c.mac, dst, frame)
        if not frame or len(frame) > MTU:
            return False
        if dst == BROADCAST:
            for d in self.consoles:
                if d is not c:
                    self._to(c, d, frame)
            return True
        d = self.by_mac.get(dst)
        return False if d is None else self._to(c, d, frame)

    def land(self, dst, src_mac, frame):
        """A frame reaches dst's radio: into its receive buffer (if room)."""
        if not dst.alive():
            return
        if dst.rxbytes + len(frame) + RX_OVERHEAD > dst.rxbuf:
            dst.dropped += 1
            self.stats["dropped (buffer full)"] += 1
            return
        dst.rxq.append((src_mac, frame))
        dst.rxbytes += len(frame) + RX_OVERHEAD
        self.stats["delivered"] += 1
        if self.capture:
            self.capture.write(json.dumps({"t": self.now, "to": dst.name,
                                           "from": src_mac.hex(), "frame": frame.hex()}) + "\n")
        if dst.state == "rx":
            self._give(dst)

    def _give(self, c):
        """Wake c with the next frame of its buffer."""
        src, frame = c.rxq.pop(0)
        c.rxbytes -= len(frame) + RX_OVERHEAD
        c.state = "running"
        c.token += 1
        self.running = c
        self._reply(c, b"F", src + frame)

    def _wake(self, c):
        c.state = "running"
        c.token += 1
        self.running = c
        self._reply(c, b"N")

    # -- serving the console that runs
    def _serve(self, c):
        data, addr = self._recv(0.5)
        if data is None:
            if c.proc.poll() is not None:
                self._kill(c, False)
                self.problem = "%s exited with %s" % (c.name, c.proc.returncode)
            return
        if data[:1] == b"R":
            self._register(data, addr)
            return
        if addr != c.addr:
            return                  # a killed process's last word
        kind = data[:1]
        if c.kill_after is not None:
            c.kill_after -= 1
            if c.kill_after <= 0:
                c.kill_after = None
                self._kill(c, True)
                k = c.pending_kill
                self._at(self.now + k.down_ms, "restart", c)
                return
        if kind == b"T":
            ok = self._transmit(c, bytes(data[1:7]), bytes(data[7:]))
            self._reply(c, b"t", bytes((1 if ok else 0,)))
        elif kind == b"W":
            until = struct.unpack_from("<I", data, 1)[0]
            if c.rxq:
                self._give(c)
            elif until <= self.now:
                self._wake(c)
            else:
                c.state = "rx"
                self.running = None
                self._at(until, "wake", c, c.token)
        elif kind == b"S":
            until = struct.unpack_from("<I", data, 1)[0]
            c.state = "sleep"
            self.running = None
            self._at(max(until, self.now), "wake", c, c.token)
        elif kind == b"P":
            self._power(c, data[1:2] == b"\x01")
            self._reply(c, b"p")
        elif kind == b"Q":
            self._down(c)
            c.state = "done"
            self.running = None
            c.proc.wait()
            c.exits.append((self.now, c.proc.returncode, False))

    # -- events
    def _event(self, kind, data):
        if kind == "land":
            self.land(*data)
        elif kind == "wake":
            c, token = data
            if c.token == token and c.state in ("rx", "sleep"):
                self._wake(c)
        elif kind == "start":
            c = data[0]
            if c.state == "ready":
                self._wake(c)
        elif kind == "arm":
            k = data[0]
            c = next(c for c in self.consoles if c.name == k.name)
            if c.alive():
                c.kill_after = k.after
                c.pending_kill = k
        elif kind == "restart":
            c = data[0]
            self._spawn(c)
            self._await_start([c])
        elif kind == "junk":
            self.fuzz.fire(self)

    def run(self):
        """Play until every console has quit (True), or a problem: a
        console that died unplanned, a limit passed (False, .problem)."""
        t0 = time.monotonic()
        for c in self.consoles:
            self._spawn(c)
        self._await_start(self.consoles)
        self.fuzz.start(self)
        try:
            while self.problem is None:
                if time.monotonic() - t0 > self.real_limit_s:
                    self.problem = "no end after %d s (virtual %d s)" % (self.real_limit_s, self.now // 1000)
                    break
                if self.running is not None:
                    self._serve(self.running)
                    continue
                if all(c.state in ("done", "dead") for c in self.consoles) and \
                        not any(e[2] == "restart" for e in self.events):
                    break
                if not self.events:
                    self.problem = "every console waits for ever"
                    break
                t, _, kind, data = heapq.heappop(self.events)
                if self.realtime:
                    ahead = t / 1000.0 - (time.monotonic() - t0)
                    if ahead > 0:
                        time.sleep(ahead)
                self.now = max(self.now, t)
                if self.now > self.vlimit_ms:
                    self.problem = "no end in %d virtual minutes" % (self.vlimit_ms // 60000)
                    break
                self._event(kind, data)
        finally:
            for c in self.consoles:
                if c.proc is not None and c.proc.poll() is None:
                    c.proc.kill()
                    c.proc.wait()
            if self.capture:
                self.capture.close()
            self.sock.close()
        return self.problem is None and all(c.state == "done" for c in self.consoles)
