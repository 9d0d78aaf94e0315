"""The gin screens against golden images (tests/gin/golden), and
MicroPython's real framebuf against CPython's stand-in, byte for byte.
Regenerate after a deliberate design change with
UPDATE_GOLDEN=1 pytest tests/gin/test_screens_gin.py (then look at them)."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
UI_MP = os.path.join(ROOT, "tests", "ui_mp")
GIN_MP = os.path.join(ROOT, "tests", "gin_mp")
GOLDEN = os.path.join(HERE, "golden")
sys.path.insert(0, UI_MP)
import gin_scenes  # noqa: E402
from goldens import check_golden, assert_micropython_draws_the_same  # noqa: E402


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    return dict(gin_scenes.render_all(str(tmp_path_factory.mktemp("gin_scenes"))))


@pytest.mark.parametrize("name", [n for n, _ in gin_scenes.SCENES])
def test_golden(rendered, name, tmp_path):
    check_golden(GOLDEN, name, rendered[name], tmp_path)


def test_micropython_framebuf_matches_cpython(rendered, tmp_path):
    assert_micropython_draws_the_same(os.path.join(GIN_MP, "gin_scenes.py"),
                                      [os.path.join(ROOT, "firmware"), UI_MP, GIN_MP],
                                      rendered, tmp_path)
