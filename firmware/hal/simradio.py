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
frame) until -> F from, frame | N(othing); S(leep) until -> N; Q(uit).
Every reply carries the clock and this console's dropped-frame count.
"""
import socket
import struct

from hal.link import Link

RXBUF = 516


class AirGone(OSError):
    """The simulated radio stopped answering: the console ends."""


class SimRadio(Link):
    def __init__(self, mac, port, rxbuf=RXBUF, host="127.0.0.1", timeout_s=300):
        Link.__init__(self, mac)
        self.now = 0
        self.air = socket.getaddrinfo(host, port)[0][-1]
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(socket.getaddrinfo(host, 0)[0][-1])
        self.sock.settimeout(timeout_s)
        self._ask(b"R" + self.mac + struct.pack("<H", rxbuf))

    def _ask(self, request):
        self.sock.sendto(request, self.air)
        try:
            reply = self.sock.recvfrom(1024)[0]
        except OSError as e:
            raise AirGone("no answer from the simulated radio: %s" % e)
        self.now, self._counts[4] = struct.unpack_from("<II", reply, 1)
        return reply

    def _send(self, mac, frame):
        return self._ask(b"T" + mac + frame)[9] == 1

    def _recv(self, timeout_ms):
        r = self._ask(b"W" + struct.pack("<I", self.now + max(0, timeout_ms)))
        if r[0] != 0x46:        # F
            return None
        return bytes(r[9:15]), bytes(r[15:])

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
