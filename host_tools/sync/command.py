"""`python -m host_tools sync --port PORT`: pull new score records off a
device into the score database, push player names and settings to it.

Everything is checked before the device is touched: the options
(host_tools.options), the names and settings (sync.limits), the database
(host_tools.sync.db: ours, intact, not newer); then the port is opened
exclusively (a second sync on it is refused, not left to steal its bytes).
Every wait is bounded (host_tools.sync.link): progress goes to stderr
while it waits, and the last line says what was saved and, on failure,
what the line carried.  The database is checked again after the sync.
The requests themselves: host_tools.sync.pull; --repl: host_tools.sync.repl.
"""
import os
import sqlite3
import sys

from sync import messages as M

from host_tools import count
from host_tools.options import Parser, real, whole
from host_tools.sync.db import Db, DbError, chosen_db, damaged, db_option
from host_tools.sync.link import GaveUp, Link, SyncError, SILENT_MAX
from host_tools.sync.pull import check_pushes, pull, push_players, push_settings
from host_tools.sync.repl import enter_repl_sync, leave_repl_sync
from host_tools.sync.safetext import terminal


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


def saved(done):
    """What a sync stored, for its last line."""
    if not done.get("new"):
        return "nothing new saved"
    return "%s saved (%s finished), up to seq %d" % (
        count(done["new"], "new record"), count(done["finished"], "match"), done["last_seq"])


def open_port(url, baud, timeout):
    """The port, opened exclusively (pyserial: flock on a local port), or
    one line saying why not."""
    import serial
    try:
        return serial.serial_for_url(url, baudrate=baud, timeout=timeout, exclusive=True), None
    except (serial.SerialException, OSError, ValueError) as e:
        if "exclusively lock" in str(e):
            return None, ("%s is in use by another program (another sync, or a serial "
                          "monitor): close it and try again" % url)
        return None, "cannot open %s: %s" % (url, e)


def main(argv):
    ap = Parser("sync", description="Keep the handheld's scores: pull the rounds and "
                "matches it logged since the last sync off it over USB into the score "
                "database (`scores` reads it), set its clock, and push player names and "
                "settings to it.  The handheld must be on its Sync screen (or use --repl).")
    ap.add_argument("--port", required=True, help="serial port or pyserial URL (socket://host:port)")
    ap.add_argument("--baud", type=whole(300, 4000000), default=115200,
                    help="serial speed")
    db_option(ap, "the score database, an SQLite file")
    ap.add_argument("--timeout", type=real(0.05, SILENT_MAX), default=1.0,
                    help="seconds to wait for an answer before asking again (default "
                         "%%(default)s; after %d s without one sync gives up)" % SILENT_MAX)
    ap.add_argument("--retries", type=whole(1, 100), default=10,
                    help="times a request is sent again before giving up")
    ap.add_argument("--players", help="comma-separated player names to push to the device "
                    "(default: its names stay)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="push a setting (rule names as in RULES.md), repeatable "
                    "(default: its settings stay)")
    ap.add_argument("--stay", action="store_true", help="leave the device in sync mode")
    ap.add_argument("--repl", action="store_true",
                    help="start sync mode through the MicroPython REPL (interrupts the app, "
                         "soft-resets it afterwards) instead of the handheld's Sync screen")
    ap.add_argument("-v", "--verbose", action="store_true", help="say on stderr what happens: retries, damaged frames, record counts")
    args = ap.parse_args(argv)
    args.db = chosen_db(ap, args)
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
    import serial           # before the database is made: a Python without it is told so
    # an existing database is checked before the port opens; a new one is
    # made once the port has opened (a mistyped port leaves no file behind)
    db = ser = None
    try:
        if os.path.exists(args.db):
            db = Db(args.db)
        ser, why = open_port(args.port, args.baud, args.timeout)
        if ser is None:
            print("sync: %s" % why, file=sys.stderr)
            return 1
        db = db or Db(args.db)
        return _sync(args, db, ser, names, settings, serial)
    except DbError as e:
        print("sync: %s" % e, file=sys.stderr)
        return 1
    finally:
        if ser is not None:
            ser.close()
        if db is not None:
            db.close()


def _sync(args, db, ser, names, settings, serial):
    # what the device says (its id, version, errors) reaches the terminal
    # only through safetext.terminal
    say = (lambda m: print("  " + terminal(m), file=sys.stderr)) if args.verbose else None
    waiting = (lambda m: print("sync: " + terminal(m), file=sys.stderr, flush=True))
    done = {}
    try:
        if args.repl:
            enter_repl_sync(ser, max(2.0, args.timeout))
        link = Link(ser, timeout=args.timeout, retries=args.retries, say=say, waiting=waiting)
        s = pull(link, db, say=say, done=done)
        print("%s: %s, %s finished; synced to seq %d"
              % (terminal(s["device_id"]), count(s["new"], "new record"),
                 count(s["finished"], "match"), s["last_seq"]))
        if link.retried:
            print("(%s retried, %s skipped; -v shows each)"
                  % (count(link.retried, "request"), count(link.bad_frames, "damaged frame")))
        for seq, why in s["undecodable"]:
            print("sync: warning: record %d kept raw but not counted: %s" % (seq, why),
                  file=sys.stderr)
        bad = db.check()
        if bad:
            print("sync: %s failed its check after the sync (SQLite: %s): sync into a new "
                  "file (--db NEW.db); the device still holds every record"
                  % (args.db, bad), file=sys.stderr)
            return 1
        link.budget(0, 3)        # PLAYERS, SETTINGS, BYE: the silence bound each
        no = []
        if names:
            no = push_players(link, names)
            if not no:
                print("pushed %s" % count(len(names), "player name"))
        if settings:
            no_set = push_settings(link, settings)    # one line a setting
            if not no_set:
                print("pushed settings: %s" % ", ".join(sorted(settings)))
            elif len(no_set) < len(settings):
                print("pushed %d of %s" % (len(settings) - len(no_set),
                                           count(len(settings), "setting")))
            no += no_set
        for e in no:
            print("sync: the handheld refused %s" % e, file=sys.stderr)
        if not args.stay:
            link.request(M.BYE, b"", M.OK)
            if args.repl:
                leave_repl_sync(ser, link, max(2.0, args.timeout))
        return 1 if no else 0
    except SyncError as e:       # GaveUp: a bound ran out
        hint = " (is the handheld on its Sync screen? else try --repl)" \
            if e.silent and not args.repl else ""
        print("sync: %s%s%s; %s%s" % ("gave up: " if isinstance(e, GaveUp) else "",
                                      terminal(e), hint, saved(done), _again(done)),
              file=sys.stderr)
    except ValueError as e:          # names or settings that do not fit a frame
        print("sync: %s; %s" % (e, saved(done)), file=sys.stderr)
    except (serial.SerialException, OSError) as e:
        print("sync: connection lost (%s); %s%s" % (e, saved(done), _again(done)),
              file=sys.stderr)
    except sqlite3.OperationalError as e:       # the disk filled, the file went away
        print("sync: cannot write %s (SQLite: %s); %s; the device still holds every "
              "record" % (args.db, e, saved(done)), file=sys.stderr)
    except sqlite3.DatabaseError as e:          # damage quick_check did not see
        print("sync: %s; %s" % (damaged(args.db, e), saved(done)), file=sys.stderr)
    except Exception as e:           # a bug here: one line; each batch is committed whole
        print("sync: unexpected %s: %s (a bug: please report it); %s"
              % (type(e).__name__, e, saved(done)), file=sys.stderr)
    return 1


def _again(done):
    return "; run sync again to resume" if done.get("expected") else ""
