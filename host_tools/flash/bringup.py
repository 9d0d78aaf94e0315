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
     ratio is stored on the board and used from then on);
  5. the heap (MEMORY: machine.freq(), micropython.mem_info(),
     esp32.idf_heap_info(esp32.HEAP_DATA)) with the app loaded, radio off
     and then on (the WiFi driver in station mode, as ESP-NOW runs it),
     and the IDF heap's largest free blocks at boot, radio off and on:
     what host_tools.mp32.profiles' radio-off and radio-on grow into.
measured.json keeps its keys: t_full/t_fast/t_partial (seconds, model
inputs of hardware/power.md) are set, the rest goes under "_bringup" (the
power model reads no "_" key).
measured_pystones() gives the board's figure to every "ESP32 est." tool.
"""
import datetime
import json
import os
import sys

from host_tools import CHECKOUT, ROOT
from host_tools.options import Parser, out_file, save, whole
from host_tools.flash.common import FlashError

# the checkout's; installed (pip), measured.json where the command runs
MEASURED = os.path.join(ROOT, "hardware", "measured.json") if CHECKOUT else os.path.abspath("measured.json")
PYSTONE = os.path.join(ROOT, "host_tools", "bench", "pystone_mp.py")
LOOPS = 5000                 # about 4 s on an ESP32 at 240 MHz
PRESS_MS = 20000
REPORT = "_bringup"          # measured.json key of the figures no model input takes

HEAP = "import gc\ngc.collect()\nprint('heap', gc.mem_free())"
# the hal main.py makes (light sleep off: a sleeping UART drops the REPL)
LOAD_APP = """from hal.native import native
dev = native(light_sleep=False)
from ui.app import App
app = App(dev, log_dir='')
""" + HEAP
# the clock the pystones ran at (hal.esp32 set it when the app was loaded);
# the unix port (the device simulator) has no machine.freq
CLOCK = "import machine\nprint(machine.freq() if hasattr(machine, 'freq') else None)"
# The heap as the profiles of host_tools.mp32.profiles describe it: the
# clock, micropython.mem_info() (GC total, free, max new split) and
# esp32.idf_heap_info(esp32.HEAP_DATA) (each IDF region's total, free,
# largest free block, least free), one JSON line
MEMORY = """import gc, json, micropython, machine
gc.collect()
micropython.mem_info()
try:
    import esp32
    _idf = [list(r) for r in esp32.idf_heap_info(esp32.HEAP_DATA)]
except ImportError:
    _idf = None
print('memory', json.dumps({'cpu_hz': machine.freq() if hasattr(machine, 'freq') else None,
    'mem_free': gc.mem_free(), 'idf_heap_info': _idf}))
del _idf
"""
# the radio as ESP-NOW runs it: the WiFi driver in station mode, no
# connection.  Measured last: ESP-IDF keeps some of the driver's memory
# after active(False) until a hard reset.  A board without a radio skips it.
HAS_RADIO = "try:\n    import network\n    print('radio', 1)\nexcept ImportError:\n    print('radio', 0)"
RADIO = "import network\n_wlan = network.WLAN(network.STA_IF)\n_wlan.active(%s)\n"
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


def _memory(out):
    """{"cpu_hz", "mem_free", "idf_heap_info", "mem_info": its lines} from
    MEMORY's output."""
    lines = [ln.rstrip("\r") for ln in out.splitlines()]
    got = json.loads(next(ln for ln in lines if ln.startswith("memory "))[len("memory "):])
    got["mem_info"] = [ln for ln in lines if ln and not ln.startswith("memory ")]
    return got


def _largest_blocks(memory):
    """Each IDF region's largest free block: what the Python heap can grow
    into, the regions of a host_tools.mp32 profile (None without esp32)."""
    info = memory["idf_heap_info"]
    return None if info is None else [r[2] for r in info]


def measure_radio(board, echo=print):
    """The radio-on half of the memory report (run last: see RADIO): with
    the app still loaded, and the IDF heap's largest blocks in a fresh
    interpreter; (None, None) on a board without a radio."""
    if _heap(board.run(HAS_RADIO)) == 0:
        echo("bringup: no network module: the radio is not measured")
        return None, None
    try:
        on = _memory(board.run(RADIO % "True" + MEMORY))
        _echo_memory(echo, "radio on, app loaded", on)
    except FlashError as e:
        # the Python heap grew into the block the driver needs
        on = {"error": str(e)}
        echo("bringup: radio on, app loaded: FAILED (%s): the heap had grown into the room"
             " the radio needs" % e)
    board.run(RADIO % "False")
    board.raw(soft_reset=True)
    fresh = _memory(board.run(RADIO % "True" + MEMORY))
    board.run(RADIO % "False")
    return on, _largest_blocks(fresh)


def _echo_memory(echo, when, m):
    blocks = _largest_blocks(m)
    echo("bringup: %s: %s; IDF heap largest free blocks: %s; clock: %s" % (
        when, next((ln.strip() for ln in m["mem_info"] if ln.startswith("GC:")), "no GC line"),
        "no esp32 module" if blocks is None else ", ".join(str(b) for b in blocks),
        "%d MHz" % (m["cpu_hz"] // 1000000) if m["cpu_hz"] else "no machine.freq"))


def run_on_board(board, cell_mv, loops=LOOPS, press_ms=PRESS_MS, echo=print):
    """The steps above on an open Board; returns the report dict."""
    board.raw(soft_reset=True)
    report = {"heap_free_boot": _heap(board.run(HEAP))}
    boot = _memory(board.run(MEMORY))
    report["heap_free_app"] = _heap(board.run(LOAD_APP))
    echo("bringup: free heap %d bytes at boot, %d with the app loaded"
         % (report["heap_free_boot"], report["heap_free_app"]))
    off = _memory(board.run(MEMORY))
    _echo_memory(echo, "radio off, app loaded", off)
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
    on, fresh_on = measure_radio(board, echo)
    report["memory"] = {"radio-off": off, "radio-on": on}
    # what the Python heap can grow into at boot: host_tools.mp32.profiles
    # reads these in place of the published figures
    report["idf_heap"] = {"radio-off": _largest_blocks(boot), "radio-on": fresh_on}
    echo("bringup: at boot the heap may grow into blocks of %s bytes with the radio off,"
         " %s with it on" % tuple("unknown" if b is None else "+".join(map(str, b)) or "0"
                                  for b in (report["idf_heap"]["radio-off"], fresh_on)))
    return report


def merge(measured, report, machine):
    """measured.json's dict with the report in: model inputs in seconds,
    the rest under REPORT; every other key kept."""
    out = dict(measured)
    for k in ("t_full", "t_fast", "t_partial"):
        out[k] = round(report[k + "_ms"] / 1000.0, 3)
    keep = ("heap_free_boot", "heap_free_app", "pystone_per_s", "cpu_hz", "memory", "idf_heap",
            "buttons", "storage",
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
    ap = Parser("bringup", description="Measure a freshly built console over USB (cell voltage, "
                "buttons, display, speed) and record it in hardware/measured.json, "
                "which the power budget and the docs read (docs/maker.md, Bring-up).")
    ap.add_argument("--port", required=True, help="the board's serial port")
    ap.add_argument("--cell-mv", type=whole(0, 99999), help="the cell's voltage measured with a "
                    "multimeter, in mV (default: asked; 0: skip)")
    ap.add_out(MEASURED, "the measured.json to update", type=out_file)
    ap.add_argument("--loops", type=whole(1, 10 ** 6), default=LOOPS, help="pystone loops (the speed measurement)")
    ap.add_argument("--press-ms", type=whole(1, 600000), default=PRESS_MS,
                    help="how long each button is waited for, in ms")
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
        merged = merge(measured, report, machine)
        save(args.out, lambda f: f.write(json.dumps(merged, indent=2) + "\n"))
    except FlashError as e:
        print("bringup: error: %s" % e, file=sys.stderr)
        return 1
    bad = sorted(k for k, v in report["buttons"].items() if v != "ok")
    print("bringup: written to %s%s" % (args.out, "; check the wiring of: " + ", ".join(bad)
                                        if bad else ""))
    radio = (report["memory"]["radio-on"] or {}).get("error")
    return 1 if bad or "battery_error" in report or radio else 0
