"""Key screens against golden images, and MicroPython's real framebuf
against CPython's stand-in on the same screens (byte for byte).

Regenerate the goldens after a deliberate design change with
UPDATE_GOLDEN=1 pytest tests/ui/test_screens.py (then look at them).
"""
import os

import ui_scenes
from goldens import golden_suite

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MP_PATH = [os.path.join(ROOT, p) for p in ("firmware", "tests/ui_mp", "tests/hal_mp")]

rendered, test_golden, test_micropython_framebuf_matches_cpython = golden_suite(
    ui_scenes, os.path.join(HERE, "golden"), MP_PATH, timeout=120)


def test_screens_are_drawn(rendered):
    for name, buf in rendered.items():
        black = sum(bin(255 - b).count("1") for b in buf)
        assert 500 < black < 100000, (name, black)   # neither blank nor solid
