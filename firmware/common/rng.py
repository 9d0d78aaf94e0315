"""A tiny seeded PRNG (xorshift32) so a seed deals the same game on CPython
and on MicroPython; neither runtime's `random` is used."""

from compat import const

_MASK = const(0xFFFFFFFF)


class Rng:
    def __init__(self, seed=1):
        self.state = (seed & _MASK) or 0x9E3779B9

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def randbelow(self, n):
        """Uniform in 0..n-1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (0x100000000 // n) * n
        while True:
            r = self.next32()
            if r < limit:
                return r % n

    def shuffle(self, buf):
        """Fisher-Yates in place over any mutable sequence."""
        for i in range(len(buf) - 1, 0, -1):
            j = self.randbelow(i + 1)
            buf[i], buf[j] = buf[j], buf[i]
        return buf
