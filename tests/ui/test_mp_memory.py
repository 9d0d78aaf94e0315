"""A whole match with the UI (real SSD1683 driver, 15 KB framebuffer), a
key-driven human using the hint and three AI seats (expert, medium, easy)
plays through under `micropython -X heapsize=192k`, from .mpy files."""
import os
import shutil
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mp_heap  # noqa: E402

pytestmark = pytest.mark.skipif(mp_heap.micropython() is None, reason="no micropython")


def test_whole_match_fits_192k_heap():
    d = tempfile.mkdtemp(prefix="uimpy")   # run from inside: paths as on the device
    try:
        mp_heap.build(d)
        ok, line = mp_heap.run(d, "192k")
    finally:
        shutil.rmtree(d, ignore_errors=True)
    assert ok, line
    assert "human turns" in line
