"""Drawing scenes run through a framebuf module; both runtimes must agree.

scenes(fbmod) returns [(name, bytes)].  Called with the real `framebuf` under
the MicroPython unix port and with hal.pyframebuf on CPython and MicroPython;
tests/hal/test_framebuf_shim.py compares the bytes.
"""


def _scene_basic(fb):
    fb.fill(0)
    fb.pixel(0, 0, 1)
    fb.pixel(399, 299, 1)
    fb.pixel(-1, 5, 1)
    fb.pixel(400, 5, 1)
    fb.hline(3, 10, 100, 1)
    fb.hline(-20, 11, 30, 1)
    fb.hline(390, 12, 50, 1)
    fb.vline(7, 20, 50, 1)
    fb.vline(399, 280, 50, 1)
    fb.rect(10, 30, 37, 21, 1)
    fb.rect(60, 30, 9, 5, 1, True)
    fb.rect(61, 31, 3, 3, 0, True)
    fb.fill_rect(101, 40, 1, 1, 1)
    fb.fill_rect(-5, -5, 12, 12, 1)
    fb.fill_rect(395, 295, 30, 30, 1)
    fb.fill_rect(200, 200, 0, 10, 1)
    fb.fill_rect(200, 200, 10, -3, 1)
    fb.fill_rect(13, 100, 170, 33, 1)
    fb.fill_rect(21, 105, 150, 20, 0)
    fb.fill_rect(16, 140, 8, 3, 1)
    fb.fill_rect(17, 150, 6, 3, 1)


def _scene_lines(fb):
    fb.fill(0)
    for i in range(0, 400, 23):
        fb.line(200, 150, i, 0, 1)
        fb.line(200, 150, i, 299, 1)
    for j in range(0, 300, 19):
        fb.line(200, 150, 0, j, 1)
        fb.line(399 - j, 150, 399, j, 1)
    fb.line(-50, -30, 450, 330, 1)
    fb.line(5, 5, 5, 5, 1)
    fb.line(10, 290, 390, 10, 0)


def _scene_text(fb):
    fb.fill(1)
    chars = "".join(chr(c) for c in range(32, 128))
    for row in range(0, 12):
        fb.text(chars[row * 8:row * 8 + 8], 3 + row * 31, row * 9 + 1, 0)
    fb.text("Pocket Rummikub R13 K1 J*", -4, 120, 0)
    fb.text("clip", 380, 295, 0)
    fb.text("tab\tnl\n\x01", 10, 200, 0)
    fb.text("caf\xe9", 10, 220, 0)
    fb.text("x", 10, -3, 0)


def _scene_ellipse(fb):
    fb.fill(0)
    fb.ellipse(100, 100, 50, 30, 1)
    fb.ellipse(250, 100, 20, 40, 1, True)
    fb.ellipse(300, 220, 60, 10, 1, False, 5)
    fb.ellipse(120, 230, 35, 35, 1, True, 10)
    fb.ellipse(5, 5, 0, 0, 1)
    fb.ellipse(390, 290, 30, 30, 1, True)
    fb.ellipse(30, 280, 10, 0, 1)


def _scene_blit_scroll(fb, fbmod):
    sb = bytearray(4 * 10)
    spr = fbmod.FrameBuffer(sb, 30, 10, fbmod.MONO_HLSB)
    spr.fill(0)
    spr.rect(0, 0, 30, 10, 1)
    spr.text("AB", 2, 1, 1)
    fb.fill(0)
    fb.blit(spr, 5, 5)
    fb.blit(spr, -7, 50)
    fb.blit(spr, 390, 295)
    fb.blit(spr, 100, 100, 0)
    pb = bytearray(1)
    pal = fbmod.FrameBuffer(pb, 2, 1, fbmod.MONO_HLSB)
    pal.pixel(0, 0, 1)
    pal.pixel(1, 0, 0)
    fb.blit(spr, 200, 100, -1, pal)
    fb.fill_rect(0, 200, 400, 2, 1)
    fb.scroll(13, -7)
    fb.scroll(-5, 3)


def _scene_poly(fb):
    from array import array
    fb.fill(0)
    star = array("h", [0, -40, 12, -12, 40, -10, 18, 8, 26, 40, 0, 20, -26, 40, -18, 8, -40, -10, -12, -12])
    fb.poly(100, 100, star, 1)
    fb.poly(200, 100, star, 1, True)
    tri = array("h", [0, 0, 60, 10, 20, 50])
    fb.poly(300, 50, tri, 1, True)
    fb.poly(380, 270, tri, 1, True)        # clipped
    flat = array("h", [0, 0, 30, 0, 30, 20, 0, 20])
    fb.poly(20, 200, flat, 1, True)
    fb.poly(60, 200, flat, 1)
    odd = array("h", [5, 5, 50, 30, 5])      # odd count: last value ignored
    fb.poly(150, 200, odd, 1, True)
    tile = array("b", [3, 0, 27, 0, 30, 3, 30, 37, 27, 40, 3, 40, 0, 37, 0, 3])
    fb.poly(250, 200, tile, 1, True)
    fb.poly(290, 200, tile, 1, False)
    fb.poly(-10, -10, tri, 1, True)


def _scene_random(fb):
    """Many random calls (own LCG: same numbers on both runtimes)."""
    state = [12345]

    def rnd(lo, hi):
        state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return lo + (state[0] >> 8) % (hi - lo + 1)

    fb.fill(0)
    for _ in range(400):
        op = rnd(0, 6)
        x = rnd(-30, 420)
        y = rnd(-30, 320)
        c = rnd(0, 1)
        if op == 0:
            fb.fill_rect(x, y, rnd(-2, 90), rnd(-2, 60), c)
        elif op == 1:
            fb.line(x, y, rnd(-30, 420), rnd(-30, 320), c)
        elif op == 2:
            fb.text("R%d K%d" % (rnd(1, 13), rnd(1, 13)), x, y, c)
        elif op == 3:
            fb.rect(x, y, rnd(0, 80), rnd(0, 80), c, rnd(0, 1) == 1)
        elif op == 4:
            fb.ellipse(x, y, rnd(0, 40), rnd(0, 40), c, rnd(0, 1) == 1, rnd(0, 15))
        elif op == 5:
            fb.hline(x, y, rnd(-5, 200), c)
        else:
            fb.vline(x, y, rnd(-5, 200), c)


def _new(fbmod, fmt, w, h):
    if fmt == fbmod.MONO_VLSB:
        buf = bytearray(w * ((h + 7) // 8))
    else:
        buf = bytearray(((w + 7) // 8) * h)
    return buf, fbmod.FrameBuffer(buf, w, h, fmt)


def scenes(fbmod):
    out = []
    fmts = (("hlsb", fbmod.MONO_HLSB), ("hmsb", fbmod.MONO_HMSB), ("vlsb", fbmod.MONO_VLSB))
    for fname, fmt in fmts:
        for name, fn in (("basic", _scene_basic), ("lines", _scene_lines),
                         ("text", _scene_text), ("ellipse", _scene_ellipse),
                         ("random", _scene_random), ("poly", _scene_poly)):
            buf, fb = _new(fbmod, fmt, 400, 300)
            fn(fb)
            out.append((fname + "/" + name, bytes(buf)))
    buf, fb = _new(fbmod, fbmod.MONO_HLSB, 400, 300)
    _scene_blit_scroll(fb, fbmod)
    out.append(("hlsb/blit_scroll", bytes(buf)))
    # odd width: stride rounding
    buf, fb = _new(fbmod, fbmod.MONO_HLSB, 37, 11)
    _scene_lines(fb)
    fb.text("odd", 2, 2, 0)
    out.append(("hlsb/odd", bytes(buf)))
    return out


def dump(fbmod):
    """Print one 'name crc32 hex' line per scene (for the cross-runtime diff)."""
    import binascii
    for name, data in scenes(fbmod):
        print("%s %08x %s" % (name, binascii.crc32(data) & 0xFFFFFFFF, binascii.hexlify(data).decode()))


if __name__ == "__main__":
    import sys
    if "shim" in sys.argv:
        from hal import pyframebuf as mod
    else:
        import framebuf as mod
    dump(mod)
