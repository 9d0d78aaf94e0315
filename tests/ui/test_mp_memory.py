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


def test_the_app_collects_every_16k_on_micropython(tmp_path):
    """gc.threshold: a collection after every 16 KB allocated keeps the
    heap compact (without it the match above failed at 184k-188k on
    blocks of 400-1552 bytes with 38 KB free)."""
    import subprocess
    root = mp_heap.ROOT
    code = ("import gc; from ui_hal import TestHal; from ui.app import App; "
            "App(TestHal(%r)); print(gc.threshold())" % str(tmp_path / "flash"))
    out = subprocess.run([mp_heap.micropython(), "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, MICROPYPATH=os.pathsep.join(
                             (os.path.join(root, "firmware"), mp_heap.UI_MP))))
    assert out.stdout.split() == ["16384"], out.stdout + out.stderr
