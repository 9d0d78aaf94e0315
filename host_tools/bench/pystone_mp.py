"""A Dhrystone-style integer benchmark that runs on CPython and MicroPython.

Why: `make bench` estimates solver time on the ESP32 from the unix port by
scaling with K = (this benchmark's score on the unix port) / 1166, the
pystone score MicroPython reports for an ESP32 at 240 MHz (issue 6565).
The workload follows the Dhrystone 1.1 procedure mix that pystone 1.2
uses (records, string compares, array updates, small integer functions),
so its scores are comparable with published pystone figures.

Usage: micropython pystone_mp.py [loops]  ->  prints "pystones/s <n>"
"""
import time

try:
    _ticks = time.ticks_us

    def _seconds(a, b):
        return time.ticks_diff(b, a) / 1e6
except AttributeError:
    _ticks = time.perf_counter

    def _seconds(a, b):
        return b - a

IDENT1, IDENT2, IDENT3, IDENT4, IDENT5 = 1, 2, 3, 4, 5


class Rec:
    def __init__(self, link=None, discr=0, enum=0, num=0, text=""):
        self.link = link
        self.discr = discr
        self.enum = enum
        self.num = num
        self.text = text

    def dup(self):
        return Rec(self.link, self.discr, self.enum, self.num, self.text)


class Bench:
    """Shared state of one run (the C version keeps these as globals)."""

    def __init__(self):
        self.int_glob = 0
        self.bool_glob = False
        self.ch1 = "\0"
        self.ch2 = "\0"
        self.arr1 = [0] * 51
        self.arr2 = [[0] * 51 for _ in range(51)]
        self.ptr = None
        self.next_ptr = None

    def run(self, loops):
        self.next_ptr = Rec()
        self.ptr = Rec(self.next_ptr, IDENT1, IDENT3, 40,
                       "DHRYSTONE PROGRAM, SOME STRING")
        s1 = "DHRYSTONE PROGRAM, 1'ST STRING"
        self.arr2[8][7] = 10
        t0 = _ticks()
        for _ in range(loops):
            self.p5()
            self.p4()
            a = 2
            b = 3
            s2 = "DHRYSTONE PROGRAM, 2'ND STRING"
            e = IDENT2
            self.bool_glob = not self.f2(s1, s2)
            while a < b:
                c = 5 * a - b
                c = self.p7(a, b)
                a = a + 1
            self.p8(self.arr1, self.arr2, a, c)
            self.ptr = self.p1(self.ptr)
            ch = "A"
            while ch <= self.ch2:
                if e == self.f1(ch, "C"):
                    e = self.p6(IDENT1)
                ch = chr(ord(ch) + 1)
            c = b * a
            b = c // a
            b = 7 * (c - b) - a
            a = self.p2(a)
        return _seconds(t0, _ticks())

    def p1(self, p):
        nxt = self.ptr.dup()
        p.link = nxt
        p.num = 5
        nxt.num = p.num
        nxt.link = p.link
        nxt.link = self.p3(nxt.link)
        if nxt.discr == IDENT1:
            nxt.num = 6
            nxt.enum = self.p6(p.enum)
            nxt.link = self.ptr.link
            nxt.num = self.p7(nxt.num, 10)
        else:
            p = nxt.dup()
        nxt.link = None
        return p

    def p2(self, x):
        loc = x + 10
        while True:
            if self.ch1 == "A":
                loc = loc - 1
                x = loc - self.int_glob
                e = IDENT1
            else:
                e = IDENT1
            if e == IDENT1:
                break
        return x

    def p3(self, p):
        if self.ptr is not None:
            p = self.ptr.link
        else:
            self.int_glob = 100
        self.ptr.num = self.p7(10, self.int_glob)
        return p

    def p4(self):
        b = self.ch1 == "A"
        b = b or self.bool_glob
        self.ch2 = "B"

    def p5(self):
        self.ch1 = "A"
        self.bool_glob = False

    def p6(self, e):
        out = e
        if not self.f3(e):
            out = IDENT4
        if e == IDENT1:
            out = IDENT1
        elif e == IDENT2:
            out = IDENT1 if self.int_glob > 100 else IDENT4
        elif e == IDENT3:
            out = IDENT2
        elif e == IDENT5:
            out = IDENT3
        return out

    def p7(self, a, b):
        return b + a + 2

    def p8(self, arr1, arr2, a, b):
        loc = a + 5
        arr1[loc] = b
        arr1[loc + 1] = arr1[loc]
        arr1[loc + 30] = loc
        for i in range(loc, loc + 2):
            arr2[loc][i] = loc
        arr2[loc][loc - 1] = arr2[loc][loc - 1] + 1
        arr2[loc + 20][loc] = arr1[loc]
        self.int_glob = 5

    def f1(self, c1, c2):
        if c1 != c2:
            return IDENT1
        return IDENT2

    def f2(self, s1, s2):
        i = 1
        while i <= 1:
            if self.f1(s1[i], s2[i + 1]) == IDENT1:
                c = "A"
                i = i + 1
        if "W" <= c <= "Z":
            i = 7
        if c == "X":
            return True
        if s1 > s2:
            self.int_glob = i + 7
            return True
        return False

    def f3(self, e):
        return e == IDENT3


def pystones(loops=20000):
    """Loops per second (the pystone figure)."""
    secs = Bench().run(loops)
    return loops / secs if secs > 0 else 0.0


if __name__ == "__main__":
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    print("pystones/s %d" % pystones(n))
