"""Run hal test files on the MicroPython unix port.

tests/mp_runner.py cannot be used directly: it runs from tests/, where the
folder tests/hal would shadow firmware/hal as a namespace package.  Usage:
MICROPYPATH=firmware:tests/engine:tests/hal_mp:tests micropython tests/hal_mp/run_mp.py FILE...
"""
import sys

from mp_runner import run

if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:]) else 0)
