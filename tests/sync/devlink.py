"""Test rig: the MicroPython unix port as the handheld, behind a fault proxy.

Device: `micropython device_main.py` with stdin/stdout on a raw pty, its
working folder standing for the flash filesystem.  FaultProxy: a loopback
TCP port the host tool opens as `socket://127.0.0.1:N` (pyserial), joined to
the device's pty; it cuts both byte streams into frames and, as its plan
says, drops bytes, flips bits, duplicates, truncates or loses frames, adds
noise, stalls the line before chosen bytes, hangs up on the host, or resets
the device.

The device is started the way host_tools.devsim starts its interpreter
(spawn_on_pty), but is not a DevSim: DevSim restarts an interpreter that
exits (a board's soft reset) and puts stderr on the line, which would hide
the crashes these tests must see (alive(), stderr.txt, the process's fds).
"""
import os
import random
import select
import signal
import socket
import threading
import time
import tty
from collections import Counter

from host_tools.devsim import spawn_on_pty
from sync import protocol as P

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SYNC_MP = os.path.join(ROOT, "tests", "sync_mp")   # device_main.py, heap_stream.py
MP = os.path.join(ROOT, ".venv", "bin", "micropython")
FAULTS = ("drop", "flip", "dup", "trunc", "lose", "noise", "disconnect", "reset")


class Device:
    """One MicroPython process serving sync; reset() = power cycle.  As a
    context manager (like FaultProxy) it is killed on leaving."""

    def __init__(self, folder, device_id="dev-test", version="test-1", quiet_ms=20,
                 heap="96k", repl=False):
        """repl=True: a bare interactive REPL (the host starts sync itself).
        heap: the stand-in runs from source (compiling costs heap) and at
        64k SETTINGS ran out of heap by the checkout's path length; the
        device's own heap figure is test_sync_heap's (compiled, 34k)."""
        self.folder = str(folder)
        self.repl = repl
        self.quiet_ms = quiet_ms
        self.heap = heap
        self.resets = 0
        self.proc = None
        # held by the proxy for each pass over the fds and by reset(), so a
        # reset from the test thread never swaps the pty under a read/write
        self.lock = threading.RLock()
        with open(os.path.join(self.folder, "device_id"), "w") as f:
            f.write(device_id)
        with open(os.path.join(self.folder, "version.json"), "w") as f:
            f.write('{"version": "%s"}' % version)
        self.start()

    def start(self):
        args = [MP, "-X", "heapsize=" + self.heap]
        if not self.repl:
            args += [os.path.join(SYNC_MP, "device_main.py"), str(self.quiet_ms)]
        # stderr to a file, not the pty: a traceback is a crash the tests
        # report, never bytes on the line
        with open(os.path.join(self.folder, "stderr.txt"), "ab") as err:
            self.proc, self.fd = spawn_on_pty(args, self.folder, os.path.join(ROOT, "firmware"),
                                              stderr=err)
        os.set_blocking(self.fd, False)

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        os.close(self.fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.kill()

    def reset(self):
        with self.lock:
            self.kill()
            self.resets += 1
            self.start()

    def alive(self):
        with self.lock:
            return self.proc.poll() is None

    def stderr(self):
        with open(os.path.join(self.folder, "stderr.txt")) as f:
            return f.read()


class RandomPlan:
    """Each frame is hit with probability p, by a fault drawn from kinds."""

    def __init__(self, seed, p=0.25, kinds=FAULTS):
        self.rng = random.Random(seed)
        self.p = p
        self.kinds = kinds

    def __call__(self, direction, index, frame):
        if self.rng.random() < self.p:
            return self.rng.choice(self.kinds)
        return None


class StallPlan:
    """Before each byte, with probability p, the line stalls lo..hi seconds
    (both ways: the proxy waits).  The action is ("stall", [(offset,
    seconds), ...]) for the frame's bytes."""

    def __init__(self, seed, p=0.02, lo=0.01, hi=0.4):
        self.rng = random.Random(seed)
        self.p, self.lo, self.hi = p, lo, hi

    def __call__(self, direction, index, frame):
        rng = self.rng
        pauses = [(i, rng.uniform(self.lo, self.hi)) for i in range(len(frame))
                  if rng.random() < self.p]
        return ("stall", pauses) if pauses else None


class HangUpAfter:
    """Hang up on the host right after frame number n of the connection."""

    def __init__(self, n):
        self.n = n

    def __call__(self, direction, index, frame):
        return "disconnect" if index == self.n else None


def fast_close(ser):
    """pyserial's socket:// close() sleeps 0.3 s; tests hang up at once."""
    sock = getattr(ser, "_socket", None)
    if sock is None:
        ser.close()
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
    ser._socket = None
    ser.is_open = False


class PtyHost:
    """The host end as a real pty (the path a USB serial port would have);
    stands in for the accepted socket in FaultProxy."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)

    def fileno(self):
        return self.master

    def recv(self, n):
        return os.read(self.master, n)

    def sendall(self, data):
        os.write(self.master, data)

    def close(self):
        pass


class FaultProxy(threading.Thread):
    """host="tcp": the host opens self.url (socket://); "pty": a pty path."""

    def __init__(self, device, plan=None, seed=1, host="tcp", raw=False, asleep=0):
        """raw=True passes bytes through untouched (REPL text is no frame);
        asleep=n: a light-sleeping board, whose UART loses every byte up to
        the n-th Ctrl-C (those woke it; counted as "asleep")."""
        super().__init__(daemon=True)
        self.raw = raw
        self.asleep = asleep
        self.device = device
        self.plan = plan
        self.rng = random.Random(seed)
        self.counts = Counter()
        self.torn = 0       # frames a reset cut off mid-write (dropped here)
        self.lsock = socket.socket()
        self.lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.lsock.bind(("127.0.0.1", 0))
        self.lsock.listen(1)
        self.port = self.lsock.getsockname()[1]
        self.url = "socket://127.0.0.1:%d" % self.port
        self.pty = None
        if host == "pty":
            self.pty = PtyHost()
            self.url = self.pty.path
        self.stopping = False
        self.error = None
        self.start()

    def faults(self):
        return sum(self.counts.values())

    def stop(self):
        self.stopping = True
        self.join(5)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    def run(self):
        try:
            self._run()
        except Exception as e:      # surfaced by the test through .error
            self.error = e
            raise

    def _run(self):
        host = self.pty
        dec = {"h2d": P.Decoder(), "d2h": P.Decoder()}
        index = 0
        while not self.stopping:
            with self.device.lock:
                socks = [self.lsock, self.device.fd] + ([host] if host else [])
                try:
                    ready = select.select(socks, [], [], 0.05)[0]
                except (OSError, ValueError):   # the device was reset under us
                    continue
                if self.lsock in ready:
                    if host:
                        host.close()
                    host = self.lsock.accept()[0]
                    host.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    dec = {"h2d": P.Decoder(), "d2h": P.Decoder()}
                    index = 0
                if host and host in ready:
                    try:
                        data = host.recv(4096)
                    except OSError:
                        data = b""
                    if not data:
                        host.close()
                        host = None
                    elif self.raw:
                        os.write(self.device.fd, self._awake(data))
                    else:
                        dec["h2d"].feed(data)
                if self.device.fd in ready:
                    try:
                        data = os.read(self.device.fd, 4096)
                    except OSError:
                        data = b""
                    if host and self.raw:
                        host.sendall(data)
                    elif host:
                        dec["d2h"].feed(data)
                for direction in ("h2d", "d2h"):
                    while host:
                        try:
                            fr = dec[direction].next()
                        except P.FrameError:     # torn by a device reset
                            self.torn += 1
                            continue
                        if fr is None:
                            break
                        index += 1
                        frame = P.encode(*fr)
                        action = self.plan(direction, index, frame) if self.plan else None
                        host = self._deliver(direction, frame, action, host)

    def _awake(self, data):
        """What of the host's bytes a sleeping board hears."""
        while self.asleep and data:
            i = data.find(b"\x03")
            self.counts["asleep"] += len(data) if i < 0 else i + 1
            if i < 0:
                return b""
            data = data[i + 1:]
            self.asleep -= 1
        return data

    def _deliver(self, direction, frame, action, host):
        rng = self.rng
        out = [frame]
        pauses = ()
        if isinstance(action, tuple):
            action, pauses = action
            self.counts[action] += len(pauses) - 1
        if action:
            self.counts[action] += 1
        if action == "drop":
            b = bytearray(frame)
            for _ in range(rng.randint(1, 3)):
                del b[rng.randrange(len(b))]
            out = [bytes(b)]
        elif action == "flip":
            b = bytearray(frame)
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            out = [bytes(b)]
        elif action == "dup":
            out = [frame, frame]
        elif action == "trunc":
            out = [frame[:rng.randrange(1, len(frame))]]
        elif action == "lose":
            out = []
        elif action == "noise":
            out = [bytes(rng.randrange(256) for _ in range(rng.randint(1, 12))), frame]
        data = b"".join(out)
        start = 0
        for at, secs in list(pauses) + [(len(data), 0)]:
            try:
                if direction == "h2d":
                    os.write(self.device.fd, data[start:at])
                else:
                    host.sendall(data[start:at])
            except OSError:
                pass
            time.sleep(secs)
            start = at
        if action == "disconnect":
            host.close()
            return None
        if action == "reset":
            self.device.reset()
        return host
