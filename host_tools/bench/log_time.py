"""`python -m host_tools bench --log N`: the score log's cost at a round's
end and a HELLO on a log of N records, on the MicroPython unix port from
.mpy (as the device runs it) and as estimated ESP32 time (x K, the unix
port's pystones / an ESP32's at hal.base.CPU_HZ: host_tools.bench.estimate).

host_tools/bench/log_mp.py builds the log and times each moment (see
there); this runs it, estimates, and writes build/log_time.json.  The
estimate is CPU time: reading the ESP32's flash adds to the moments that
read much of the log (first_open, read_all), not to those that read its
state and a few records.
"""
import json
import os
import subprocess
import tempfile

from host_tools.bench.estimate import CPU_HZ, ESP32_PYSTONES, HEAP, pystones
from host_tools.options import save

# seconds on the ESP32 (issue: a round's end <= 0.5 s, a HELLO answered <= 1 s)
TARGETS = {"round_end": 0.5, "hello": 1.0}
MOMENTS = ("round_end", "reserve", "hello", "get", "first_open", "read_all")
REPEATS = 5


def unix_times(mp, records, mpy):
    """log_mp.py's result on the unix port (records in a fresh folder)."""
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory(prefix="log-bench-") as folder:
        r = subprocess.run([mp, "-X", "heapsize=" + HEAP, os.path.join(here, "log_mp.py"),
                            folder, str(records), str(REPEATS)],
                           env=dict(os.environ, MICROPYPATH=mpy), capture_output=True,
                           text=True)
    rows = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    if r.returncode or not rows:
        raise RuntimeError("unix port failed: %s" % r.stderr.strip()[-400:])
    return rows[-1]


def run(records, out, mp):
    from host_tools.flash.mpycheck import compile_all
    os.makedirs(out, exist_ok=True)
    mpy = os.path.join(out, "mpy-log")
    compile_all(mpy)
    res = unix_times(mp, records, mpy)
    stones, src = pystones(mp, out)
    for _ in range(REPEATS - 1):            # other load only lowers it
        stones = max(stones, pystones(mp, out)[0])
    K = stones / ESP32_PYSTONES
    res.update({"K": K, "cpu_hz": CPU_HZ, "pystone_program": src, "heap": HEAP,
                "targets_s": TARGETS})
    for m in MOMENTS:
        res[m]["esp32_est_ms"] = res[m]["ms"] * K
    save(os.path.join(out, "log_time.json"), lambda f: json.dump(res, f, indent=1))
    return res


def report(res):
    print("score log of %d records (%d bytes); K = %.0f at %d MHz (%s)"
          % (res["records"], res["bytes"], res["K"], res["cpu_hz"] // 1000000,
             res["pystone_program"]))
    for m in MOMENTS:
        r = res[m]
        goal = TARGETS.get(m)
        print("  %-10s unix %8.2f ms  ESP32 est. %8.0f ms  read %7d bytes%s"
              % (m, r["ms"], r["esp32_est_ms"], r["read"],
                 "" if goal is None else "  (goal <= %.0f ms: %s)" % (
                     goal * 1000, "met" if r["esp32_est_ms"] <= goal * 1000 else "MISSED")))
