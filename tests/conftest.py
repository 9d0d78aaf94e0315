import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
# firmware, every tests/*_mp folder (the files that also run under
# MicroPython and their helpers: CPython tests use them too) and the root
MP_FOLDERS = sorted(os.path.join(TESTS, d) for d in os.listdir(TESTS) if d.endswith("_mp"))
for p in [os.path.join(ROOT, "firmware")] + MP_FOLDERS + [ROOT]:
    if p not in sys.path:
        sys.path.insert(0, p)
