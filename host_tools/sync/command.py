"""`python -m host_tools sync --port PORT`: pull new score records off a device.

HELLO, then GET batches after the last seq the database holds for this
device's log; each batch is committed to SQLite before it is acknowledged,
so the device only marks records synced once they are safe here, and a sync
cut off anywhere resumes from the database next time.  Damaged frames,
error replies and silences are retried with a fresh request seq; replies to
older requests are ignored, and resent records change nothing in the DB.
On a bad line a batch that does not get through is halved (down to one
record) and grows back, doubling after each batch that does, so a flaky
cable still moves records instead of retrying a batch too long to pass.
"""
import argparse
import struct
import sys
import time

from sync import protocol as P

from host_tools import prog
from host_tools.sync.db import Db, DbError, DEFAULT_PATH
from host_tools.sync.safetext import terminal

RECORD_KINDS = (P.LOG_START, P.ROUND, P.MATCH)


class SyncError(Exception):
    """The device did not give a usable answer (after retries)."""


LIVE_WAIT = 30         # timeouts one try may wait while bytes keep coming
SLOW_MAX = 8           # a try after a silent one waits twice as long, up to this many timeouts


class Link:
    """Framed requests over a pyserial port, with timeouts and retries."""

    def __init__(self, ser, timeout=1.0, quiet=0.1, retries=10, say=None):
        self.ser = ser
        self.timeout = timeout
        self.quiet = quiet
        self.retries = retries
        self.say = say or (lambda msg: None)
        self.dec = P.Decoder()
        self.seq = int(time.time()) & 0xFFFF    # request seqs differ per session
        self.bad_frames = 0
        self.retried = 0
        self.heard = 0.0       # when bytes last came in
        self.wait = timeout    # this try's wait: longer after silent tries

    def send(self, ftype, payload=b""):
        self.seq = (self.seq + 1) & 0xFFFFFFFF or 1
        self.ser.write(P.encode(ftype, self.seq, payload))
        return self.seq

    def recv(self, deadline):
        """Next intact frame, or None at the deadline; FrameError if damaged."""
        while True:
            fr = self.dec.next()
            if fr is not None:
                return fr
            now = time.monotonic()
            left = deadline - now
            if left <= 0:
                # a cut frame blocks the buffer, unless bytes are still coming
                if self.heard + self.wait <= now and self.dec.stale():
                    continue
                return None
            self.ser.timeout = left
            data = self.ser.read(1)
            if data:     # then whatever else is waiting, without blocking
                self.ser.timeout = 0
                self.dec.feed(data + self.ser.read(4096))
                self.heard = time.monotonic()

    def request(self, ftype, payload, expect, on_record=None, tries=None):
        """Send until the reply of type `expect` to this very request comes
        (at most `tries` times, default self.retries); return its payload.
        Every try asks the same, so a slow reply to an earlier try answers
        too.  While bytes keep coming (a slow line) a try waits on, up to
        LIVE_WAIT timeouts, instead of asking again behind the reply, and
        after a try that heard nothing the next waits twice as long (up to
        SLOW_MAX timeouts; an answer brings it back to one timeout): a line
        that stalls longer than the timeout still gets answers through.
        Record frames seen meanwhile go to on_record."""
        name = P.NAMES[ftype]
        tries = tries or self.retries
        asked = []
        for attempt in range(tries):
            if attempt:
                self.retried += 1
            seq = self.send(ftype, payload)
            asked.append(seq)
            deadline = time.monotonic() + self.wait
            cap = deadline + LIVE_WAIT * self.timeout
            why = no_answer = "no answer to %s" % name
            while True:
                try:
                    fr = self.recv(deadline)
                except P.FrameError as e:
                    self.bad_frames += 1
                    self.say("bad frame from device: %s" % e)
                    why = "damaged reply"
                    deadline = min(deadline, time.monotonic() + self.quiet)
                    continue
                if fr is None:
                    if why is no_answer and deadline < cap and self.heard + self.wait > deadline:
                        deadline = min(cap, self.heard + self.wait)
                        continue                 # still coming in (nothing damaged)
                    break
                t, s, p = fr
                if t == P.ERR:
                    if s in (0, seq):
                        why = "device says: %s" % p.decode("utf-8", "replace")
                        break
                elif t == expect and s in asked:
                    self.wait = self.timeout
                    return p
                elif t in RECORD_KINDS and on_record:
                    on_record(t, s, p)
                    deadline = time.monotonic() + self.wait
            if why is no_answer:
                self.wait = min(self.wait * 2, SLOW_MAX * self.timeout)
            self.say("%s; retrying (%d/%d)" % (why, attempt + 1, tries))
        raise SyncError("device gave no usable answer to %s after %d tries (%s)"
                        % (name, tries, why))


def malformed(what):
    """Decorator: a reply that passed its CRC yet does not parse is a device
    bug, not line noise: say so instead of retrying or crashing."""
    def wrap(fn):
        def parse(p):
            try:
                return fn(p)
            except (struct.error, ValueError, UnicodeError, IndexError) as e:
                raise SyncError("malformed %s from the device (%s): %r" % (what, e, p[:40]))
        return parse
    return wrap


@malformed("HELLO_OK reply")
def parse_hello(p):
    ver, log_id, last, synced = struct.unpack_from("<BIII", p, 0)
    dev, pos = P.get_str(p, 13)
    fw, pos = P.get_str(p, pos)
    if ver != 1:
        raise SyncError("device speaks sync protocol %d, this tool speaks 1" % ver)
    return {"device_id": dev, "version": fw, "log_id": log_id,
            "last_seq": last, "synced": synced}


@malformed("END reply")
def parse_end(p):
    last, n = struct.unpack_from("<IB", p, 0)
    if len(p) != 5 + 4 * n:
        raise ValueError("%d seqs in %d bytes" % (n, len(p)))
    return last, list(struct.unpack_from("<%dI" % n, p, 5))


GET_TRIES = 2      # sends of one GET before its batch is halved


def pull(link, db, batch=16, say=None):
    """Bring the database up to date with the device; returns a summary.
    batch: the most records asked for at once."""
    say = say or (lambda msg: None)
    hello = parse_hello(link.request(P.HELLO, b"", P.HELLO_OK))
    dev, log_id = hello["device_id"], hello["log_id"]
    db.seen_device(dev, hello["version"])
    after = db.last_seq(dev, log_id)
    say("device %s, firmware %s: log has %d records, %d new"
        % (dev, hello["version"], hello["last_seq"], max(0, hello["last_seq"] - after)))
    new = finished = 0
    stuck = 0
    size = batch
    acked = hello["synced"]
    got = {}        # records after `after` as they came, also from earlier tries

    def keep(t, s, p):
        if s > after:
            got[s] = (t, s, p)

    while True:
        for s in [s for s in got if s <= after]:
            del got[s]
        try:
            last, sent = parse_end(link.request(P.GET, struct.pack("<IB", after, size),
                                                P.END, keep, GET_TRIES))
        except SyncError as e:
            stuck += 1
            if stuck >= link.retries:
                raise SyncError("records after seq %d do not get through (%s)" % (after, e))
            size = max(1, size // 2)
            say("no whole batch came back; asking for %d at a time" % size)
            continue
        good = []
        for s in sent:            # the unbroken run of what the device sent
            if s not in got or s <= (good[-1][1] if good else after):
                break
            good.append(got[s])
        if good:
            n, f = db.store(dev, log_id, good)
            new += n
            finished += f
            after = good[-1][1]
            stuck = 0
        if len(good) < len(sent):
            stuck += 1
            size = max(1, size // 2)
            say("%d of %d records damaged on the way; asking for %d at a time"
                % (len(sent) - len(good), len(sent), size))
            if stuck >= link.retries:
                raise SyncError("records after seq %d keep arriving damaged" % after)
            continue
        size = min(batch, size * 2)
        if after > acked:
            acked = parse_ack(link.request(P.ACK, struct.pack("<I", after), P.ACK_OK))
        if not sent or after >= last:
            break
    return {"device_id": dev, "log_id": log_id, "new": new, "finished": finished,
            "last_seq": after, "synced": acked, "undecodable": list(db.undecodable)}


@malformed("ACK_OK reply")
def parse_ack(p):
    return struct.unpack("<I", p)[0]


def refused(p):
    """What the device's OK reply says it refused (sync.limits), one each."""
    return [terminal(line) for line in p.decode("utf-8", "replace").split("\n") if line]


def push_players(link, names):
    """Returns what the device refused (then it kept its names)."""
    out = bytearray([len(names)])
    for n in names:
        P.put_str(out, n)
    return refused(link.request(P.PLAYERS, bytes(out), P.OK))


def push_settings(link, settings):
    """Returns what the device refused (it kept the others)."""
    out = bytearray()
    P.put_pairs(out, settings)
    return refused(link.request(P.SETTINGS, bytes(out), P.OK))


def check_pushes(names, settings):
    """What the device would refuse (sync.limits), one line each."""
    from sync.limits import name_error, setting_error
    errs = [name_error(n) for n in names]
    errs += [setting_error(k, settings[k]) for k in sorted(settings)]
    return [terminal(e) for e in errs if e]


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


def parse_setting(text):
    """'name=value' with value int, true/false or text."""
    if "=" not in text:
        raise ValueError("setting %r is not name=value" % text)
    k, v = text.split("=", 1)
    low = v.strip().lower()
    if low in ("true", "false"):
        return k.strip(), low == "true"
    try:
        return k.strip(), int(v)
    except ValueError:
        return k.strip(), v.strip()


def main(argv):
    ap = argparse.ArgumentParser(prog=prog("sync"),
                                 description="Pull finished rounds and matches off a handheld.")
    ap.add_argument("--port", required=True, help="serial port or pyserial URL (socket://host:port)")
    ap.add_argument("--baud", type=int, default=115200, help="serial speed (default %(default)s)")
    ap.add_argument("--db", default=DEFAULT_PATH, help="SQLite file (default %(default)s)")
    ap.add_argument("--timeout", type=float, default=1.0, help="seconds to wait for an answer")
    ap.add_argument("--retries", type=int, default=10,
                    help="times a request is sent again before giving up (default %(default)s)")
    ap.add_argument("--players", help="comma-separated player names to push to the device")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="push a setting (rule names as in RULES.md), repeatable")
    ap.add_argument("--stay", action="store_true", help="leave the device in sync mode")
    ap.add_argument("--repl", action="store_true",
                    help="start sync mode through the MicroPython REPL (interrupts the app, "
                         "soft-resets it afterwards) instead of the handheld's Sync screen")
    ap.add_argument("-v", "--verbose", action="store_true", help="say on stderr what happens: retries, damaged frames, record counts")
    args = ap.parse_args(argv)
    try:
        settings = dict(parse_setting(s) for s in args.set)
    except ValueError as e:
        print("sync: %s" % e, file=sys.stderr)
        return 2
    names = [n.strip() for n in (args.players or "").split(",") if n.strip()]
    errs = check_pushes(names, settings)
    for e in errs:
        print("sync: %s" % e, file=sys.stderr)
    if errs:
        return 2
    import serial
    # what the device says (its id, version, errors) reaches the terminal
    # only through safetext.terminal
    say = (lambda m: print("  " + terminal(m), file=sys.stderr)) if args.verbose else None
    try:
        ser = serial.serial_for_url(args.port, baudrate=args.baud, timeout=args.timeout)
    except (serial.SerialException, OSError, ValueError) as e:
        print("sync: cannot open %s: %s" % (args.port, e), file=sys.stderr)
        return 1
    try:
        db = Db(args.db)       # before the device is touched
    except DbError as e:
        ser.close()
        print("sync: %s" % e, file=sys.stderr)
        return 1
    try:
        if args.repl:
            enter_repl_sync(ser, max(2.0, args.timeout))
        link = Link(ser, timeout=args.timeout, retries=args.retries, say=say)
        with db:
            s = pull(link, db, say=say)
            print("%s: %d new records, %d matches finished; synced to seq %d"
                  % (terminal(s["device_id"]), s["new"], s["finished"], s["last_seq"]))
            if link.retried:
                print("(%d requests retried, %d damaged frames skipped; -v shows each)"
                      % (link.retried, link.bad_frames))
            for seq, why in s["undecodable"]:
                print("sync: warning: record %d kept raw but not counted: %s" % (seq, why),
                      file=sys.stderr)
            no = []
            if names:
                no = push_players(link, names)
                if not no:
                    print("pushed %d player names" % len(names))
            if settings:
                no_set = push_settings(link, settings)    # one line a setting
                if not no_set:
                    print("pushed settings: %s" % ", ".join(sorted(settings)))
                elif len(no_set) < len(settings):
                    print("pushed %d of %d settings" % (len(settings) - len(no_set),
                                                        len(settings)))
                no += no_set
            for e in no:
                print("sync: the handheld refused %s" % e, file=sys.stderr)
            if not args.stay:
                link.request(P.BYE, b"", P.OK)
                if args.repl:
                    leave_repl_sync(ser, link, max(2.0, args.timeout))
        return 1 if no else 0
    except SyncError as e:
        hint = "" if args.repl else " (is the handheld on its Sync screen? else try --repl)"
        print("sync: %s%s" % (terminal(e), hint), file=sys.stderr)
    except ValueError as e:          # names or settings that do not fit a frame
        print("sync: %s" % e, file=sys.stderr)
    except (serial.SerialException, OSError) as e:
        print("sync: connection lost (%s); run sync again to resume" % e, file=sys.stderr)
    except Exception as e:           # a bug here: one line, the database stays consistent
        print("sync: unexpected %s: %s; run sync again to resume" % (type(e).__name__, e),
              file=sys.stderr)
    finally:
        ser.close()
    return 1
