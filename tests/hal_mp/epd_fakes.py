"""A recording SSD1683 bus for driver tests (runs on CPython and MicroPython).

On the virtual clock of fake_bus, it records every command with the data
bytes that followed it, and plays the BUSY line: after a reset or an update
activation (0x20) BUSY stays high for `busy_ms`.  Like the real controller it
refuses commands while busy, so a driver that forgets to wait fails loudly.
"""
from fake_bus import VirtualClock


class BusError(Exception):
    pass


class RecordingBus(VirtualClock):
    def __init__(self, busy_ms=30, stuck=False):
        self.log = []          # [cmd, bytearray(data)] or ["reset", b""]
        self.busy_ms = busy_ms
        self.busy_until = 0
        self.stuck = stuck
        self.polls = 0

    def busy(self):
        self.polls += 1
        return self.stuck or self.now < self.busy_until

    def _check(self):
        if self.stuck or self.now < self.busy_until:
            raise BusError("write while BUSY is high")

    def reset(self):
        self.log.append(["reset", bytearray()])
        self.busy_until = self.now + self.busy_ms

    def command(self, c):
        self._check()
        self.log.append([c, bytearray()])
        if c in (0x20, 0x12):
            self.busy_until = self.now + self.busy_ms

    def data(self, buf):
        self._check()
        if not self.log or self.log[-1][0] == "reset":
            raise BusError("data without a command")
        self.log[-1][1].extend(bytes(buf))

    def take(self):
        """Return the log as [(cmd, bytes)] and clear it."""
        out = [(c, bytes(d)) for c, d in self.log]
        self.log = []
        return out

    def commands(self):
        return [c for c, _ in self.log]
