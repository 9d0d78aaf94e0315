"""Framed requests to a handheld over a pyserial port, every wait bounded.

A request is sent until its reply comes, at most `retries` times; a slow
reply to an earlier try answers too.  While bytes keep coming (a slow
line) a try waits on, up to LIVE_WAIT timeouts, instead of asking again
behind the reply; after a try that heard nothing the next waits twice as
long (up to SLOW_MAX timeouts), and once replies are seen to take long the
wait stays at twice their round trip.  Two bounds end every wait:

- SILENT_MAX seconds without an answering frame (a reply to one of our
  requests, or a record that was asked for and is new): random bytes on
  the line, a device that streams frames nobody asked for (records without
  an END, say) and a dead line all end there;
- a total, set by the caller once the device has said how many records it
  holds (budget()): what that many records of the log's largest frame
  (protocol.MAX_PAYLOAD) take over the line at its baud, twice, plus
  RECORD_S each for the device to read them, plus SILENT_MAX.  A line slower
  than that ends there.

Either way GaveUp says what the line carried (garbage, frames that
answered nothing, a slow line); progress goes to `waiting` every
PROGRESS_EVERY seconds.  Memory is bounded too: frames nobody asked for are
counted, never kept.
"""
import time

from host_tools import count

from sync import messages as M
from sync import protocol as P

RECORD_KINDS = (P.LOG_START, P.ROUND, P.MATCH, P.ROUND2, P.MATCH2)
SILENT_MAX = 15.0      # seconds without an answering frame: give up
LIVE_WAIT = 30         # timeouts one try may wait while bytes keep coming
SLOW_MAX = 8           # a try after a silent one waits twice as long, up to this many timeouts
RECORD_S = 0.25        # seconds a record may take the device to read and send, besides the line
FRAME_MAX = P.MAX_PAYLOAD + P.OVERHEAD     # bytes of the largest frame the log holds
PROGRESS_EVERY = 5.0   # seconds between progress lines


class SyncError(Exception):
    """The device did not give a usable answer (after retries).  silent:
    nothing at all came (so perhaps nothing is listening)."""

    def __init__(self, msg, silent=False):
        super().__init__(msg)
        self.silent = silent


class GaveUp(SyncError):
    """A bound ran out (SILENT_MAX without an answer, or the total); the
    message says what the line carried."""


class Link:
    """Framed requests over a pyserial port, with timeouts and retries.
    silent_max: the silence bound (tests shorten it); waiting(text): a
    progress line (default: none); status(): what the caller has done so
    far, for those lines ("3 of 40 records saved")."""

    def __init__(self, ser, timeout=1.0, quiet=0.1, retries=10, say=None, waiting=None,
                 silent_max=SILENT_MAX):
        self.ser = ser
        self.timeout = timeout
        self.quiet = quiet
        self.retries = retries
        self.say = say or (lambda msg: None)
        self.waiting = waiting or (lambda msg: None)
        self.status = lambda: ""
        self.silent_max = silent_max
        self.dec = P.Decoder()
        self.seq = int(time.time()) & 0xFFFF    # request seqs differ per session
        self.bad_frames = 0
        self.retried = 0
        self.heard = 0.0       # when bytes last came in
        self.wait = timeout    # this try's wait: longer after silent tries
        now = time.monotonic()
        self.started = self.answered = self.noted = now
        self.until = None      # the total's deadline (budget())
        self.allowed = None    # its length in seconds
        self.records = 0       # the records it was set for
        self.sent_at = {}      # request seq -> when it was sent
        self.rtt = 0.0         # smoothed round trip of the replies
        self.slowest = 0.0     # the longest a reply took
        self.junk_bytes = 0    # bytes since the last answer
        self.junk_frames = 0   # intact frames since the last answer that answered nothing

    # -- bounds ----------------------------------------------------------------
    def budget(self, records, requests=1):
        """Bound the rest of the session: `records` records to fetch, or
        (records 0) a few more `requests`; returns the seconds allowed."""
        rate = max(1.0, (getattr(self.ser, "baudrate", None) or 9600) / 10.0)   # bytes/s
        per_record = RECORD_S + 2 * FRAME_MAX / rate
        self.records = records
        self.allowed = self.silent_max * requests + records * per_record
        self.until = time.monotonic() + self.allowed
        return self.allowed

    def _bound(self):
        b = self.answered + self.silent_max
        return b if self.until is None else min(b, self.until)

    def _answer(self):
        self.answered = time.monotonic()
        self.junk_bytes = self.junk_frames = 0

    def _give_up(self, name):
        now = time.monotonic()
        quiet = now - self.answered
        if self.until is not None and now >= self.until and quiet < self.silent_max:
            raise GaveUp("the line is too slow for %s: %.0f s, the most they may "
                         "take (replies took up to %.1f s)"
                         % (count(self.records, "record"), now - self.started, self.slowest))
        raise GaveUp("no reply to %s for %.0f s: %s" % (name, quiet, self.seen()),
                     silent=not self.junk_bytes)

    def seen(self):
        """What came since the last answer, in words."""
        if self.junk_frames:
            return ("the device sent %s that answered nothing (records it was not "
                    "asked for, no END)" % count(self.junk_frames, "frame"))
        if self.junk_bytes:
            return ("%s came that were no valid frame (noise, another program on the "
                    "port, or the wrong --baud)" % count(self.junk_bytes, "byte"))
        return "nothing came"

    def _note(self):
        now = time.monotonic()
        self.noted = now
        quiet = now - self.answered
        parts = ["%.0f s" % (now - self.started)]
        if self.status():
            parts.append(self.status())
        if quiet >= 1:
            parts.append("last answer %.0f s ago" % quiet)
        if self.junk_frames:
            parts.append("%s that answered nothing" % count(self.junk_frames, "frame"))
        elif self.junk_bytes:
            parts.append("%s that were no frame" % count(self.junk_bytes, "byte"))
        self.waiting("still syncing: " + ", ".join(parts))

    # -- frames ----------------------------------------------------------------
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
                data += self.ser.read(4096)
                self.dec.feed(data)
                self.junk_bytes += len(data)
                self.heard = time.monotonic()

    def request(self, ftype, payload, expect, on_record=None, tries=None):
        """Send until the reply of type `expect` to this very request comes
        (at most `tries` times, default self.retries); return its payload.
        Every try asks the same, so a slow reply to an earlier try answers
        too.  Record frames seen meanwhile go to on_record, which says
        whether one was asked for and new (only those count as answers).
        GaveUp when a bound runs out; SyncError after the last try."""
        name = M.NAMES[ftype]
        tries = tries or self.retries
        asked = []
        self.sent_at = {}
        for attempt in range(tries):
            if attempt:
                self.retried += 1
            seq = self.send(ftype, payload)
            asked.append(seq)
            self.sent_at[seq] = time.monotonic()
            deadline = time.monotonic() + self.wait
            cap = deadline + LIVE_WAIT * self.timeout
            why = no_answer = "no answer to %s" % name
            while True:
                until = min(deadline, self._bound())
                try:
                    fr = self.recv(min(until, self.noted + PROGRESS_EVERY))
                except P.FrameError as e:
                    self.bad_frames += 1
                    self.say("bad frame from device: %s" % e)
                    why = "damaged reply"
                    deadline = min(deadline, time.monotonic() + self.quiet)
                    continue
                now = time.monotonic()
                if fr is None:
                    if now < until:
                        self._note()
                        continue
                    if self._bound() <= now:
                        self._give_up(name)
                    if why is no_answer and deadline < cap and self.heard + self.wait > deadline:
                        deadline = min(cap, self.heard + self.wait)
                        continue                 # still coming in (nothing damaged)
                    break
                t, s, p = fr
                if t == M.ERR and s in (0, seq):
                    self._answer()          # the device is there, and says no
                    why = "device says: %s" % p.decode("utf-8", "replace")
                    break
                if t == expect and s in asked:
                    self._replied(s, now)
                    return p
                if t in RECORD_KINDS and on_record and on_record(t, s, p):
                    self._answer()
                    deadline = min(cap, now + self.wait)
                else:
                    self.junk_frames += 1
            if why is no_answer:
                self.wait = min(self.wait * 2, SLOW_MAX * self.timeout)
            self.say("%s; retrying (%d/%d)" % (why, attempt + 1, tries))
        raise SyncError("device gave no usable answer to %s after %d tries (%s): %s"
                        % (name, tries, why, self.seen()),
                        silent=why is no_answer and not self.junk_bytes)

    def _replied(self, seq, now):
        """A reply came: the next request waits twice the line's round trip
        (at least the timeout, at most SLOW_MAX timeouts)."""
        self._answer()
        took = now - self.sent_at[seq]
        self.slowest = max(self.slowest, took)
        self.rtt = took if not self.rtt else 0.75 * self.rtt + 0.25 * took
        self.wait = min(max(self.timeout, 2 * self.rtt), SLOW_MAX * self.timeout)
