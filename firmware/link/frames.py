"""Radio frames of link play: their layout, their keys and their tags.
Both sides import this file (a host console, a joined one, the host
tools' tests), as sync.protocol is for score sync.

A frame (at most hal.link.MTU = 250 bytes), little endian:

    0      MAGIC (0xd1: link protocol 1)
    1      kind
    2..5   table id u32: the table the frame belongs to (a host draws one
           when it opens a table; frames of other tables are not ours)
    6..    the kind's fields (below)
    last 8 the tag: HMAC-SHA256 over every byte before it, cut to 8
           bytes, under the kind's key; a BEACON has none

    kind     fields                         key
    BEACON   free seats u8, host name,      (none: anyone may announce a table)
             the game u8 (1: Gin Rummy;
             0 or none: Rummikub)
    JOIN     nonce 8, name                  the pairing code's (code_key),
                                            over the joiner's address too
    PAIRED   joiner's nonce 8, nonce 8,     the pairing code's
             seat u8, seats n u8
    REFUSED  joiner's nonce 8, reason u8    the pairing code's
    HELLO    nonce 8                        the pair's (pair_key)
    WELCOME  joiner's nonce 8, nonce 8      the pair's
    CALL     nonce 8                        the pair's (a restarted host
                                            asks its consoles to say HELLO)
    DATA     seq u32, ack u32, flags u8,    the session's (session_key)
             part of a message
    ACK      ack u32                        the session's (also: "I am here")

Pairing: the host shows a six-digit code, a joining console's person
enters it; JOIN and PAIRED prove both know it, and both derive the pair's
key from it and both nonces (pair_key).  Each HELLO/WELCOME then makes a
session key from the pair's key and two fresh nonces, so a frame of an
earlier session (before a power cut) never passes again, and within a
session sequence numbers refuse a replay.  On the ESP32 the pair's key
is also the radio's own per-peer key (part 2).
"""
import struct
from hashlib import sha256

from compat import const

MAGIC = const(0xD1)
TAG = const(8)
HEAD = const(6)           # MAGIC, kind, table id

BEACON = const(1)
JOIN = const(2)
PAIRED = const(3)
REFUSED = const(4)
HELLO = const(5)
WELCOME = const(6)
CALL = const(7)
DATA = const(16)
ACK = const(17)

NAMES = {BEACON: "BEACON", JOIN: "JOIN", PAIRED: "PAIRED", REFUSED: "REFUSED",
         HELLO: "HELLO", WELCOME: "WELCOME", CALL: "CALL", DATA: "DATA", ACK: "ACK"}

# DATA's fields after HEAD: seq, ack, flags
DATA_HEAD = const("<IIB")
DATA_FIELDS = const(15)   # HEAD + 9
MORE = const(1)           # DATA flag: the message goes on in the next frame
NONCE = const(8)

# REFUSED reasons (the joining console's glass says which)
WRONG_CODE = const(1)
TABLE_FULL = const(2)
UNDER_WAY = const(3)      # the match has started: no new consoles
REASONS = {WRONG_CODE: "wrong code", TABLE_FULL: "the table is full",
           UNDER_WAY: "the match has started"}


class FrameError(ValueError):
    """A frame refused.  .why is its kind of refusal, one of WHY (a
    console counts them, never lets one out of its loop); the message
    says more."""

    def __init__(self, why, detail=""):
        super().__init__(detail or why)
        self.why = why


# the kinds of refusal a console counts
MALFORMED = "malformed"        # not a frame of ours, or one cut short
OTHER_TABLE = "other table"    # another table's frame
UNPAIRED = "unpaired"          # from a console not paired with us
FORGED = "forged"              # its tag is not the key's (forged, or an old session's)
UNEXPECTED = "unexpected"      # a kind this side never takes, or out of turn
REPLAYED = "replayed"          # a pairing frame seen before
WHY = (MALFORMED, OTHER_TABLE, UNPAIRED, FORGED, UNEXPECTED, REPLAYED)


class Key:
    """An HMAC-SHA256 key, its pads made once (MicroPython's hashlib has
    no hmac module and no copy())."""

    def __init__(self, secret):
        if len(secret) > 64:
            secret = sha256(secret).digest()
        k = bytearray(64)
        k[:len(secret)] = secret
        self.secret = bytes(secret)
        self._i = bytes([b ^ 0x36 for b in k])
        self._o = bytes([b ^ 0x5C for b in k])

    def mac(self, *parts):
        """HMAC-SHA256 of the parts joined (32 bytes)."""
        h = sha256(self._i)
        for p in parts:
            h.update(p)
        o = sha256(self._o)
        o.update(h.digest())
        return o.digest()

    def tag(self, data):
        return self.mac(data)[:TAG]


def code_key(code, table):
    """The pairing code's key (code: its six digits as text)."""
    return Key(sha256(b"pocket-link code " + code.encode() + struct.pack("<I", table)).digest())


def pair_key(ckey, host_mac, guest_mac, guest_nonce, host_nonce):
    return Key(ckey.mac(b"pair", host_mac, guest_mac, guest_nonce, host_nonce))


def radio_key(pkey):
    """The key the radio encrypts a pair's frames with (espnow's LMK:
    hal.link.KEY_LEN bytes), from the pair's key."""
    return pkey.mac(b"radio")[:16]


def session_key(pkey, guest_nonce, host_nonce):
    return Key(pkey.mac(b"session", guest_nonce, host_nonce))


def seal(kind, table, body, key=None, sender=b""):
    """A whole frame: header, body, and its tag under key (none: BEACON).
    sender: an address the tag also covers (a JOIN's: see verify)."""
    out = bytearray(struct.pack("<BBI", MAGIC, kind, table))
    out.extend(body)
    if key is not None:
        out.extend(key.mac(out, sender)[:TAG])
    return out


def data_frame(table, seq, ack, flags, part, key):
    return seal(DATA, table, struct.pack(DATA_HEAD, seq, ack, flags) + part, key)


def ack_frame(table, ack, key):
    return seal(ACK, table, struct.pack("<I", ack), key)


def head(frame):
    """(kind, table id) of a frame, or FrameError if it is not one of ours."""
    n = len(frame)
    if n < HEAD or n > 250:
        raise FrameError(MALFORMED, "frame of %d bytes" % n)
    if frame[0] != MAGIC:
        raise FrameError(MALFORMED, "not a link frame (0x%02x)" % frame[0])
    kind = frame[1]
    if kind not in NAMES:
        raise FrameError(MALFORMED, "unknown frame kind 0x%02x" % kind)
    if kind != BEACON and n < HEAD + TAG:
        raise FrameError(MALFORMED, "%s frame of %d bytes has no room for its tag"
                         % (NAMES[kind], n))
    return kind, struct.unpack_from("<I", frame, 2)[0]


def verify(frame, key, sender=b""):
    """The frame's body (after HEAD, before the tag) if its tag is key's,
    else FrameError: nothing is read from a frame that fails.  sender:
    the address the tag must also cover, for a JOIN: another console that
    heard one (even one its host never did) cannot take its seat by
    sending it again as its own."""
    want = key.mac(memoryview(frame)[:len(frame) - TAG], sender)[:TAG]
    got = frame[len(frame) - TAG:]
    diff = 0
    for i in range(TAG):
        diff |= want[i] ^ got[i]
    if diff:
        raise FrameError(FORGED, "%s frame with a wrong tag" % NAMES.get(frame[1], "?"))
    return memoryview(frame)[HEAD:len(frame) - TAG]


def need(body, n, kind):
    if len(body) < n:
        raise FrameError(MALFORMED, "%s frame cut short (%d bytes)" % (NAMES[kind], len(body)))


def text(body, pos, limit=16):
    """A short string field (length byte, UTF-8), cut to limit bytes."""
    if pos >= len(body):
        return "", pos
    n = body[pos]
    end = pos + 1 + n
    raw = bytes(body[pos + 1:min(end, len(body))])[:limit]
    try:
        return raw.decode(), end
    except UnicodeError:
        return "?", end


def put_text(out, s, limit=16):
    b = s.encode()[:limit]
    out.append(len(b))
    out.extend(b)
