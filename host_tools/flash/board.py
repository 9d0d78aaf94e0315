"""Talk to a MicroPython board's REPL through mpremote's serial transport.

Only what flashing needs: ask what firmware runs, hash files on the board
(the board does the hashing, so unchanged files never cross the cable),
write and remove files, soft-reset.  Paths are relative: the board's cwd is
its flash root, and in devsim the folder that stands for it.
"""
import ast
import base64
import contextlib
import io
import time

from host_tools.flash.common import FlashError, Progress

# Runs on the board (MicroPython): print "path sha256" for every .py/.mpy
# under ROOTS and for each of FILES that exists.  Iterative walk, bounded.
SCAN = """
import os, hashlib, binascii
def _h(p):
    h = hashlib.sha256()
    f = open(p, 'rb')
    while True:
        b = f.read(1024)
        if not b:
            break
        h.update(b)
    f.close()
    return binascii.hexlify(h.digest()).decode()
def _walk(top):
    st = [top]
    n = 0
    while st and n < 400:
        d = st.pop()
        n += 1
        for e in os.ilistdir(d):
            p = d + '/' + e[0]
            if e[1] & 0x4000:
                st.append(p)
            elif p.endswith('.py') or p.endswith('.mpy'):
                print(p, _h(p))
for t in %r:
    try:
        _walk(t)
    except OSError:
        pass
for p in %r:
    try:
        print(p, _h(p))
    except OSError:
        pass
"""

# Runs on the board: repr() of every file's path, whole filesystem, bounded.
LIST_FILES = """
import os
st = ['']
n = 0
while st and n < 400:
    d = st.pop()
    n += 1
    for e in (os.ilistdir(d) if d else os.ilistdir()):
        p = d + '/' + e[0] if d else e[0]
        if e[1] & 0x4000:
            st.append(p)
        else:
            print(repr(p))
"""

MKDIRS = """
import os
for d in %r:
    try:
        os.mkdir(d)
    except OSError:
        pass
"""


def version_string(impl_version):
    """(1, 27, 0, '') -> '1.27.0'; (1, 29, 0, 'preview') -> '1.29.0-preview'."""
    s = "%d.%d.%d" % tuple(impl_version[:3])
    if len(impl_version) > 3 and impl_version[3]:
        s += "-" + impl_version[3]
    return s


class Board:
    """An open REPL connection.  Every failure becomes a FlashError."""

    def __init__(self, port, timeout=10.0):
        from mpremote.transport_serial import SerialTransport
        from mpremote.transport import TransportError
        self._TransportError = TransportError
        self.port = port
        self.timeout = timeout
        # Retry briefly: a port can be busy for a moment (a board re-enumerating
        # on USB; another process's fork still holding our last open of it).
        deadline = time.monotonic() + 1.0
        while True:
            try:
                # A read timeout keeps a silent device from hanging us forever.
                self.t = SerialTransport(port, baudrate=115200, timeout=1)
                break
            except (TransportError, OSError) as e:
                if time.monotonic() > deadline:
                    raise FlashError("cannot open %s (gone, or another program "
                                     "holds it): %s" % (port, e)) from None
                time.sleep(0.05)

    def close(self):
        try:
            if self.t.in_raw_repl:
                self.t.exit_raw_repl()
            self.t.close()
        except OSError:
            pass            # e.g. a pty refusing RTS/DTR: still let go of the port
        finally:
            self.t.serial.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _silent(self):
        return FlashError("device on %s never answered the MicroPython REPL"
                          % self.port)

    def raw(self, soft_reset=False):
        """Enter the raw REPL (optionally soft-resetting on the way)."""
        try:
            # mpremote prints what it got when this fails; we say it in one line.
            with contextlib.redirect_stdout(io.StringIO()):
                self.t.enter_raw_repl(soft_reset=soft_reset,
                                      timeout_overall=self.timeout)
        except (self._TransportError, OSError):
            raise self._silent() from None

    def run(self, code):
        """Execute code on the board, return its stdout as text."""
        if not self.t.in_raw_repl:
            self.raw()
        try:
            return self.t.exec(code).decode()
        except self._TransportError as e:
            err = getattr(e, "error_output", "") or str(e)
            lines = err.strip().splitlines()
            raise FlashError("device error: %s" % (lines[-1] if lines else e)) from None
        except OSError as e:
            raise FlashError("lost %s: %s" % (self.port, e)) from None

    def firmware(self):
        """(version, machine) of the running MicroPython, e.g.
        ('1.27.0', 'Generic ESP32 module with SPIRAM with ESP32')."""
        out = self.run("import sys\nprint(repr((tuple(sys.implementation.version),"
                       " getattr(sys.implementation, '_machine', ''))))")
        ver, machine = ast.literal_eval(out.strip())
        return version_string(ver), machine

    def mpy_abi(self):
        """sys.implementation._mpy: which .mpy files this board can load."""
        return int(self.run("import sys\nprint(getattr(sys.implementation, "
                            "'_mpy', 0))").strip())

    def start_app(self):
        """Leave the raw REPL and soft-reset in the friendly one, where a
        board runs main.py.  Nothing is awaited: the app owns the port now."""
        try:
            if self.t.in_raw_repl:
                self.t.exit_raw_repl()
            self.t.serial.write(b"\x04")
        except OSError as e:
            raise FlashError("lost %s: %s" % (self.port, e)) from None

    def hashes(self, roots, files):
        """{path: sha256 hex} for .py/.mpy files under roots, and files."""
        out = self.run(SCAN % (list(roots), list(files)))
        found = {}
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 2:
                found[parts[0]] = parts[1]
        return found

    def mkdirs(self, dirs):
        """Create these folders and their parents (existing ones are fine)."""
        want = set()
        for d in dirs:
            parts = d.strip("/").split("/")
            want.update("/".join(parts[:i + 1]) for i in range(len(parts)) if parts[i])
        if want:
            self.run(MKDIRS % (sorted(want, key=len),))

    def write(self, path, data, progress=None, chunk=1024):
        """Write bytes to a file on the board.  Sent as base64 (1.33 bytes on
        the wire per byte, where mpremote's repr() costs 2.3 for .mpy)."""
        try:
            self.run("import binascii\n_f=open(%r,'wb')\n_w=_f.write\n"
                     "_a=binascii.a2b_base64" % path)
            for i in range(0, len(data), chunk):
                self.t.exec("_w(_a(%r))" % base64.b64encode(data[i:i + chunk]))
                if progress:
                    progress(min(i + chunk, len(data)))
            self.run("_f.close()")
        except self._TransportError as e:
            err = (getattr(e, "error_output", "") or str(e)).strip().splitlines()
            raise FlashError("cannot write %s on the device: %s"
                             % (path, err[-1] if err else e)) from None
        except OSError as e:
            raise FlashError("lost %s: %s" % (self.port, e)) from None

    def read(self, path):
        """File contents as text, or None if the board has no such file."""
        out = self.run("try:\n f=open(%r)\n print(repr(f.read()))\n f.close()\n"
                       "except OSError:\n print('None')" % path)
        return ast.literal_eval(out.strip())

    def files(self):
        """Every file on the board's filesystem (relative paths)."""
        return [ast.literal_eval(line) for line in self.run(LIST_FILES).splitlines()
                if line.strip()]

    def read_bytes(self, path):
        if not self.t.in_raw_repl:
            self.raw()
        try:
            return bytes(self.t.fs_readfile(path, chunk_size=512))
        except (self._TransportError, OSError) as e:
            raise FlashError("cannot read %s from the device: %s" % (path, e)) from None

    def remove(self, paths):
        if paths:
            self.run("import os\nfor p in %r:\n os.remove(p)" % (sorted(paths),))

    def soft_reset(self):
        """Ctrl-D from the raw REPL: the board restarts its interpreter
        (boot.py runs) and comes back in the raw REPL."""
        if not self.t.in_raw_repl:
            self.raw()
        self.t.in_raw_repl = False
        self.raw(soft_reset=True)


def reset_board(port):
    """Pulse EN through RTS with DTR released (GPIO0 high: a normal boot), as
    the auto-reset circuit of ESP32 boards allows.  Wakes a board from deep
    sleep and ends a mode that ignores Ctrl-C.  Ports without modem lines
    (pty, socket) just ignore it."""
    import serial
    try:
        s = serial.serial_for_url(port, do_not_open=True, baudrate=115200)
        s.dtr = False
        s.rts = False
        s.open()
        try:
            s.rts = True
            time.sleep(0.1)
            s.rts = False
        finally:
            s.close()
    except (OSError, ValueError, serial.SerialException):
        pass


def wait_for_repl(port, seconds, poll=1.0):
    """After a flash the board boots (first boot formats its filesystem):
    keep knocking until the REPL answers; return (version, machine)."""
    start = time.monotonic()
    deadline = start + seconds
    last = ""
    with Progress("boot", int(seconds), unit="s") as bar:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise FlashError("device on %s never answered the REPL within %g s%s"
                                 % (port, seconds, last))
            try:
                with Board(port, timeout=max(0.5, min(left, 3.0))) as b:
                    found = b.firmware()
                took = max(1, int(round(time.monotonic() - start)))
                bar.total = took                    # the bar ends at what it took
                bar.update(took)
                return found
            except FlashError as e:
                # a USB board may vanish while it reboots: say so if it stays gone
                last = "" if "never answered" in str(e) else " (last: %s)" % e
            time.sleep(min(poll, max(0.0, deadline - time.monotonic())))
            bar.update(int(time.monotonic() - start))
