"""Every wait of `sync` ends (issue 37): random bytes on the line, a device
that streams records and never ends its batch, a line too slow for the
log, a second sync on a busy port.  Each ends with one last line that
says what the line carried and what was saved; progress goes to stderr
while it waits.  Before: 363 s of noise then "no answer"; 140,474 frames
held in memory after 300 s; 708 s of a slow line with nothing printed; a
second sync stole the first one's bytes.

The host is pyserial on a real pty; the devices are the firmware's own
endpoint (sync.endpoint) on the MicroPython unix port behind the fault
proxy, or, for a device fault no firmware has, the endpoint's own code in
a thread with its GET changed to stream without end."""
import os
import queue
import random
import select
import subprocess
import sys
import threading
import time

import serial

from devlink import Device, FaultProxy, PtyHost, ROOT, fast_close
from synccheck import assert_consistent, device_log, played
from sync import messages as M
from sync import protocol as P
from sync.endpoint import Endpoint, send_record
from sync.scorelog import ScoreLog
from host_tools.sync.db import Db
from host_tools.sync.link import GaveUp, Link, SILENT_MAX
from host_tools.sync.pull import pull


def tool(*args, timeout=120):
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                       capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout, r.stderr, time.monotonic() - t0


class LineThread(threading.Thread):
    """A device on the master side of a pty: answer(data) is called with
    what the host wrote (b"" when nothing came for 10 ms) and returns the
    bytes to send back."""

    def __init__(self, answer):
        super().__init__(daemon=True)
        self.line = PtyHost()
        self.answer = answer
        self.stop = threading.Event()
        self.sent = 0
        self.start()

    def run(self):
        fd = self.line.master
        while not self.stop.is_set():
            data = os.read(fd, 4096) if select.select([fd], [], [], 0.01)[0] else b""
            out = self.answer(data)
            while out and not self.stop.is_set():
                if select.select([], [fd], [], 0.05)[1]:
                    n = os.write(fd, out[:4096])
                    self.sent += n
                    out = out[n:]

    def close(self):
        self.stop.set()
        self.join(5)
        os.close(self.line.master)
        os.close(self.line.slave)


def test_random_bytes_end_the_cli_in_15_s_naming_the_noise(tmp_path):
    rng = random.Random(37)
    noise = LineThread(lambda data: bytes(rng.randrange(256) for _ in range(512)))
    try:
        rc, out, err, took = tool("sync", "--port", noise.line.path, "--db",
                                  str(tmp_path / "s.db"), "--timeout", "1")
    finally:
        noise.close()
    lines = err.splitlines()
    assert rc == 1 and "Traceback" not in err, err
    assert took < SILENT_MAX + 5, took               # was 363 s
    assert "still syncing" in lines[0]                          # progress while it waited
    last = lines[-1]
    assert "bytes came that were no valid frame (noise, another program on the port, or " \
        "the wrong --baud)" in last, last
    assert "Sync screen" not in last and last.endswith("; nothing new saved"), last
    assert noise.sent > 100000


class EndlessGet(Endpoint):
    """The real endpoint, with a GET that streams the log's records over
    and over (500 a second) and never sends END (a device fault)."""

    def __init__(self, log, stop):
        super().__init__(log, "dev-test", "test-1")
        self.stop = stop
        self.frames = 0

    def _handle(self, ftype, seq, payload, send):
        if ftype != M.GET:
            return super()._handle(ftype, seq, payload, send)
        while not self.stop.is_set():
            for kind, rseq, body in list(self.log.records(0)):
                send_record(send, kind, rseq, body)
                self.frames += 1
                time.sleep(0.002)
        return True


def test_records_without_end_are_not_kept_and_the_wait_ends(tmp_path):
    folder = tmp_path / "device"
    played(folder, 37, 40)
    log = ScoreLog(device_log(folder))
    stop = threading.Event()
    ep = EndlessGet(log, stop)
    dec = P.Decoder()
    out = queue.Queue()

    def answer(data):
        dec.feed(data)
        fr = dec.next()
        if fr:          # each request answered in a thread of its own, as it streams
            threading.Thread(target=ep.handle, args=fr + (out.put,), daemon=True).start()
        data = []
        while not out.empty():
            data.append(out.get())
        return b"".join(data)

    dev = LineThread(answer)
    ser = serial.Serial(dev.line.path, timeout=0.2, exclusive=True)
    waits, done = [], {}
    t0 = time.monotonic()
    try:
        with Db(str(tmp_path / "s.db")) as db:
            try:
                pull(Link(ser, timeout=0.2, silent_max=2.0, waiting=waits.append), db, done=done)
                raise AssertionError("the endless batch ended")
            except GaveUp as e:
                why = str(e)
            took = time.monotonic() - t0
            # the window asked for (one batch) was saved as it came, in order
            assert done["new"] == 16 and done["last_seq"] == 16, done
            assert_consistent(db, device_log(folder))
    finally:
        stop.set()
        ser.close()
        dev.close()
    assert why.startswith("no reply to GET for 2 s: the device sent ") and \
        "frames that answered nothing (records it was not asked for, no END)" in why, why
    assert ep.frames > 200, ep.frames
    assert took < 2.0 + 3, took                # the silence bound, not the retries


def slow_plan(delay):
    """Each frame the device sends arrives `delay` seconds late."""
    def plan(direction, index, frame):
        return ("stall", [(0, delay)]) if direction == "d2h" else None
    return plan


def test_a_line_too_slow_for_the_log_ends_saving_what_came(tmp_path):
    """0.5 s a frame, 30 records waiting: the total the log bounds (3 s of
    silence per request, 0.25 s a record at 4 Mbaud) runs out first; what
    came is in the database, in order, and the next sync goes on from it."""
    folder = tmp_path / "device"
    played(folder, 38, 29)
    waits, done = [], {}
    with Device(folder) as dev, FaultProxy(dev, slow_plan(0.5), host="pty") as proxy, \
            Db(str(tmp_path / "s.db")) as db:
        ser = serial.Serial(proxy.url, baudrate=4000000, timeout=0.3, exclusive=True)
        link = Link(ser, timeout=0.3, silent_max=3.0, waiting=waits.append)
        t0 = time.monotonic()
        try:
            pull(link, db, done=done)
            raise AssertionError("the slow line finished")
        except GaveUp as e:
            why = str(e)
        finally:
            ser.close()
        took = time.monotonic() - t0
        assert_consistent(db, device_log(folder))
        assert 0 < done["new"] < 30, done
        assert why.startswith("the line is too slow for 30 records: "), why
        assert link.allowed < took < link.allowed + 3, (took, link.allowed)
        assert any("still syncing" in w and "records saved" in w for w in waits), waits
        proxy.plan = None                  # a good line: the rest comes, nothing twice
        ser = serial.Serial(proxy.url, timeout=0.3)
        try:
            s = pull(Link(ser, timeout=0.3), db)
        finally:
            ser.close()
        assert s["new"] == 30 - done["new"]
        assert_consistent(db, device_log(folder), complete=True)


def test_a_second_sync_on_a_busy_port_is_refused(tmp_path):
    """The first sync holds the port (a handheld that does not answer);
    a second one is refused in one line at once, not left to steal its
    bytes."""
    silent = PtyHost()
    first = subprocess.Popen([sys.executable, "-m", "host_tools", "sync", "--port", silent.path,
                              "--db", str(tmp_path / "a.db"), "--timeout", "1"],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        t0 = time.monotonic()
        while not os.path.exists(tmp_path / "a.db"):       # made once the port is open
            assert time.monotonic() - t0 < 30 and first.poll() is None
            time.sleep(0.05)
        rc, out, err, took = tool("sync", "--port", silent.path, "--db",
                                  str(tmp_path / "b.db"), "--timeout", "1")
        assert first.poll() is None
    finally:
        first.kill()
        first.wait()
    assert rc == 1 and took < 10, (rc, took, err)
    assert err.splitlines() == ["sync: %s is in use by another program (another sync, or "
                                "a serial monitor): close it and try again" % silent.path]
    assert not os.path.exists(tmp_path / "b.db")
