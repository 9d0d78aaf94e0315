"""Device side of score sync: answers the host's framed requests.

HELLO -> device id, firmware version, log id, last and synced seq.
GET after n -> the records after seq n as they lie in the log, then END
listing the seqs sent.  ACK n -> records up to n are marked synced (only
now: the host acks after its database commit).  PLAYERS / SETTINGS -> saved
to small JSON files the app reads (ui.session applies them).  BYE -> leave
sync mode.  Damaged or unknown frames get an ERR reply naming the problem,
so the host retries at once; nothing here raises out of serve() on bad input.
The line and the device id come from the hal (hal.usbserial, hal.devid).
"""
import json
import struct

from sync import protocol as P
from sync.scorelog import ScoreLog, replace

PROTOCOL_VERSION = 1
MAX_BATCH = 16
PLAYERS_PATH = "players.json"
SETTINGS_PATH = "settings.json"
VERSION_FILES = ("version.json", "VERSION")


def save_json(path, obj):
    """Write whole-or-nothing: a temp file renamed over the old one."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps(obj))
    replace(tmp, path)


def load_json(path, default):
    try:
        with open(path) as f:
            return json.loads(f.read())
    except (OSError, ValueError):
        return default


def firmware_version():
    """What the flash tool wrote into the version file, else 'dev'."""
    for path in VERSION_FILES:
        try:
            with open(path) as f:
                text = f.read().strip()
        except OSError:
            continue
        if path.endswith(".json"):      # flash tool: {"commit", "bundle", ...}
            try:
                d = json.loads(text)
                text = str(d.get("version") or "%s bundle %s" % (
                    str(d.get("commit"))[:12], str(d.get("bundle"))[:12]))
            except (ValueError, AttributeError):
                pass
        return text[:60]
    return "dev"


def check_settings(d):
    """Rule names must take their value (same checks as the engine);
    other settings must be bool, int or short str.  Raises ValueError."""
    from rummikub.rules import Rules
    rules = Rules()
    names = rules.as_dict()
    for k in d:
        if k in names:
            rules.set(k, d[k])
        elif not isinstance(d[k], (bool, int, str)):
            raise ValueError("setting %s takes bool, int or str, not %r" % (k, d[k]))


class Endpoint:
    """Request handling, independent of the byte transport (send(bytes))."""

    def __init__(self, log=None, dev_id=None, version=None,
                 players_path=PLAYERS_PATH, settings_path=SETTINGS_PATH):
        self.log = log or ScoreLog()
        if not dev_id:
            from hal.devid import device_id
            dev_id = device_id()
        self.dev_id = dev_id
        self.version = version or firmware_version()
        self.players_path = players_path
        self.settings_path = settings_path
        self.errors = 0
        # what this session did, for the Sync screen
        self.sent = 0          # record frames sent (resends included)
        self.acked = 0         # highest seq the host acknowledged
        self.pushed = []       # "players", "settings" as they arrived

    def handle(self, ftype, seq, payload, send):
        """Answer one intact frame.  Returns False when sync mode should end."""
        try:
            return self._handle(ftype, seq, payload, send)
        except Exception as e:   # a bad payload must not end sync mode
            self.error(seq, "bad %s request: %s" % (P.NAMES.get(ftype, "?"), e), send)
            return True

    def error(self, seq, msg, send):
        self.errors += 1
        send(P.encode(P.ERR, seq, msg.encode()[:200]))

    def _handle(self, ftype, seq, payload, send):
        log = self.log
        if ftype == P.HELLO:
            log.refresh()
            out = bytearray(struct.pack("<BIII", PROTOCOL_VERSION, log.log_id,
                                        log.last_seq, log.synced()))
            P.put_str(out, self.dev_id)
            P.put_str(out, self.version)
            send(P.encode(P.HELLO_OK, seq, out))
        elif ftype == P.GET:
            after, count = struct.unpack("<IB", payload)
            count = min(max(count, 1), MAX_BATCH)
            sent = []
            recs = log.records(after)
            try:
                for kind, rseq, body in recs:
                    send(P.encode(kind, rseq, body))
                    sent.append(rseq)
                    self.sent += 1
                    if len(sent) >= count:
                        break
            finally:
                recs.close()    # MicroPython closes the log file only now
            log.refresh()
            end = bytearray(struct.pack("<IB", log.last_seq, len(sent)))
            for s in sent:
                end.extend(struct.pack("<I", s))
            send(P.encode(P.END, seq, end))
        elif ftype == P.ACK:
            up_to = struct.unpack("<I", payload)[0]
            self.acked = log.mark_synced(up_to)
            send(P.encode(P.ACK_OK, seq, struct.pack("<I", self.acked)))
        elif ftype == P.PLAYERS:
            n = payload[0]
            names, pos = [], 1
            for _ in range(n):
                name, pos = P.get_str(payload, pos)
                names.append(name)
            save_json(self.players_path, names)
            self.pushed.append("players")
            send(P.encode(P.OK, seq))
        elif ftype == P.SETTINGS:
            d, _ = P.get_pairs(payload, 0)
            check_settings(d)
            cur = load_json(self.settings_path, {})
            if not isinstance(cur, dict):
                cur = {}
            cur.update(d)
            save_json(self.settings_path, cur)
            self.pushed.append("settings")
            send(P.encode(P.OK, seq))
        elif ftype == P.BYE:
            send(P.encode(P.OK, seq))
            return False
        else:
            self.error(seq, "unknown message type 0x%02x" % ftype, send)
        return True


def serve(port, endpoint, quiet_ms=50, stop=None):
    """Answer requests until BYE (returns True), the port closes or stop()
    says so (False).  stop, if given, is called whenever the line has been
    quiet for quiet_ms (the Sync screen polls its cancel button there).  A
    partial frame left when the line goes quiet is dropped and re-scanned."""
    dec = P.Decoder()
    send = port.write
    while True:
        data = port.read(quiet_ms)
        if data is None:
            return False
        if data:
            dec.feed(data)
        else:
            if stop is not None and stop():
                return False
            if not dec.stale():
                continue
        while True:
            try:
                fr = dec.next()
            except P.FrameError as e:
                endpoint.error(0, "bad frame: %s" % e, send)
                continue
            if fr is None:
                break
            if not endpoint.handle(fr[0], fr[1], fr[2], send):
                return True


def run(root="", quiet_ms=50, stop=None, hal=None, endpoint=None):
    """Sync mode on the USB serial line, files under root ('' = the current
    folder, the device's filesystem root).  hal (the app's) gives the line
    and the device id; without one (started from the REPL) hal.usbserial
    and hal.devid do.  Ctrl-C must not interrupt binary frames, so it is
    off until the host says BYE (True) or stop() (False).  endpoint: an
    Endpoint to use (the Sync screen keeps it to show what was sent)."""
    try:
        import micropython
        micropython.kbd_intr(-1)
    except (ImportError, AttributeError):
        micropython = None
    try:
        if hal is not None:
            port, dev_id = hal.serial(), hal.device_id()
            if port is None:
                raise OSError("this device has no USB serial line")
        else:
            from hal.usbserial import UsbSerial
            from hal.devid import device_id
            port, dev_id = UsbSerial(), device_id(root)
        ep = endpoint or Endpoint(ScoreLog(root + "scores.log"), dev_id,
                                  players_path=root + PLAYERS_PATH,
                                  settings_path=root + SETTINGS_PATH)
        ep.dev_id = dev_id
        return serve(port, ep, quiet_ms, stop)
    finally:
        if micropython:
            micropython.kbd_intr(3)
