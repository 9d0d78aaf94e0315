"""The score log when the flash is full (both runtimes): an append the
flash cannot take raises OSError and loses nothing, every record before
it still reads, and once there is room the next append goes in after
them with a seq never used (a frame the full flash took in part is
closed first).  On MicroPython the flash is a real littlefs (vfs.VfsLfs2,
the ESP32's file system) on a RAM block device, filled by a file until
littlefs refuses; CPython has no littlefs: there a write stores part of
what it was given and then fails with ENOSPC, as littlefs's last write
did when it filled up (its file kept the part)."""
import builtins
import os
import sys

from sync import protocol as P
from sync import records as R
from sync.scorelog import ScoreLog
from synctmp import scratch, remove
from sync.matchid import reserve

BLOCK = 512           # small blocks: the 32-bit run has the RAM for 32 KB of flash, not 96
_open = builtins.open


class _Ram:
    """A RAM block device with the extended interface littlefs needs, a
    bytearray a block: no 32 KB at once, which the 32-bit build may not
    have free in one piece (this file runs late in one process, after the
    AI tests, whose heap use varies with their time budgets)."""

    def __init__(self, blocks):
        self.blocks = [bytearray(BLOCK) for _ in range(blocks)]

    def readblocks(self, n, buf, off=0):
        done = 0
        while done < len(buf):      # littlefs reads within a block; mkfs may not
            part = min(len(buf) - done, BLOCK - off)
            buf[done:done + part] = self.blocks[n][off:off + part]
            done += part
            n += 1
            off = 0

    def writeblocks(self, n, buf, off=0):
        done = 0
        while done < len(buf):
            part = min(len(buf) - done, BLOCK - off)
            self.blocks[n][off:off + part] = buf[done:done + part]
            done += part
            n += 1
            off = 0

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.blocks)
        if op == 5:
            return BLOCK
        return 0


if sys.implementation.name != "micropython":
    import io

    class _Part(io.BufferedWriter):
        """A binary file written as CPython's open() writes it, but while
        the flash is full a write keeps half and raises ENOSPC."""

        def __init__(self, path, mode, flash):
            super().__init__(io.FileIO(path, mode))
            self.flash = flash

        def write(self, b):
            if self.flash.full:
                super().write(bytes(b[:len(b) // 2]))
                raise OSError(28, "No space left on device")
            return super().write(b)


class Flash:
    def __init__(self):
        self.full = False
        if sys.implementation.name == "micropython":
            import vfs
            self.root = "/fullflash-%d" % id(self)
            dev = _Ram(64)
            vfs.VfsLfs2.mkfs(dev)
            vfs.mount(vfs.VfsLfs2(dev), self.root)
        else:
            self.root = scratch("fullflash")
            os.mkdir(self.root)
            flash = self

            def full_open(path, mode="r", *args):
                if path.startswith(flash.root) and ("w" in mode or "a" in mode):
                    return _Part(path, mode, flash)     # the score log's: binary
                return _open(path, mode, *args)
            builtins.open = full_open

    def fill(self):
        """Until the flash refuses a write."""
        self.full = True
        if sys.implementation.name == "micropython":
            # each piece closed: littlefs keeps only what a close committed
            # (a file whose write failed is dropped whole at its close)
            while True:
                f = open(self.root + "/filler", "ab")
                try:
                    f.write(bytes(512))
                    f.close()
                except OSError:
                    try:
                        f.close()
                    except OSError:
                        pass
                    break

    def free(self):
        self.full = False
        if sys.implementation.name == "micropython":
            os.remove(self.root + "/filler")

    def close(self):
        if sys.implementation.name == "micropython":
            import vfs
            vfs.umount(self.root)
        else:
            builtins.open = _open
            for name in os.listdir(self.root):
                os.remove(self.root + "/" + name)
            os.rmdir(self.root)


def test_a_full_flash_refuses_a_record_and_loses_none():
    fl = Flash()
    try:
        path = fl.root + "/scores.log"
        log = ScoreLog(path)
        mid = reserve(log)
        for r in range(1, 31):              # a log past littlefs's inline files
            log.append_round(mid, r, ["Ann", "Ben"], [r, -r], [0, r], 0)
        fl.fill()
        refused = 0
        for r in range(31, 200):            # until the flash refuses one
            try:
                ScoreLog(path).append_round(mid, r, ["Ann", "Ben"], [r, -r], [0, r], 0)
            except OSError:
                refused = r
                break
        assert refused, "the full flash took every record"
        got = [R.decode(k, p)["round"] for k, s, p in ScoreLog(path).records() if k != P.LOG_START]
        assert got == list(range(1, refused)), got
        fl.free()
        log = ScoreLog(path)
        n = log.append_round(mid, refused, ["Ann", "Ben"], [0, 0], [0, 0], None)
        recs = [(s, R.decode(k, p)["round"]) for k, s, p in ScoreLog(path).records()
                if k != P.LOG_START]
        assert [r for _, r in recs] == list(range(1, refused + 1))
        assert n == recs[-1][0] and n > recs[-2][0]
        assert ScoreLog(path).refresh().tail_bad == 0
    finally:
        fl.close()
        remove(fl.root)
