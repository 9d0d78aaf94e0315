"""Pull new score records off a handheld into the database, and push names
and settings to it (the requests of sync.messages, over a Link).

HELLO, then GET batches after the last seq the database holds for this
device's log; each batch is committed to SQLite before it is acknowledged,
so the device only marks records synced once they are safe here, and a sync
cut off anywhere resumes from the database next time.  Damaged frames,
error replies and silences are retried with a fresh request seq; replies to
older requests are ignored, and resent records change nothing in the DB.
On a bad line a batch that does not get through is halved (down to one
record) and grows back, doubling after each batch that does, so a flaky
cable still moves records instead of retrying a batch too long to pass.
Records are kept only in the window asked for (at most one batch), and an
unbroken run of them from the resume point is stored even when the END
never comes (a slow line, a bound that ran out): what came is saved.
"""
import struct
import time

from sync import messages as M
from sync import protocol as P
from sync.endpoint import HELLO_TIME

from host_tools import count
from host_tools.sync.link import GaveUp, SyncError
from host_tools.sync.safetext import terminal


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


def host_time(now=None):
    """HELLO's payload: this computer's time, which the device sets its
    clock to (Unix seconds, and the local offset from UTC in minutes for
    the dates it shows)."""
    t = int(time.time() if now is None else now)
    return struct.pack(HELLO_TIME, t, time.localtime(t).tm_gmtoff // 60)


GET_TRIES = 2      # sends of one GET before its batch is halved


def pull(link, db, batch=16, say=None, done=None):
    """Bring the database up to date with the device; returns a summary.
    batch: the most records asked for at once.  done: a dict kept up to
    date as records are stored ("new", "finished", "last_seq"), so a caller
    can say what was saved when the sync fails half way."""
    say = say or (lambda msg: None)
    done = {} if done is None else done
    done.update(new=0, finished=0, last_seq=0, expected=0)
    hello = parse_hello(link.request(M.HELLO, host_time(), M.HELLO_OK))
    dev, log_id = hello["device_id"], hello["log_id"]
    db.seen_device(dev, hello["version"])
    w = {"after": db.last_seq(dev, log_id), "last": hello["last_seq"]}
    done["last_seq"] = w["after"]
    done["expected"] = max(0, hello["last_seq"] - w["after"])
    link.budget(done["expected"])
    link.status = lambda: "%d of %s saved" % (done["new"], count(done["expected"], "record"))
    say("device %s, firmware %s: log has %s, %d new"
        % (dev, hello["version"], count(hello["last_seq"], "record"), done["expected"]))
    stuck = 0
    size = batch
    acked = hello["synced"]
    got = {}        # records in the window asked for, also from earlier tries

    def keep(t, s, p):
        """A record frame: kept if it is in the window and new."""
        if w["after"] < s <= min(w["after"] + batch, w["last"]) and s not in got:
            got[s] = (t, s, p)
            return True
        return False

    def store(recs):
        n, f = db.store(dev, log_id, recs)
        done["new"] += n
        done["finished"] += f
        w["after"] = done["last_seq"] = recs[-1][1]

    def store_run():
        """The unbroken run after the resume point (no END needed: no seq
        can lie between two consecutive ones)."""
        run = []
        while w["after"] + len(run) + 1 in got:
            run.append(got[w["after"] + len(run) + 1])
        if run:
            store(run)
        return len(run)

    while True:
        for s in [s for s in got if s <= w["after"]]:
            del got[s]
        try:
            last, sent = parse_end(link.request(M.GET, struct.pack("<IB", w["after"], size),
                                                M.END, keep, GET_TRIES))
        except GaveUp:
            store_run()
            raise
        except SyncError as e:
            if store_run():
                stuck = 0
            stuck += 1
            if stuck >= link.retries:
                raise SyncError("records after seq %d do not get through (%s)"
                                % (w["after"], e))
            size = max(1, size // 2)
            say("no whole batch came back; asking for %d at a time" % size)
            continue
        w["last"] = max(w["last"], last)
        good = []
        for s in sent:            # the unbroken run of what the device sent
            if s not in got or s <= (good[-1][1] if good else w["after"]):
                break
            good.append(got[s])
        if good:
            store(good)
            stuck = 0
        if len(good) < len(sent):
            stuck += 1
            size = max(1, size // 2)
            say("%d of %s damaged on the way; asking for %d at a time"
                % (len(sent) - len(good), count(len(sent), "record"), size))
            if stuck >= link.retries:
                raise SyncError("records after seq %d keep arriving damaged" % w["after"])
            continue
        size = min(batch, size * 2)
        if w["after"] > acked:
            acked = parse_ack(link.request(M.ACK, struct.pack("<I", w["after"]), M.ACK_OK))
        if not sent or w["after"] >= last:
            break
    return {"device_id": dev, "log_id": log_id, "new": done["new"],
            "finished": done["finished"], "last_seq": w["after"], "synced": acked,
            "undecodable": list(db.undecodable)}


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
    return refused(link.request(M.PLAYERS, bytes(out), M.OK))


def push_settings(link, settings):
    """Returns what the device refused (it kept the others)."""
    out = bytearray()
    P.put_pairs(out, settings)
    return refused(link.request(M.SETTINGS, bytes(out), M.OK))


def check_pushes(names, settings):
    """What the device would refuse (sync.limits), one line each."""
    from sync.limits import name_error, setting_error
    errs = [name_error(n) for n in names]
    errs += [setting_error(k, settings[k]) for k in sorted(settings)]
    return [terminal(e) for e in errs if e]


