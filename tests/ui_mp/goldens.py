"""CPython side of the golden-screen tests (tests/ui, tests/gin): compare
a rendered frame with its PNG, and run a scenes script under the
MicroPython unix port for the CRC of each frame it draws with the real
framebuf.  (The scenes scripts beside this file run on both runtimes.)"""
import os
import subprocess
from binascii import crc32

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def to_png(buf):
    return Image.frombytes("1", (400, 300), buf)


def check_golden(golden_dir, name, got, tmp_path):
    """Assert frame `got` equals golden_dir/name.png (UPDATE_GOLDEN=1 writes it)."""
    path = os.path.join(golden_dir, name + ".png")
    if os.environ.get("UPDATE_GOLDEN"):
        os.makedirs(golden_dir, exist_ok=True)
        to_png(got).save(path, optimize=True)
    assert os.path.exists(path), "no golden image %s (run with UPDATE_GOLDEN=1)" % path
    want = Image.open(path).convert("1").tobytes()
    if got != want:
        diff = sum(1 for a, b in zip(got, want) if a != b)
        actual = str(tmp_path / (name + "-actual.png"))
        to_png(got).save(actual)
        raise AssertionError("%s differs from its golden image in %d bytes (see %s)"
                             % (name, diff, actual))


def assert_micropython_draws_the_same(script, path, rendered, tmp_path, timeout=300):
    """Run `script` (it prints "name crc32" per scene) under the unix port
    with MICROPYPATH `path`; every frame's CRC equals CPython's."""
    env = dict(os.environ, MICROPYPATH=":".join(path))
    p = subprocess.run([MICROPYTHON, script, str(tmp_path)], env=env,
                       capture_output=True, text=True, timeout=timeout)
    assert p.returncode == 0, p.stderr + p.stdout
    mp = dict(line.split() for line in p.stdout.splitlines())
    assert sorted(mp) == sorted(rendered)
    for name, buf in rendered.items():
        assert int(mp[name]) == crc32(buf) & 0xFFFFFFFF, name


def golden_suite(scenes, golden_dir, paths, timeout=300):
    """What a scenes script's test module holds (tests/ui, tests/gin): the
    `rendered` fixture (every scene drawn once, on CPython), a golden test
    per scene, and the MicroPython framebuf check.  `scenes` is the
    imported scenes module, `paths` the MICROPYPATH to run it under."""
    import pytest

    @pytest.fixture(scope="module")
    def rendered(tmp_path_factory):
        return dict(scenes.render_all(str(tmp_path_factory.mktemp("scenes"))))

    @pytest.mark.parametrize("name", [n for n, _ in scenes.SCENES])
    def test_golden(rendered, name, tmp_path):
        check_golden(golden_dir, name, rendered[name], tmp_path)

    @pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="no micropython binary")
    def test_micropython_framebuf_matches_cpython(rendered, tmp_path):
        script = scenes.__file__.replace(".pyc", ".py")
        assert_micropython_draws_the_same(script, paths, rendered, tmp_path, timeout)

    return rendered, test_golden, test_micropython_framebuf_matches_cpython
