"""`python -m host_tools mp32`: build (or find cached) the 32-bit
MicroPython unix port, plain and with firmware/manifest.py frozen, and
print their paths; without the source or a 32-bit compiler, one SKIP line
and exit status 0."""
import sys

from host_tools.options import Parser
from host_tools.mp32 import build


def main(argv):
    ap = Parser("mp32", description="The 32-bit model of the ESP32's MicroPython: build "
                "(or find cached) the 32-bit unix port, plain and with firmware/ frozen "
                "in, and print their paths (`make test-mp32` runs the tests on them).")
    ap.parse_args(argv)
    why = build.missing()
    if why:
        print("SKIP 32-bit MicroPython: %s" % why)
        return 0
    try:
        print("plain  %s" % build.plain())
        print("frozen %s" % build.frozen())
    except build.BuildError as e:
        print("mp32: %s" % e, file=sys.stderr)
        return 1
    return 0
