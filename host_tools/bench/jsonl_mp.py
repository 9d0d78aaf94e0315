"""The line loop of the MicroPython timing scripts (speed_mp.py,
place_mp.py): a JSON Lines file read one line at a time, so the corpus
never sits in the small heap.  Found beside them: the unix port puts a
script's folder on sys.path, and the web page's worker does the same
(host_tools/web/figures.py posts this file with speed_mp.py).
"""
import gc
import json
import time


def each(path, prepare, work, report):
    """For every line: args = prepare(the line's JSON); the line dropped
    and the heap collected; work(*args) timed; report(its answer) -> a dict,
    printed as a JSON line with "i" and "ms" added.  Returns the count."""
    i = 0
    with open(path) as f:
        for line in f:
            args = prepare(json.loads(line))
            line = None
            gc.collect()
            t0 = time.ticks_us()
            got = work(*args)
            us = time.ticks_diff(time.ticks_us(), t0)
            args = None
            out = report(got)
            got = None
            out["i"] = i
            out["ms"] = us / 1000.0
            print(json.dumps(out))
            i += 1
    return i
