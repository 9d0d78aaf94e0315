"""The link (hal.link) over a simulated radio, for the MicroPython unix
port and CPython: each console is a process, and the radio between them
is another (host_tools.link.air) that each console talks to by UDP on
127.0.0.1.  The air keeps ESP-NOW's limits and its faults: frames lost,
duplicated, delayed and reordered, consoles cut off from each other, and
each console's receive buffer (rxbuf bytes, espnow's default 516: two
full frames), which drops frames the sender saw acknowledged when full.

The clock is the air's, virtual: it stands still while a console
computes and moves on only when every console waits (for a frame, or in
sleep_ms), to the next frame or timer.  So minutes of play take seconds,
and a seeded run plays the same every time.  ticks_ms() is that clock;
a console on this radio runs its whole clock from it.

Each request to the air gets one reply (the air runs one console at a
time): R(egister) mac, rxbuf; T(ransmit) to, frame -> t ok; W(ait for a
frame) until -> F from, frame | N(othing); S(leep) until -> N; P(ower
the radio) on -> p; Q(uit).

CPU time: the air's clock stands still while a console computes, unless
the console counts it (cpu=(cpu_ms, K): cpu_ms() the process's CPU time
in ms, K the ESP32's slowness against this machine, bench.estimate's):
then before each request the time computed since the last reply, x K,
passes as a sleep (a console computing does not read its radio).
Every reply carries the clock and this console's dropped-frame count.
"""
import socket
import struct

from hal.link import Link

RXBUF = 516


class AirGone(OSError):
    """The simulated radio stopped answering: the console ends."""


class SimRadio(Link):
    def __init__(self, mac, port, rxbuf=RXBUF, host="127.0.0.1", timeout_s=300, cpu=None):
        Link.__init__(self, mac)
        self._cpu = None
        self._cpu_left = 0.0        # computed ms x K not yet passed (under 1 ms)
        self.now = 0
        self.air = socket.getaddrinfo(host, port)[0][-1]
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(socket.getaddrinfo(host, 0)[0][-1])
        # replies land in one buffer, as espnow's irecv() reuses one: no
        # block of the heap taken per frame (the host's heap runs full).
        # MicroPython's sockets have no recv_into; their readinto fills the
        # whole buffer unless the socket does not block: one datagram then
        self._buf = bytearray(1024)
        self._wait_ms = timeout_s * 1000
        self._poll = None
        if hasattr(self.sock, "recv_into"):
            self.sock.settimeout(timeout_s)
        else:
            import select
            self.sock.setblocking(False)
            self._poll = select.poll()
            self._poll.register(self.sock, select.POLLIN)
        self._ask(b"R" + self.mac + struct.pack("<H", rxbuf))
        if cpu:
            self._cpu = cpu
            self._cpu_at = cpu[0]()

    def _reply(self):
        if self._poll is None:
            return self.sock.recv_into(self._buf)
        if not self._poll.poll(self._wait_ms):
            raise OSError("timed out")
        return self.sock.readinto(self._buf)

    def _computed(self):
        """The CPU time since the last reply, x K, as the air's time."""
        t = self._cpu[0]()
        self._cpu_left += (t - self._cpu_at) * self._cpu[1]
        self._cpu_at = t
        ms = int(self._cpu_left)
        if ms >= 1:
            self._cpu_left -= ms
            self._send_ask(b"S" + struct.pack("<I", self.now + ms))
            self._cpu_at = self._cpu[0]()

    def uncounted(self, ms):
        """ms of this process's CPU time a test's own eyes spent (not the
        console's work): kept off the clock."""
        if self._cpu is not None:
            self._cpu_at += ms

    def _ask(self, request):
        """Send a request; the reply's length (the reply is in _buf)."""
        if self._cpu is not None:
            self._computed()
        n = self._send_ask(request)
        if self._cpu is not None:
            self._cpu_at = self._cpu[0]()
        return n

    def _send_ask(self, request):
        self.sock.sendto(request, self.air)
        try:
            n = self._reply()
        except OSError as e:
            raise AirGone("no answer from the simulated radio: %s" % e)
        if not n or n < 9:
            raise AirGone("the simulated radio's reply is cut short")
        self.now, self._counts[4] = struct.unpack_from("<II", self._buf, 1)
        return n

    def _send(self, mac, frame):
        self._ask(b"T" + mac + frame)
        return self._buf[9] == 1

    def _recv(self, timeout_ms):
        n = self._ask(b"W" + struct.pack("<I", self.now + max(0, timeout_ms)))
        b = self._buf
        if b[0] != 0x46:        # F
            return None
        return bytes(b[9:15]), bytes(b[15:n])

    def _radio(self, on):
        self._ask(b"P" + (b"\x01" if on else b"\x00"))

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self._ask(b"S" + struct.pack("<I", self.now + max(0, ms)))

    def close(self):
        try:
            self.sock.sendto(b"Q", self.air)
            self.sock.close()
        except OSError:
            pass
