"""A real-directory filesystem that loses power after a byte budget.

Every byte written and every metadata step (open-for-write, rename, remove)
spends one unit; when the budget runs out the write stops part-way and
PowerCut is raised, leaving the real files exactly as a cut would.
Runs on CPython and MicroPython.
"""
import os
import sys
import time


class PowerCut(Exception):
    pass


class CutFile:
    def __init__(self, f, fs):
        self.f = f
        self.fs = fs

    def write(self, b):
        n = min(len(b), self.fs.budget)
        self.f.write(b[:n])
        self.fs.budget -= n
        self.fs.spent += n
        if n < len(b):
            self.f.close()
            raise PowerCut()
        return n

    def flush(self):
        self.f.flush()

    def close(self):
        self.f.close()


class CutFs:
    def __init__(self, budget=1 << 30):
        self.budget = budget
        self.spent = 0

    def _op(self):
        if self.budget <= 0:
            raise PowerCut()
        self.budget -= 1
        self.spent += 1

    def open(self, p, mode):
        if "w" in mode:
            self._op()
            return CutFile(open(p, mode), self)
        return open(p, mode)

    def rename(self, a, b):
        self._op()
        os.rename(a, b)

    def remove(self, p):
        self._op()
        os.remove(p)

    def stat(self, p):
        return os.stat(p)

    def sync(self):
        pass


_n = [0]


def _scratch():
    """/dev/shm when there is one: the cut tests rename thousands of
    files, and on a disk each rename over a file waits for a flush."""
    try:
        os.stat("/dev/shm")
        return "/dev/shm"
    except OSError:
        return "/tmp"


def fresh_dir():
    _n[0] += 1
    # both runtimes may run this file at the same moment (pytest -n 2)
    base = "%s/hal_storage_%s_%d_%d" % (_scratch(), sys.implementation.name,
                                        int(time.time() * 1000) % 100000000, _n[0])
    try:
        os.mkdir(base)
    except OSError:
        pass
    clear_dir(base)
    return base


def clear_dir(d):
    for name in os.listdir(d):
        os.remove(d + "/" + name)


def remove_dir(d):
    clear_dir(d)
    os.rmdir(d)


def in_fresh_dir(test):
    """Decorator: the test gets a fresh folder as its argument, removed
    afterwards whatever happens (a plain test_ function for both runners)."""
    def run():
        d = fresh_dir()
        try:
            test(d)
        finally:
            remove_dir(d)
    return run
