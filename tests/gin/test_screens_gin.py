"""The gin screens against golden images (tests/gin/golden), and
MicroPython's real framebuf against CPython's stand-in, byte for byte.
Regenerate after a deliberate design change with
UPDATE_GOLDEN=1 pytest tests/gin/test_screens_gin.py (then look at them)."""
import os
import subprocess
import sys
from binascii import crc32

import pytest
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
UI_MP = os.path.join(ROOT, "tests", "ui_mp")
GOLDEN = os.path.join(HERE, "golden")
sys.path.insert(0, UI_MP)
import gin_scenes  # noqa: E402


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    return dict(gin_scenes.render_all(str(tmp_path_factory.mktemp("gin_scenes"))))


def to_png(buf):
    return Image.frombytes("1", (400, 300), buf)


@pytest.mark.parametrize("name", [n for n, _ in gin_scenes.SCENES])
def test_golden(rendered, name, tmp_path):
    path = os.path.join(GOLDEN, name + ".png")
    if os.environ.get("UPDATE_GOLDEN"):
        os.makedirs(GOLDEN, exist_ok=True)
        to_png(rendered[name]).save(path, optimize=True)
    assert os.path.exists(path), "no golden image %s (run with UPDATE_GOLDEN=1)" % path
    want = Image.open(path).convert("1").tobytes()
    got = rendered[name]
    if got != want:
        actual = str(tmp_path / (name + "-actual.png"))
        to_png(got).save(actual)
        raise AssertionError("%s differs from its golden image (see %s)" % (name, actual))


def test_micropython_framebuf_matches_cpython(rendered, tmp_path):
    exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    env = dict(os.environ, MICROPYPATH=":".join([os.path.join(ROOT, "firmware"), UI_MP, HERE]))
    p = subprocess.run([exe, os.path.join(HERE, "gin_scenes.py"), str(tmp_path)],
                       env=env, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr + p.stdout
    mp = dict(line.split() for line in p.stdout.splitlines())
    assert sorted(mp) == sorted(rendered)
    for name, buf in rendered.items():
        assert int(mp[name]) == crc32(buf) & 0xFFFFFFFF, name
