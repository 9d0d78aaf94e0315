"""hal.pyframebuf draws exactly what MicroPython's framebuf draws.

The same scenes (tests/hal_mp/fb_scenes.py) run through the real module on the
unix port, through the shim on the unix port, and through the shim here on
CPython; every buffer must match byte for byte.
"""
import binascii
import os
import sys

import pytest

from hal_mpy import HAL_MP, micropython, run

sys.path.insert(0, HAL_MP)
import fb_scenes  # noqa: E402

from hal import pyframebuf  # noqa: E402

pytestmark = pytest.mark.skipif(micropython() is None, reason="no micropython binary")


def _parse(out):
    res = {}
    for line in out.splitlines():
        name, _crc, hexdata = line.split()
        res[name] = binascii.unhexlify(hexdata)
    return res


@pytest.fixture(scope="module")
def real():
    p = run([os.path.join(HAL_MP, "fb_scenes.py"), "real"])
    assert p.returncode == 0, p.stderr
    return _parse(p.stdout)


def test_cpython_shim_matches_real_framebuf(real):
    mine = dict(fb_scenes.scenes(pyframebuf))
    assert sorted(mine) == sorted(real)
    for name in real:
        if mine[name] != real[name]:
            diff = [i for i in range(len(real[name])) if mine[name][i] != real[name][i]]
            raise AssertionError("%s differs at %d bytes, first at %d" % (name, len(diff), diff[0]))


def test_shim_under_micropython_matches_real(real):
    p = run([os.path.join(HAL_MP, "fb_scenes.py"), "shim"])
    assert p.returncode == 0, p.stderr
    assert _parse(p.stdout) == real


def test_scenes_are_not_blank(real):
    # a broken scene (all zero or all one) would make the comparison vacuous
    for name, data in real.items():
        assert len(set(data)) > 2, name


def test_fb_module_picks_shim_on_cpython():
    from hal.fb import framebuf
    assert framebuf is pyframebuf


def test_font_table_is_petme128():
    # 96 glyphs of 8 column bytes; 'A' is the well-known petme128 shape
    assert len(pyframebuf._FONT) == 96 * 8
    a = pyframebuf._FONT[(ord("A") - 32) * 8:(ord("A") - 31) * 8]
    assert a == bytes([0x00, 0x7C, 0x7E, 0x0B, 0x0B, 0x7E, 0x7C, 0x00])


def test_unknown_format_rejected():
    with pytest.raises(ValueError):
        pyframebuf.FrameBuffer(bytearray(10), 8, 8, 1)
