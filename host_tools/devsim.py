"""A MicroPython board on a serial line, without the board.

mpremote, the flash tool and the sync tests talk to a pty (or a loopback TCP
port, `socket://127.0.0.1:N`) exactly as they talk to a USB serial board.
Behind it runs the MicroPython unix port on a raw pty, started in a folder
that stands for the board's flash (relative paths land there; the board's
cwd is `/` so the same paths work on both).

The unix port exits where a board soft-resets (Ctrl-D), so the bridge prints
what a board prints ("MPY: soft reboot") and starts a fresh interpreter in the
REPL mode the board would come back in (raw if the host had entered raw REPL).

With run_main, a reset into the friendly REPL (hard_reset(), or Ctrl-D there)
runs main.py first, as a board does.  Limits, by design: Ctrl-C does not
interrupt running code (the unix port only sees it as a byte on a raw pty),
DTR/RTS do nothing.

    python -m host_tools.devsim FOLDER [--tcp PORT]   # prints the port name
"""
import os
import pty
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import tty

from host_tools.options import Parser, heap_size, out_dir, whole

BANNER_END = b">>> "
SOFT_REBOOT = b"MPY: soft reboot\r\n"


def micropython_exe():
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    return exe if os.path.exists(exe) else "micropython"


def spawn_on_pty(cmd, folder, micropypath, stderr=None):
    """Start cmd (the unix port) in folder with stdin and stdout on a fresh
    raw pty, like a board's UART; stderr there too unless a file is given.
    Returns (process, our end of the pty)."""
    master, slave = pty.openpty()
    tty.setraw(slave)
    try:
        proc = subprocess.Popen(cmd, stdin=slave, stdout=slave,
                                stderr=slave if stderr is None else stderr,
                                cwd=folder, env=dict(os.environ, MICROPYPATH=micropypath),
                                close_fds=True, start_new_session=True)
    finally:
        os.close(slave)
    return proc, master


class DevSim:
    """One simulated board.  start() returns the port name to open."""

    def __init__(self, folder, tcp_port=None, heap=None, exe=None, run_main=False):
        self.folder = os.path.abspath(folder)
        self.tcp_port = tcp_port
        self.heap = heap
        self.exe = exe or micropython_exe()
        self.run_main = run_main  # run main.py after a reset into the friendly REPL
        self.resets = 0          # soft resets seen (the tests count them)
        self.raw = False         # REPL mode the host last asked for
        self.port = None
        self._child = None
        self._cfd = None         # our end of the interpreter's pty
        self._to_child = bytearray()
        self._to_host = bytearray()
        self._stop = threading.Event()
        self._want_hard_reset = threading.Event()
        self._reset_done = threading.Event()
        self._banner = None
        self._ready = False      # the interpreter reads what we send (see _spawn)
        self._seen = b""         # its output's tail until then
        self._thread = None
        self._lsock = self._conn = None
        self._hm = self._hs = None

    # -- lifecycle -------------------------------------------------------
    def start(self):
        os.makedirs(self.folder, exist_ok=True)
        if self.tcp_port is None:
            self._hm, self._hs = pty.openpty()
            tty.setraw(self._hs)   # kept open: the master never sees EIO
            os.set_blocking(self._hm, False)
            self.port = os.ttyname(self._hs)
        else:
            self._lsock = socket.socket()
            self._lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self._lsock.bind(("127.0.0.1", self.tcp_port))
            self._lsock.listen(1)
            self._lsock.setblocking(False)
            self.port = "socket://127.0.0.1:%d" % self._lsock.getsockname()[1]
        self._spawn()
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()
        return self.port

    def stop(self):
        self._stop.set()
        if self._thread:
            self._thread.join(5)
        self._kill_child()
        for fd in (self._hm, self._hs):
            if fd is not None:
                os.close(fd)
        for s in (self._conn, self._lsock):
            if s is not None:
                s.close()
        self._hm = self._hs = self._conn = self._lsock = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    # -- the interpreter -------------------------------------------------
    def _spawn(self):
        cmd = [self.exe] + (["-X", "heapsize=%s" % self.heap] if self.heap else [])
        if self.run_main and not self.raw and os.path.exists(
                os.path.join(self.folder, "main.py")):
            cmd += ["-i", "main.py"]        # run it, then the REPL, as a board does
        self._child, self._cfd = spawn_on_pty(cmd, self.folder, ":.frozen:lib")
        # The unix port's REPL sets its terminal mode with TCSAFLUSH, which
        # throws away whatever was typed before: a board's UART keeps it.
        # What the host sends waits here until the first prompt; a main.py
        # run first reads stdin as it comes (nothing is flushed before it).
        self._ready = "-i" in cmd
        self._seen = b""
        # A board coming back in raw mode shows no banner: hide the unix
        # port's, then enter raw REPL (done in the pump, never blocking it).
        self._banner = bytearray() if self.raw else None

    def _kill_child(self):
        if self._child is not None:
            if self._child.poll() is None:
                self._child.kill()
            self._child.wait()
            self._child = None
        if self._cfd is not None:
            os.close(self._cfd)
            self._cfd = None

    def _soft_reset(self):
        self._kill_child()
        self.resets += 1
        self._to_child.clear()
        self._to_host += SOFT_REBOOT
        self._spawn()

    def _hard_reset(self):
        self._kill_child()
        self.resets += 1
        self._to_child.clear()
        self.raw = False                    # a board always boots friendly
        self._spawn()

    def hard_reset(self):
        """Like pressing EN: the interpreter is killed wherever it is and a
        fresh one boots (running main.py if run_main).  Returns once it has
        started, so what the host sends next reaches the new interpreter."""
        self._reset_done.clear()
        self._want_hard_reset.set()
        if not self._reset_done.wait(10):
            raise RuntimeError("devsim: hard reset did not happen")

    # -- the bridge ------------------------------------------------------
    def _host_rfd(self):
        if self._hm is not None:
            return self._hm
        return self._conn if self._conn is not None else self._lsock

    def _from_host(self, data):
        for b in data:          # Ctrl-A enters raw REPL, Ctrl-B leaves it
            if b == 1:
                self.raw = True
            elif b == 2:
                self.raw = False
        self._to_child += data

    def _read_host(self, fd):
        if fd is self._lsock:
            conn, _ = self._lsock.accept()
            if self._conn is not None:
                self._conn.close()
            self._conn = conn
            self._to_host.clear()   # a fresh connection sees only new output
            return
        try:
            data = os.read(fd, 4096) if fd is self._hm else fd.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if data:
            self._from_host(data)
        elif fd is self._conn:
            self._conn.close()
            self._conn = None

    def _write_host(self):
        if self._hm is None and self._conn is None:
            self._to_host.clear()           # the host hung up in this same pass
            return
        try:
            if self._hm is not None:
                n = os.write(self._hm, self._to_host)
            else:
                n = self._conn.send(self._to_host)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            n = len(self._to_host)          # nobody listening: bytes are lost
        del self._to_host[:n]

    def _pump(self):
        while not self._stop.is_set():
            if self._want_hard_reset.is_set():
                self._want_hard_reset.clear()
                self._hard_reset()
                self._reset_done.set()
            hfd = self._host_rfd()
            host_w = self._hm if self._hm is not None else self._conn
            if host_w is None:
                self._to_host.clear()       # no cable: output goes nowhere
            rl = [self._cfd, hfd]
            wl = []
            if self._to_host and host_w is not None:
                wl.append(host_w)
            if self._to_child and self._ready:
                wl.append(self._cfd)
            r, w, _ = select.select(rl, wl, [], 0.05)
            if self._cfd in r:
                try:
                    data = os.read(self._cfd, 4096)
                except OSError:
                    data = b""
                if not data:            # the interpreter exited: soft reset
                    self._soft_reset()
                    continue
                if not self._ready:
                    self._seen = (self._seen + data)[-len(BANNER_END):]
                    self._ready = self._seen == BANNER_END
                if self._banner is not None:
                    self._banner += data
                    if self._banner.endswith(BANNER_END):
                        self._banner = None
                        self._to_child[:0] = b"\x01"
                    continue
                self._to_host += data
            if hfd in r:
                self._read_host(hfd)
            if host_w is not None and host_w in w:
                self._write_host()
            if self._cfd in w and self._to_child and self._ready:
                try:
                    n = os.write(self._cfd, self._to_child)
                    del self._to_child[:n]
                except OSError:
                    pass


def main(argv=None):
    ap = Parser("devsim", description="A MicroPython board on a serial line, without the "
                "board: the unix port behind a pty (or a TCP port), for mpremote, the "
                "flash tool and sync to talk to as to a USB board.")
    ap.add_argument("folder", type=out_dir, help="folder that stands for the board's flash")
    ap.add_argument("--tcp", type=whole(0, 65535), metavar="PORT",
                    help="listen on 127.0.0.1:PORT (0: any free port) instead of a pty "
                         "(default: a pty)")
    ap.add_argument("--heap", type=heap_size, help="MicroPython heap size, e.g. 2m (default: the unix port's own)")
    ap.add_argument("--run-main", action="store_true",
                    help="run main.py after each reset into the friendly REPL")
    args = ap.parse_args(argv)
    sim = DevSim(args.folder, tcp_port=args.tcp, heap=args.heap,
                 run_main=args.run_main)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))   # stop() still runs
    print(sim.start(), flush=True)
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        sim.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
