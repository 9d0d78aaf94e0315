"""The ESP32 time every benchmark estimates: unix-port time x K, with
K = the MicroPython unix port's pystones/s / an ESP32's at the clock the
app runs at (hal.base.CPU_HZ, which hal.esp32 sets at boot: 240 MHz).

CPU_HZ          that clock (one figure: hal.base)
ESP32_PYSTONES  the board's own figure once a bring-up run wrote it to
                hardware/measured.json, else the forum's 1166 (measured at
                240 MHz), each scaled to CPU_HZ (pystones follow the clock)
HEAP            the unix port's heap for timed runs (-X heapsize)
REPEATS         each time is the best of this many runs (other load only adds)
pystones(mp, cache_dir) -> (pystones/s of the unix port, which program)

Used by `make bench` (bench.speed), the expert's think time
(bench.expert_time), the AI's strength on the device (bench.device_strength),
the placement timing (presses.speed) and `gin think`.
"""
import os
import subprocess

from hal.base import CPU_HZ
from host_tools.flash.bringup import measured_pystones
from host_tools.progress import note

FORUM_PYSTONES = 1166.0          # MicroPython issue 6565, ESP32 @ 240 MHz (pystone_lowmem)
FORUM_HZ = 240000000
# a real board's figure from its bring-up run (hardware/measured.json,
# host_tools/bench/pystone_mp.py on the board, with the clock it ran at)
# replaces it when there is one
MEASURED_PYSTONES, MEASURED_HZ = measured_pystones()
ESP32_PYSTONES = (MEASURED_PYSTONES * CPU_HZ / MEASURED_HZ if MEASURED_PYSTONES
                  else FORUM_PYSTONES * CPU_HZ / FORUM_HZ)
HEAP = "128k"
REPEATS = 2


def pystones(mp, cache_dir, cpu=False):
    """(pystones/s of the unix port, which benchmark): the program the
    ESP32 figure was measured with: pystone_mp.py where a bring-up run
    measured the board, else pystone_lowmem (the 1166), or offline our own
    stand-in.  cpu: pystone_lowmem timed on the process's CPU time, for a
    build with cpuclock whose runs count CPU time too (device_strength)."""
    from host_tools.bench import pystone_ref
    note("pystone on the MicroPython unix port ...")
    ref = None if MEASURED_PYSTONES else pystone_ref.fetch(os.path.join(cache_dir, "pystone"))
    if ref:
        stones = pystone_ref.score(mp, ref, cpu=cpu)
        if stones:
            return stones, "pystone_lowmem 3.4.2 (micropython-lib)%s" % (
                ", on CPU time" if cpu else "")
    here = os.path.dirname(os.path.abspath(__file__))
    p = subprocess.run([mp, os.path.join(here, "pystone_mp.py"), "100000"],
                       capture_output=True, text=True)
    return (float(p.stdout.split()[-1]) if p.returncode == 0 else 0.0,
            "host_tools/bench/pystone_mp.py (%s)" % (
                "as on the board: hardware/measured.json" if MEASURED_PYSTONES
                else "PyPI unreachable"))
