"""Key screens against golden images, and MicroPython's real framebuf
against CPython's stand-in on the same screens (byte for byte).

Regenerate the goldens after a deliberate design change with
UPDATE_GOLDEN=1 pytest tests/ui/test_screens.py (then look at them).
"""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
UI_MP = os.path.join(ROOT, "tests", "ui_mp")
GOLDEN = os.path.join(HERE, "golden")
sys.path.insert(0, UI_MP)
import ui_scenes  # noqa: E402
from goldens import MICROPYTHON, check_golden, assert_micropython_draws_the_same  # noqa: E402


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    return dict(ui_scenes.render_all(str(tmp_path_factory.mktemp("scenes"))))


@pytest.mark.parametrize("name", [n for n, _ in ui_scenes.SCENES])
def test_golden(rendered, name, tmp_path):
    check_golden(GOLDEN, name, rendered[name], tmp_path)


def test_screens_are_drawn(rendered):
    for name, buf in rendered.items():
        black = sum(bin(255 - b).count("1") for b in buf)
        assert 500 < black < 100000, (name, black)   # neither blank nor solid


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="no micropython binary")
def test_micropython_framebuf_matches_cpython(rendered, tmp_path):
    assert_micropython_draws_the_same(os.path.join(UI_MP, "ui_scenes.py"),
                                      [os.path.join(ROOT, "firmware"), UI_MP],
                                      rendered, tmp_path, timeout=120)
