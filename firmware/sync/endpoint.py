"""Device side of score sync: answers the host's framed requests.

HELLO -> device id, firmware version, log id, last and synced seq; a
HELLO that carries the host's time (HELLO_TIME: Unix seconds, offset
from UTC in minutes; older hosts send none) sets the device's clock.
GET after n -> the records after seq n as they lie in the log, then END
listing the seqs sent.  ACK n -> records up to n are marked synced (only
now: the host acks after its database commit).  PLAYERS / SETTINGS -> saved
to small JSON files the app reads (ui.settings_file applies them); the OK reply
says what was refused (sync.limits), one line each, empty if nothing.
BYE -> leave sync mode.  Damaged or unknown frames get an ERR reply naming
the problem, so the host retries at once; nothing here raises out of
serve() on bad input.
The line and the device id come from the hal (hal.usbserial, hal.devid).
"""
import struct
from binascii import crc32

from sync import messages as M
from sync import protocol as P
from sync.scorelog import LOG_PATH, ScoreLog

PROTOCOL_VERSION = 1
MAX_BATCH = 16
HELLO_TIME = "<Ih"     # HELLO's payload: the host's Unix seconds (UTC), offset from UTC (min)
PLAYERS_PATH = "players.json"
SETTINGS_PATH = "settings.json"


def send_record(send, kind, seq, payload):
    """The frame P.encode() would give, sent in three pieces: no copy of a
    large record (the largest match streams from a small heap)."""
    head = struct.pack(P.HEAD, len(payload), kind, seq)
    send(P.MAGIC + head)
    send(payload)
    send(struct.pack("<I", crc32(payload, crc32(head)) & 0xFFFFFFFF))


class Endpoint:
    """Request handling, independent of the byte transport (send(bytes))."""

    def __init__(self, log=None, dev_id=None, version=None,
                 players_path=PLAYERS_PATH, settings_path=SETTINGS_PATH, clock=None):
        self.log = log or ScoreLog()
        if not dev_id:                 # no app: the board's id (hal.devid)
            from hal.devid import device_id
            dev_id = device_id(self.log.path[:self.log.path.rfind("/") + 1])
        self.dev_id = dev_id
        if not version:
            from sync.inbox import firmware_version
            version = firmware_version()
        self.version = version
        self.players_path = players_path
        self.settings_path = settings_path
        self.clock = clock     # clock(unix, offset_min): hal.clock.set_time; None: not set
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
            self.error(seq, "bad %s request: %s" % (M.NAMES.get(ftype, "?"), e), send)
            return True

    def error(self, seq, msg, send):
        self.errors += 1
        send(P.encode(M.ERR, seq, msg.encode()[:200]))

    def _handle(self, ftype, seq, payload, send):
        log = self.log
        if ftype == M.HELLO:
            if self.clock is not None and len(payload) >= struct.calcsize(HELLO_TIME):
                try:
                    self.clock(*struct.unpack_from(HELLO_TIME, payload, 0))
                except OSError:      # a full flash: the date stays unset, sync goes on
                    pass
            log.refresh()
            out = bytearray(struct.pack("<BIII", PROTOCOL_VERSION, log.log_id,
                                        log.last_seq, log.synced()))
            P.put_str(out, self.dev_id)
            P.put_str(out, self.version)
            send(P.encode(M.HELLO_OK, seq, out))
        elif ftype == M.GET:
            after, count = struct.unpack("<IB", payload)
            count = min(max(count, 1), MAX_BATCH)
            sent = []
            recs = log.records(after)
            try:
                for kind, rseq, body in recs:
                    send_record(send, kind, rseq, body)
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
            send(P.encode(M.END, seq, end))
        elif ftype == M.ACK:
            up_to = struct.unpack("<I", payload)[0]
            self.acked = log.mark_synced(up_to)
            send(P.encode(M.ACK_OK, seq, struct.pack("<I", self.acked)))
        elif ftype == M.PLAYERS or ftype == M.SETTINGS:
            from sync import inbox       # loaded only for these requests
            if ftype == M.PLAYERS:
                refused = inbox.save_players(self.players_path, payload)
                if not refused:
                    self.pushed.append("players")
            else:
                refused = inbox.save_settings(self.settings_path, payload)
                self.pushed.append("settings")
            send(P.encode(M.OK, seq, "\n".join(refused).encode()[:P.MAX_PAYLOAD]))
        elif ftype == M.BYE:
            send(P.encode(M.OK, seq))
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


def run(root="", quiet_ms=50, stop=None, port=None, endpoint=None):
    """Sync mode on the USB serial line, files under root ('' = the current
    folder, the device's filesystem root).  port and endpoint: the app's
    (hal.parts.serial(hal) and an Endpoint with hal.parts.device_id(hal)); started from
    the REPL, hal.usbserial and hal.devid give them.  Ctrl-C must not
    interrupt binary frames, so it is off until the host says BYE (True)
    or stop() (False)."""
    try:
        import micropython
        micropython.kbd_intr(-1)
    except (ImportError, AttributeError):
        micropython = None
    try:
        if port is None:
            from hal.usbserial import UsbSerial
            port = UsbSerial()
        ep = endpoint or Endpoint(ScoreLog(root + LOG_PATH), None,
                                  players_path=root + PLAYERS_PATH,
                                  settings_path=root + SETTINGS_PATH)
        return serve(port, ep, quiet_ms, stop)
    finally:
        if micropython:
            micropython.kbd_intr(3)
