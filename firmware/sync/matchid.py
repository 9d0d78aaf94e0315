"""Match ids: the one scheme every match's id comes from, in both games,
on every console, for the score log, the saves, link play and the host.

A match's id is reserved in this console's score log when the match
starts, whatever the game, and never handed out again: reserve() gives
"LLLLLLLL.N", the log's id (8 hex digits, random when the log began) and
the next number of that log's counter, which the log keeps in its state
(sync.scorelog) and writes there before the id is handed out.  So an id
is unique across both games (one counter a log), across wiped logs (a
new log draws a new log id) and across consoles (a console's own id is
implicit in its own log).  When the flash takes no write at all the id
is a one-off: a random log id and number 1.

A match one console starts and others play too (link play) is logged by
every console under one id, link.logbook.shared(mid, devid): "CONSOLE.LLLLLLLL.N",
the starting console's device id in front (hal.parts.device_id(), the id it
gives the host at a sync: 1..40 printable ASCII characters, no space).
The host files that and the starting console's own "LLLLLLLL.N" as one
match; link.logbook.local(mid, devid) gives the short form on the
console devid (there: a solo match interns neither).

In a record (format 2: kinds ROUND2, MATCH2, sync.records) an id is its
three parts: console as a short string ("" for the console whose log
holds it), log id u32, number u32 (put(), get()).  Format 1 records
(kinds ROUND, MATCH: firmware before the scheme, or a match saved then
and resumed now, which keeps its id) carry a 32-bit int that means
something only with the log holding it.  The host keys a format 2 match
by (console, log id, number), whichever console's log brings it
(host_tools.sync.db.match_key).
"""
import struct

from compat import const
from sync.protocol import put_str, get_str

CONSOLE_MAX = const(40)     # a console's id in a match id: hal.devid's longest


def make(console, log_id, number):
    """A format 2 match id as text: "log.number" (the log id as 8 hex
    digits) for a match of the console whose log holds it (console ""),
    "console.log.number" for one another console started."""
    mid = "%08x.%d" % (log_id, number)
    return console + "." + mid if console else mid


def split(text):
    """(console, log id, number) of a format 2 match id (console "": this
    console); ValueError if it does not fit the scheme."""
    if isinstance(text, str):
        parts = text.rsplit(".", 2)
        console = parts[0] if len(parts) == 3 else ""
        try:
            log_id, number = int(parts[-2], 16), int(parts[-1])
            ok = text == make(console, log_id, number) and 0 < number <= 0xFFFFFFFF \
                and 0 <= log_id <= 0xFFFFFFFF and len(console) <= CONSOLE_MAX
        except (ValueError, IndexError):
            ok = False
        for c in console:
            ok = ok and 32 < ord(c) < 127
        if ok:
            return console, log_id, number
    raise ValueError("match id %r is not [console.]log.number" % (text,))


def reserve(log):
    """A new match's id for this console, "log.number", reserved in the
    score log `log` (a sync.scorelog.ScoreLog: ScoreLog(folder +
    LOG_PATH)) before it is handed out."""
    return make("", *log.reserve_number())


def put(out, mid):
    """The match id mid into a record's bytearray out: a 32-bit int
    (format 1) or a text id (format 2); True for a text id."""
    if isinstance(mid, int):
        if mid < 0 or mid > 0xFFFFFFFF:
            raise ValueError("match id %r is not 32-bit" % (mid,))
        out.extend(struct.pack("<I", mid))
        return False
    console, log_id, number = split(mid)
    put_str(out, console)
    out.extend(struct.pack("<II", log_id, number))
    return True


def get(buf, v2):
    """(match id, offset after it) from the start of a record's payload
    (v2: a format 2 kind, ROUND2 or MATCH2); ValueError (or IndexError,
    struct's error) if it does not decode."""
    if not v2:
        return struct.unpack_from("<I", buf, 0)[0], 4
    console, pos = get_str(buf, 0)
    log_id, number = struct.unpack_from("<II", buf, pos)
    mid = make(console, log_id, number)
    split(mid)              # the scheme's limits: the device wrote no other
    return mid, pos + 8
