"""The gin screens against golden images (tests/gin/golden), and
MicroPython's real framebuf against CPython's stand-in, byte for byte.
Regenerate after a deliberate design change with
UPDATE_GOLDEN=1 pytest tests/gin/test_screens_gin.py (then look at them)."""
import os

import gin_scenes
from goldens import golden_suite

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MP_PATH = [os.path.join(ROOT, p) for p in ("firmware", "tests/ui_mp", "tests/hal_mp", "tests/gin_mp")]

rendered, test_golden, test_micropython_framebuf_matches_cpython = golden_suite(
    gin_scenes, os.path.join(HERE, "golden"), MP_PATH)
