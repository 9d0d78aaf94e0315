"""`python -m host_tools bringup --port PORT`: the
first board measures itself and the figures land in hardware/measured.json.

Over the REPL (mpremote's transport, as `flash` uses), after a soft reset:
  1. free heap at boot (gc.mem_free() in a fresh interpreter);
  2. the hal and the app loaded (ui.app.App made, as main.py makes it):
     free heap again;
  3. pystones per second: host_tools/bench/pystone_mp.py sent as it is and
     run on the board (the same program `make bench` scores the unix port
     with, so their ratio is the ESP32 factor K), and machine.freq(), the
     clock they ran at (the app sets hal.base.CPU_HZ);
  4. hal.selftest.bringup(): each refresh mode's BUSY time, each button
     (press it when the console says so), and the battery against the
     voltage you measured at the cell (--cell-mv or asked here: the divider
     ratio is stored on the board and used from then on).
measured.json keeps its keys: t_full/t_fast/t_partial (seconds, model
inputs of hardware/power.md) are set, the rest goes under "_bringup" (the
power model reads no "_" key).
measured_pystones() gives the board's figure to every "ESP32 est." tool.
"""
import argparse
import datetime
import json
import os
import sys

from host_tools import CHECKOUT, ROOT, prog
from host_tools.flash.common import FlashError

# the checkout's; installed (pip), measured.json where the command runs
MEASURED = os.path.join(ROOT, "hardware", "measured.json") if CHECKOUT else os.path.abspath("measured.json")
PYSTONE = os.path.join(ROOT, "host_tools", "bench", "pystone_mp.py")
LOOPS = 5000                 # about 4 s on an ESP32 at 240 MHz
PRESS_MS = 20000
REPORT = "_bringup"          # measured.json key of the figures no model input takes

HEAP = "import gc\ngc.collect()\nprint('heap', gc.mem_free())"
# the hal main.py would make (light sleep off: a sleeping UART drops the REPL)
LOAD_APP = """import sys
if sys.platform == 'esp32':
    from hal.esp32 import Esp32Hal
    dev = Esp32Hal(light_sleep=False)
else:
    from hal.unixport import UnixHal
    dev = UnixHal()
from ui.app import App
app = App(dev, log_dir='')
""" + HEAP
# the clock the pystones ran at (hal.esp32 set it when the app was loaded);
# the unix port (the device simulator) has no machine.freq
CLOCK = "import machine\nprint(machine.freq() if hasattr(machine, 'freq') else None)"
RUN = "from hal.selftest import bringup\nbringup(dev, %d, press_ms=%d)"


def measured_pystones(path=None):
    """(pystones/s, the CPU clock in Hz it ran at) from a bring-up report
    (in MEASURED unless path says); (None, None) without one.  A report
    without a clock (the device simulator has none) is taken at
    hal.base.CPU_HZ."""
    from hal.base import CPU_HZ
    try:
        with open(path or MEASURED) as f:
            b = json.load(f).get(REPORT, {})
        v, hz = b.get("pystone_per_s"), b.get("cpu_hz")
    except (OSError, ValueError, AttributeError):
        return None, None
    if not (isinstance(v, (int, float)) and v > 0):
        return None, None
    return float(v), hz if isinstance(hz, int) and hz > 0 else CPU_HZ


def _heap(out):
    return int(out.split()[-1])


def run_on_board(board, cell_mv, loops=LOOPS, press_ms=PRESS_MS, echo=print):
    """The steps above on an open Board; returns the report dict."""
    board.raw(soft_reset=True)
    report = {"heap_free_boot": _heap(board.run(HEAP))}
    report["heap_free_app"] = _heap(board.run(LOAD_APP))
    echo("bringup: free heap %d bytes at boot, %d with the app loaded"
         % (report["heap_free_boot"], report["heap_free_app"]))
    with open(PYSTONE) as f:
        src = f.read()
    # its __main__ block would run the default loop count: named otherwise
    out = board.run("__name__ = 'pystone'\n" + src + "\nprint(int(pystones(%d)))\n"
                    "del Rec, Bench, pystones\nimport gc\ngc.collect()\n" % loops + CLOCK)
    stones, hz = out.split()[-2:]
    report["pystone_per_s"] = int(stones)
    report["cpu_hz"] = None if hz == "None" else int(hz)
    echo("bringup: %d pystones/s at %s" % (report["pystone_per_s"], "%d MHz" % (
        report["cpu_hz"] // 1000000) if report["cpu_hz"] else "an unknown clock (no machine.freq)"))
    lines, part = [], [""]

    def consume(data):             # the board's lines as they come (the prompts)
        text = part[0] + data.decode(errors="replace")
        *done, part[0] = text.split("\n")
        for ln in done:
            ln = ln.rstrip("\r")
            lines.append(ln)
            if ln.strip() and not ln.startswith("bringup: {"):
                echo(ln)
    board.t.exec_raw_no_follow(RUN % (cell_mv, press_ms))
    _, err = board.t.follow(timeout=press_ms / 1000.0 + 30, data_consumer=consume)
    if err:
        raise FlashError("device error: %s" % err.decode(errors="replace").strip().splitlines()[-1])
    tail = [ln for ln in lines + part if ln.startswith("bringup: {")]
    if not tail:
        raise FlashError("the board printed no bring-up report")
    report.update(json.loads(tail[-1][len("bringup: "):]))
    return report


def merge(measured, report, machine):
    """measured.json's dict with the report in: model inputs in seconds,
    the rest under REPORT; every other key kept."""
    out = dict(measured)
    for k in ("t_full", "t_fast", "t_partial"):
        out[k] = round(report[k + "_ms"] / 1000.0, 3)
    keep = ("heap_free_boot", "heap_free_app", "pystone_per_s", "cpu_hz", "buttons", "storage",
            "battery_mv", "battery_ratio", "battery_mv_calibrated", "battery_error")
    b = {k: report[k] for k in keep if k in report}
    b["board"] = machine
    b["date"] = datetime.date.today().isoformat()
    out[REPORT] = b
    return out


def ask_cell_mv(inp=None):
    """The voltage the maker types in (mV); 0 for none; FlashError if not a
    number or if nobody can answer (stdin closed)."""
    try:
        text = (inp or input)("Measure the cell at its connector with a multimeter and type "
                              "it in mV (Enter: skip the battery): ").strip()
    except EOFError:
        raise FlashError("no answer to the cell's voltage (stdin closed): give it with "
                         "--cell-mv (0: skip the battery)") from None
    if not text:
        return 0
    if not text.isdigit():
        raise FlashError("%r is not a voltage in mV (e.g. 3987)" % text)
    return int(text)


def main(argv):
    ap = argparse.ArgumentParser(prog=prog("bringup"),
                                 description="Measure a freshly built console over USB "
                                 "and record it in hardware/measured.json.")
    ap.add_argument("--port", required=True, help="the board's serial port")
    ap.add_argument("--cell-mv", type=int, help="the cell's voltage measured with a "
                    "multimeter, in mV (asked when not given; 0: skip)")
    ap.add_argument("--out", default=MEASURED, help="the measured.json to update")
    ap.add_argument("--loops", type=int, default=LOOPS, help="pystone loops")
    ap.add_argument("--press-ms", type=int, default=PRESS_MS,
                    help="how long each button is waited for")
    args = ap.parse_args(argv)
    from host_tools.flash.board import Board
    from host_tools.flash.command import check_port
    try:
        cell = ask_cell_mv() if args.cell_mv is None else args.cell_mv
        check_port(args.port)
        with Board(args.port, timeout=10) as b:
            machine = " ".join(b.firmware())
            report = run_on_board(b, cell, args.loops, args.press_ms)
        try:
            with open(args.out) as f:
                measured = json.load(f)
        except OSError:
            measured = {}
        except ValueError:
            raise FlashError("%s is not JSON: fix or remove it first" % args.out) from None
        with open(args.out + ".tmp", "w") as f:
            json.dump(merge(measured, report, machine), f, indent=2)
            f.write("\n")
        os.replace(args.out + ".tmp", args.out)
    except FlashError as e:
        print("bringup: error: %s" % e, file=sys.stderr)
        return 1
    bad = sorted(k for k, v in report["buttons"].items() if v != "ok")
    print("bringup: written to %s%s" % (args.out, "; check the wiring of: " + ", ".join(bad)
                                        if bad else ""))
    return 1 if bad or "battery_error" in report else 0
