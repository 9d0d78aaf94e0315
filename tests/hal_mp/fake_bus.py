"""The smallest SSD1683 bus fake (CPython and MicroPython): a virtual
millisecond clock the driver sleeps and times out on, never busy, counting
the bytes sent.  Kept apart from the recording bus so heap-capped runs load
only this."""


class VirtualClock:
    now = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms


class CountingBus(VirtualClock):
    sent = 0

    def busy(self):
        return False

    def reset(self):
        pass

    def command(self, c):
        self.sent += 1

    def data(self, buf):
        self.sent += len(buf)
