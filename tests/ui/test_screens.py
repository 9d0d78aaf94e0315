"""Key screens against golden images, and MicroPython's real framebuf
against CPython's stand-in on the same screens (byte for byte).

Regenerate the goldens after a deliberate design change with
UPDATE_GOLDEN=1 pytest tests/ui/test_screens.py (then look at them).
"""
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
import ui_scenes  # noqa: E402


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    return dict(ui_scenes.render_all(str(tmp_path_factory.mktemp("scenes"))))


def to_png(buf):
    return Image.frombytes("1", (400, 300), buf)


@pytest.mark.parametrize("name", [n for n, _ in ui_scenes.SCENES])
def test_golden(rendered, name, tmp_path):
    path = os.path.join(GOLDEN, name + ".png")
    if os.environ.get("UPDATE_GOLDEN"):
        to_png(rendered[name]).save(path, optimize=True)
    assert os.path.exists(path), "no golden image %s (run with UPDATE_GOLDEN=1)" % path
    want = Image.open(path).convert("1").tobytes()
    got = rendered[name]
    if got != want:
        diff = sum(1 for a, b in zip(got, want) if a != b)
        actual = str(tmp_path / (name + "-actual.png"))
        to_png(got).save(actual)
        raise AssertionError("%s differs from its golden image in %d bytes (see %s)"
                             % (name, diff, actual))


def test_screens_are_drawn(rendered):
    for name, buf in rendered.items():
        black = sum(bin(255 - b).count("1") for b in buf)
        assert 500 < black < 100000, (name, black)   # neither blank nor solid


def micropython():
    exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    return exe if os.path.exists(exe) else None


@pytest.mark.skipif(micropython() is None, reason="no micropython binary")
def test_micropython_framebuf_matches_cpython(rendered, tmp_path):
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware") + ":" + UI_MP)
    p = subprocess.run([micropython(), os.path.join(UI_MP, "ui_scenes.py"), str(tmp_path)],
                       env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr + p.stdout
    mp = dict(line.split() for line in p.stdout.splitlines())
    assert sorted(mp) == sorted(rendered)
    for name, buf in rendered.items():
        assert int(mp[name]) == crc32(buf) & 0xFFFFFFFF, name
