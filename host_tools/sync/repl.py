"""`sync --repl`: start the sync endpoint through the MicroPython REPL
(interrupt the app, raw REPL, import sync.endpoint) and soft-reset the
board afterwards, as mpremote drives a board.  Every wait has a timeout."""
import time

from host_tools.sync.link import SyncError


def read_until(ser, marker, timeout, buf=b""):
    """Bytes up to and including marker (buf: what was already read);
    SyncError if it does not come."""
    deadline = time.monotonic() + timeout
    while marker not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            raise SyncError("no MicroPython REPL answered on the port (waited for %r, got %r)"
                            % (marker, buf[-60:]))
        ser.timeout = left
        buf += ser.read(1)
        ser.timeout = 0
        buf += ser.read(4096)
    return buf


READY = b"SYNC-READY"
RAW_REPL = b"raw REPL; CTRL-B to exit\r\n>"
KNOCK = 0.3            # seconds an interrupt waits for the raw REPL


def enter_repl_sync(ser, timeout=2.0):
    """Interrupt the running app and start the sync endpoint through the raw
    REPL (as mpremote drives it).  A board light-sleeping between polls may
    miss an interrupt, so it is sent again every KNOCK seconds until the
    raw REPL answers or timeout passes.  The board prints READY once the
    endpoint is imported; a traceback instead (raw REPL: OK, output, \\x04,
    error, \\x04>) says the app is not on the board, or what else went wrong."""
    deadline = time.monotonic() + timeout
    while True:
        ser.write(b"\r\x03\x03")
        time.sleep(0.05)
        ser.reset_input_buffer()
        ser.write(b"\r\x01")
        try:
            read_until(ser, RAW_REPL, min(KNOCK, max(0.0, deadline - time.monotonic())))
            break
        except SyncError:
            if time.monotonic() >= deadline:
                raise
    ser.write(b"import sync.endpoint as e\nprint('SYNC-' + 'READY')\ne.run()\n\x04")
    buf = read_until(ser, b"OK", timeout)
    buf = buf[buf.index(b"OK") + 2:]
    deadline = time.monotonic() + timeout
    while READY not in buf and b"\x04>" not in buf:
        if time.monotonic() > deadline:
            raise SyncError("the board did not start sync mode (got %r)" % buf[-60:])
        buf += _more(ser)
    if READY in buf:
        return
    err = buf.split(b"\x04")[1].decode("utf-8", "replace").strip()
    last = err.splitlines()[-1] if err else "no message"
    ser.write(b"\x02")               # leave the raw REPL as it was
    if "ImportError" in err and "'sync" in err:      # no module named 'sync(.endpoint)'
        raise SyncError("the app is not on the board (%s); flash it first: "
                        "make flash PORT=..." % last)
    raise SyncError("sync mode did not start on the board: %s" % last)


def _more(ser):
    """What is waiting on the line, after at most a short wait."""
    ser.timeout = 0.05
    b = ser.read(1)
    ser.timeout = 0
    return b + ser.read(4096)


def leave_repl_sync(ser, link, timeout=2.0):
    """After BYE: wait for the raw REPL prompt (maybe already read along
    with the last frame), then soft-reset so main.py (the app) restarts."""
    read_until(ser, b"\x04>", timeout, link.dec.held())
    ser.write(b"\x02")
    time.sleep(0.05)
    ser.write(b"\x04")
