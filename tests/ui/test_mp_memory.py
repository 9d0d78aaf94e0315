"""A whole match with the UI (real SSD1683 driver, 15 KB framebuffer), a
key-driven human using the hint and three AI seats (expert, medium, easy)
plays through under `micropython -X heapsize=180k`, from .mpy files, on
this 64-bit unix port (the bytecode of .mpy files lives on this heap;
frozen on the 32-bit build it stays in flash: `make test-mp32` plays
the match in the device's profiles).  The smallest cap that plays
(`make ui-heap`) and the 32-bit figures are in docs/figures.md (Memory).
What keeps it down: the hint thinks with the play screen unloaded
(ui.hinting), a round that ends on a person's turn writes the score log
with the screens dropped, and ui.unload makes one list of the modules,
not one per package (it runs when the heap is fullest)."""
import os
import shutil
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mp_heap  # noqa: E402

pytestmark = pytest.mark.skipif(mp_heap.micropython() is None, reason="no micropython")


HEAP = "180k"
# The 7th qstr block of this port starts at 1260 names and takes 14 KB at
# once: the match's names stay in 6 blocks (1253 names; MAX_NAMES: 2 to spare)
QSTR_BLOCKS = 6
MAX_NAMES = 1255


def test_whole_match_fits_the_heap():
    d = tempfile.mkdtemp(prefix="uimpy")   # run from inside: paths as on the device
    try:
        mp_heap.build(d)
        ok, line = mp_heap.run(d, HEAP)
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
                             (os.path.join(root, "firmware"), mp_heap.UI_MP, mp_heap.HAL_MP))))
    assert out.stdout.split() == ["16384"], out.stdout + out.stderr


def test_the_match_names_fit_without_the_next_qstr_block(tmp_path):
    """Every name a module loaded from .mpy holds is interned for good; the
    pool grows in doubling blocks, and on this port the 7th (1280 names,
    14 KB of heap at once) starts at the 1260th name.  The whole match
    interned 1322 names (7 blocks) before names were cut: a private
    constant is `_NAME = const(...)` (no name at run time), and what only
    sync, link play or the bring-up run use is in modules of its own
    (hal.clock, hal.parts, hal.battery, sync.messages)."""
    import subprocess
    d = str(tmp_path / "mpy")
    mp_heap.build(d)
    code = ("import micropython, mp_ui_game; mp_ui_game.main(%r, 'hint'); "
            "micropython.qstr_info()" % str(tmp_path / "flash"))
    out = subprocess.run([mp_heap.micropython(), "-X", "heapsize=1m", "-c", code], cwd=d,
                         env=dict(os.environ, MICROPYPATH=":.frozen"),
                         capture_output=True, text=True, timeout=300).stdout
    info = out.strip().splitlines()[-1]           # qstr pool: n_pool=6, n_qstr=1256, ...
    fields = dict(f.strip().split("=") for f in info.split(":", 1)[1].split(","))
    assert int(fields["n_pool"]) <= QSTR_BLOCKS, info
    assert int(fields["n_qstr"]) <= MAX_NAMES, info
