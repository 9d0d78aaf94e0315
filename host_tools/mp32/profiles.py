"""The ESP32's heap as the 32-bit model runs it: named device profiles.

The esp32 port of MicroPython 1.28 starts the Python heap at 56 KB
(ports/esp32/mpconfigport.h MICROPY_GC_INITIAL_HEAP_SIZE) and grows it into
the ESP-IDF heap's largest free block when a collection leaves an
allocation without room (host_tools/mp32/cmod/idfheap models that).  A
profile is that initial heap and the IDF heap's free regions:

    PROFILES[name]       Profile(heap, regions, source)
    get(name)            the profile; a board's own figures replace the
                         published ones once `make bringup` recorded them
                         (hardware/measured.json, _bringup.idf_heap)
    Profile.args()       the micropython arguments (-X heapsize=...)
    Profile.env(report)  the environment: MP32_IDF_HEAP, and MP32_IDF_REPORT
                         when a report file is asked for
    read_report(path)    {"room", "added", "freed", "refused", "taken", "most"}
    Profile.most_heap(r) the most Python heap a run had, from its report
"""
import json
import os

from host_tools import ROOT

INITIAL = 56 * 1024
MEASURED = os.path.join(ROOT, "hardware", "measured.json")


class Profile:
    def __init__(self, name, heap, regions, source):
        self.name = name
        self.heap = heap            # bytes the GC starts with
        self.regions = tuple(regions)   # the IDF heap's free blocks it may grow into
        self.source = source

    @property
    def room(self):
        return sum(self.regions)

    def args(self):
        return ["-X", "heapsize=%d" % self.heap]

    def env(self, report=None):
        e = {"MP32_IDF_HEAP": ",".join(str(r) for r in self.regions)}
        if report:
            e["MP32_IDF_REPORT"] = report
        return e

    def most_heap(self, report):
        """The most Python heap (bytes, area headers and tables included)
        a run had: the initial heap and the most its areas held at once."""
        return self.heap + report["most"]

    def __repr__(self):
        return "Profile(%r, heap=%d, regions=%r)" % (self.name, self.heap, self.regions)


# What the 56 KB heap may grow into: the largest free block of the IDF heap
# (gc_get_max_new_split(); micropython.mem_info() prints it as "max new split").
PROFILES = {p.name: p for p in (
    # a fresh ESP32-WROOM on v1.24.1 (published: GC total 56,000, free 47,600,
    # max new split 110,592); an ESP32 on v1.27 whose heap had doubled at boot
    # reported a largest block of 53,248 (MicroPython issue 18859), the same
    # 110,592 less the 57,344 it grew by
    Profile("radio-off", INITIAL, [110592],
            "fresh ESP32-WROOM, v1.24.1: max new split 110,592 (published)"),
    # a WROOM with WiFi up in station mode (published: max new split 30,720,
    # and TLS failed for want of IDF heap); ESP-NOW runs the same driver in
    # station mode without a connection, so this is conservative for link play
    Profile("radio-on", INITIAL, [30720],
            "ESP32-WROOM, WiFi station up: max new split 30,720 (published)"),
    # no growth at all: the guarantee the app must keep whatever ESP-IDF holds
    Profile("floor", INITIAL, [],
            "56 KB, no growth (ports/esp32/mpconfigport.h MICROPY_GC_INITIAL_HEAP_SIZE)"),
)}
# the radio's share of the largest block, for the device simulator's radio
RADIO_BYTES = PROFILES["radio-off"].room - PROFILES["radio-on"].room


def measured(path=None):
    """{"radio-off": [largest blocks], "radio-on": [...]} from a bring-up
    report, or {}."""
    try:
        with open(path or MEASURED) as f:
            got = json.load(f).get("_bringup", {}).get("idf_heap") or {}
    except (OSError, ValueError, AttributeError):
        return {}
    out = {}
    for name in ("radio-off", "radio-on"):
        regions = got.get(name)
        if isinstance(regions, list) and all(isinstance(r, int) and r >= 0 for r in regions):
            out[name] = [r for r in regions if r]
    return out


def get(name, path=None):
    """The profile called name (KeyError naming the choices if none is)."""
    if name not in PROFILES:
        raise KeyError("no device profile %r: %s" % (name, ", ".join(PROFILES)))
    p = PROFILES[name]
    board = measured(path).get(name)
    if board is None:
        return p
    return Profile(name, p.heap, board, "this board's bring-up (hardware/measured.json)")


def read_report(path):
    """The counts a model run wrote at exit ({} if it wrote none)."""
    try:
        with open(path) as f:
            return {k: int(v) for k, v in (w.split("=") for w in f.read().split())}
    except (OSError, ValueError):
        return {}
