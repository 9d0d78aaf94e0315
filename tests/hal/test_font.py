"""The screen's own 8x8 font (hal.font, drawn in host_tools/font/screen8.txt).

Its glyphs are the art's, its look-alikes differ at a glance, and the
display draws text with it wherever the app writes `fb.text`."""
import itertools

import pytest

from hal import font
from hal.epd_ssd1683 import SSD1683
from hal.fb import framebuf
from host_tools.font import art


def rows(ch):
    """The glyph of ch as 8 rows of 8 pixels (1 = ink)."""
    o = font.at(ord(ch))
    return [[(font.GLYPHS[o + x] >> y) & 1 for x in range(8)] for y in range(8)]


def apart(a, b):
    return sum(p != q for ra, rb in zip(rows(a), rows(b)) for p, q in zip(ra, rb))


def test_the_module_holds_the_arts_glyphs():
    assert font.GLYPHS == art.pack(art.read())
    assert art.main(["--check"]) == 0


@pytest.mark.parametrize("a,b", list(itertools.combinations("1liI", 2)))
def test_one_el_eye_and_capital_eye_differ_at_a_glance(a, b):
    """At least 6 of the 64 pixels apart: 1's flag and foot, l's tail, i's
    dot over a gap, I's two bars (framebuf's built-in font had l and I 1
    pixel apart, 1 and l 4, 1 and I 5: "1" read as "i")."""
    assert apart(a, b) >= 6, (a, b, apart(a, b))


def test_every_digit_differs_from_every_other_digit():
    close = [(a, b, apart(a, b)) for a, b in itertools.combinations("0123456789", 2)
             if apart(a, b) < 4]
    assert not close, close


def test_digits_keep_a_blank_column_each_side():
    """Tile numbers are the digits scaled up (ui.tiles_gfx): ink in columns
    1-6 only, so a two-digit number keeps its gap and a picked tile's rim
    never touches it."""
    for d in "0123456789":
        assert not any(r[0] or r[7] for r in rows(d)), d


def test_an_unknown_character_draws_as_a_question_mark():
    assert font.at(0xC3) == font.at(ord("?")) == font.at(0x7F) == font.at(31)


def _drawn(s, col, via_display):
    buf = bytearray(50 * 12)
    if via_display:
        fb = SSD1683(None, bytearray(50 * 300))
    else:
        fb = framebuf.FrameBuffer(buf, 400, 12, framebuf.MONO_HLSB)
    fb.fill(1 - col)
    if via_display:
        fb.text(s, 3, 2, col)
    else:
        font.text(fb, s, 3, 2, col)
    return [[fb.pixel(x, y) for x in range(400)] for y in range(12)]


@pytest.mark.parametrize("col", [0, 1])
def test_the_display_draws_text_in_the_screens_font(col):
    """fb.text on the display is hal.font's text, ink only, in either
    colour: each glyph's ink where the art puts it, nothing else drawn."""
    s = "Yil1 K10"
    got = _drawn(s, col, True)
    assert got == _drawn(s, col, False)
    for i, ch in enumerate(s):
        r = rows(ch)
        for y in range(8):
            for x in range(8):
                assert got[2 + y][3 + 8 * i + x] == (col if r[y][x] else 1 - col), (ch, x, y)
    assert all(v == 1 - col for v in got[0] + got[1] + got[10] + got[11])
