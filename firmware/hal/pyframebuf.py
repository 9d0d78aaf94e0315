"""Pure-Python stand-in for MicroPython's `framebuf`, byte-identical output.

CPython has no framebuf; the emulator and host tests draw screens through this
module and must get exactly the bytes the device would.  It follows the C
module (extmod/modframebuf.c) call for call: same clipping, same Bresenham
line, same midpoint ellipse, same 8x8 font.  tests/hal/test_framebuf_shim.py
compares it with the real module of the unix port byte for byte.
Formats: MONO_VLSB, MONO_HLSB, MONO_HMSB (what a 1-bit e-ink panel needs).
Not provided: RGB565/GS2/GS4/GS8.  Never imported on the device.
"""
from binascii import unhexlify

MONO_VLSB = 0
MVLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4

# The 8x8 font of extmod/font_petme128_8x8.h (chars 32..127), 8 bytes per
# glyph, one byte per column, bit 0 = top row.  Read out of the unix port by
# rendering every character into a MONO_VLSB buffer.
_FONT = unhexlify(
    "00000000000000000000004f4f0000000007070000070700147f7f14147f7f14"
    "00242e6b6b3a1200006333180c66630000327f4d4d7772500000000406030100"
    "00001c3e63410000000041633e1c0000082a3e1c1c3e2a080008083e3e080800"
    "000080e0600000000008080808080800000000606000000000406030180c0602"
    "003e7f49457f3e000040447f7f40400000627351494f460000226349497f3600"
    "00181814167f7f1000276745457d3900003e7f49497b3200000303797d070300"
    "00367f49497f360000266f49497f3e000000002424000000000080e464000000"
    "00081c3663414100001414141414140000414163361c080000020351590f0600"
    "003e7f414d4f2e00007c7e0b0b7e7c00007f7f49497f3600003e7f4141632200"
    "007f7f41633e1c00007f7f4949414100007f7f0909010100003e7f41497b3a00"
    "007f7f08087f7f000000417f7f410000002060417f3f0100007f7f1c36634100"
    "007f7f4040404000007f7f060c067f7f007f7f0e1c7f7f00003e7f41417f3e00"
    "007f7f09090f0600001e3f21617f5e00007f7f19396f460000266f49497b3200"
    "0001017f7f010100003f7f40407f3f00001f3f60603f1f00007f7f3018307f7f"
    "0063771c1c77630000070f78780f0700006171594d47430000007f7f41410000"
    "0002060c18306040000041417f7f000000080c06060c0800c0c0c0c0c0c0c0c0"
    "000001030604000000207454547c7800007f7f44447c380000387c44446c2800"
    "00387c44447f7f0000387c54545c580000087e7f090302000098bca4a4fc7c00"
    "007f7f04047c78000000007d7d0000000040c08080fd7d00007f7f30386c4400"
    "0000417f7f400000007c7c1830187c7c007c7c04047c780000387c44447c3800"
    "00fcfc24243c180000183c2424fcfc00007c7c04040c080000485c5454742000"
    "04043f7f44642000003c7c40407c3c00001c3c60603c1c00001c7c3018307c1c"
    "00446c38386c4400009cbca0a0fc7c00004464745c4c44000008083e77414100"
    "000000ffff000000004141773e0808000002030103020301aa55aa55aa55aa55"
)

_Q1 = 1
_Q2 = 2
_Q3 = 4
_Q4 = 8
_QALL = 15


class FrameBuffer:
    """framebuf.FrameBuffer(buffer, width, height, format, stride=width)."""

    def __init__(self, buf, width, height, format, stride=None):
        if stride is None:
            stride = width
        if format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        elif format != MONO_VLSB:
            raise ValueError("invalid format")
        self._buf = buf
        self._width = width
        self._height = height
        self._stride = stride
        self._format = format

    # -- per-format primitives (unclipped, like the C setpixel/getpixel)
    def _set(self, x, y, col):
        buf = self._buf
        if self._format == MONO_VLSB:
            i = (y >> 3) * self._stride + x
            bit = y & 7
        else:
            i = (x + y * self._stride) >> 3
            bit = (x & 7) if self._format == MONO_HMSB else 7 - (x & 7)
        if col:
            buf[i] |= 1 << bit
        else:
            buf[i] &= ~(1 << bit) & 0xFF

    def _get(self, x, y):
        if self._format == MONO_VLSB:
            return (self._buf[(y >> 3) * self._stride + x] >> (y & 7)) & 1
        b = self._buf[(x + y * self._stride) >> 3]
        bit = (x & 7) if self._format == MONO_HMSB else 7 - (x & 7)
        return (b >> bit) & 1

    def _fill_rect(self, x, y, w, h, col):
        buf = self._buf
        if self._format == MONO_VLSB:
            for yy in range(y, y + h):
                bit = 1 << (yy & 7)
                base = (yy >> 3) * self._stride
                for i in range(base + x, base + x + w):
                    if col:
                        buf[i] |= bit
                    else:
                        buf[i] &= ~bit & 0xFF
            return
        # horizontal formats: whole bytes at once, masked edge bytes
        adv = self._stride >> 3
        x2 = x + w
        b0 = x >> 3
        b1 = (x2 - 1) >> 3
        msb = self._format == MONO_HLSB
        if b0 == b1:
            edges = ((b0, _span(x & 7, ((x2 - 1) & 7) + 1, msb)),)
            full0 = full1 = 0
        else:
            edges = ((b0, _span(x & 7, 8, msb)), (b1, _span(0, ((x2 - 1) & 7) + 1, msb)))
            full0 = b0 + 1
            full1 = b1
        fillbyte = 0xFF if col else 0
        for yy in range(y, y + h):
            row = yy * adv
            if full1 > full0:
                buf[row + full0:row + full1] = bytes((fillbyte,)) * (full1 - full0)
            for bi, m in edges:
                if col:
                    buf[row + bi] |= m
                else:
                    buf[row + bi] &= ~m & 0xFF

    def _clip_fill(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._height or x >= self._width:
            return
        xend = min(self._width, x + w)
        yend = min(self._height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_rect(x, y, xend - x, yend - y, col)

    def _set_checked(self, x, y, col, mask):
        if mask and 0 <= x < self._width and 0 <= y < self._height:
            self._set(x, y, col)

    # -- the public API, same names and arguments as framebuf
    def fill(self, col):
        self._fill_rect(0, 0, self._width, self._height, col)

    def fill_rect(self, x, y, w, h, col):
        self._clip_fill(x, y, w, h, col)

    def pixel(self, x, y, col=None):
        if 0 <= x < self._width and 0 <= y < self._height:
            if col is None:
                return self._get(x, y)
            self._set(x, y, col)
        return None

    def hline(self, x, y, w, col):
        self._clip_fill(x, y, w, 1, col)

    def vline(self, x, y, h, col):
        self._clip_fill(x, y, 1, h, col)

    def rect(self, x, y, w, h, col, fill=False):
        if fill:
            self._clip_fill(x, y, w, h, col)
        else:
            self._clip_fill(x, y, w, 1, col)
            self._clip_fill(x, y + h - 1, w, 1, col)
            self._clip_fill(x, y, 1, h, col)
            self._clip_fill(x + w - 1, y, 1, h, col)

    def line(self, x1, y1, x2, y2, col):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        w = self._width
        h = self._height
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, col)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, col)

    def _ellipse_points(self, cx, cy, x, y, col, mask):
        if mask & 16:
            if mask & _Q1:
                self._clip_fill(cx, cy - y, x + 1, 1, col)
            if mask & _Q2:
                self._clip_fill(cx - x, cy - y, x + 1, 1, col)
            if mask & _Q3:
                self._clip_fill(cx - x, cy + y, x + 1, 1, col)
            if mask & _Q4:
                self._clip_fill(cx, cy + y, x + 1, 1, col)
        else:
            self._set_checked(cx + x, cy - y, col, mask & _Q1)
            self._set_checked(cx - x, cy - y, col, mask & _Q2)
            self._set_checked(cx - x, cy + y, col, mask & _Q3)
            self._set_checked(cx + x, cy + y, col, mask & _Q4)

    def ellipse(self, cx, cy, xr, yr, col, fill=False, m=_QALL):
        mask = 16 if fill else 0
        mask |= m & _QALL
        if xr == 0 and yr == 0:
            if mask & _QALL:
                self._set_checked(cx, cy, col, 1)
            return
        self._ellipse_arc(cx, cy, xr, yr, col, mask, False)
        self._ellipse_arc(cx, cy, yr, xr, col, mask, True)

    def _ellipse_arc(self, cx, cy, a, b, col, mask, swap):
        """One half of the midpoint ellipse (framebuf.c's two loops): steps v
        from 0 while u shrinks from a.  The first call walks y with x = u,
        the second (radii swapped, swap=True) walks x with y = u."""
        two_a2 = 2 * a * a
        two_b2 = 2 * b * b
        u = a
        v = 0
        uchange = b * b * (1 - 2 * a)
        vchange = a * a
        err = 0
        stopu = two_b2 * a
        stopv = 0
        while stopu >= stopv:
            if swap:
                self._ellipse_points(cx, cy, v, u, col, mask)
            else:
                self._ellipse_points(cx, cy, u, v, col, mask)
            v += 1
            stopv += two_a2
            err += vchange
            vchange += two_a2
            if 2 * err + uchange > 0:
                u -= 1
                stopu -= two_b2
                err += uchange
                uchange += two_b2

    def poly(self, x, y, coords, col, fill=False):
        """Polygon from an array of x,y pairs (buffer protocol, like the C)."""
        pts = memoryview(coords)
        n = len(pts) // 2
        if n == 0:
            return
        edges = _poly_edges(pts, n)
        if not fill:
            for px1, py1, px2, py2 in edges:
                self.line(x + px1, y + py1, x + px2, y + py2, col)
            return
        ys = [pts[2 * k + 1] for k in range(n)]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            for px1, py1, px2, py2 in edges:
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    num = _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1)
                    nodes.append(_cdiv(32 * px1 + num + 16, 32))
                elif row == max(py1, py2):
                    if py1 < py2:
                        self._set_checked(x + px2, y + py2, col, 1)
                    elif py2 < py1:
                        self._set_checked(x + px1, y + py1, col, 1)
                    else:
                        self.line(x + px1, y + py1, x + px2, y + py2, col)
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._clip_fill(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, col)

    def blit(self, src, x, y, key=-1, palette=None):
        if isinstance(src, tuple):
            src = FrameBuffer(*src)
        if x >= self._width or y >= self._height or -x >= src._width or -y >= src._height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._width, x + src._width)
        y0end = min(self._height, y + src._height)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def scroll(self, xstep, ystep):
        w = self._width
        h = self._height
        xs = _scroll_span(xstep, w)
        ys = _scroll_span(ystep, h)
        if xs is None or ys is None:
            return
        sx, xend, dx = xs
        y, yend, dy = ys
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x0, y0, col=1):
        w = self._width
        h = self._height
        for ch in s.encode("utf-8") if isinstance(s, str) else s:
            if ch < 32 or ch > 127:
                ch = 127
            base = (ch - 32) * 8
            for j in range(8):
                if 0 <= x0 < w:
                    col_bits = _FONT[base + j]
                    y = y0
                    while col_bits:
                        if col_bits & 1 and 0 <= y < h:
                            self._set(x0, y, col)
                        col_bits >>= 1
                        y += 1
                x0 += 1


def _cdiv(a, b):
    """C integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _span(a, b, msb):
    """Bit mask covering pixel columns a..b-1 of one byte."""
    m = 0
    for i in range(a, b):
        m |= (0x80 >> i) if msb else (1 << i)
    return m


def _scroll_span(step, size):
    """(first, stop, direction) of the destinations along one axis of a
    scroll, copying from the far side first; None if it moves all off."""
    if step < 0:
        return None if -step >= size else (0, size + step, 1)
    return None if step >= size else (size - 1, step - 1, -1)


def _poly_edges(pts, n):
    """The polygon's edges as (x1, y1, x2, y2), in framebuf.c's order: from
    the first vertex to the last, then backwards to the first again."""
    edges = []
    px1, py1 = pts[0], pts[1]
    i = n * 2 - 1
    while i >= 0:
        px2, py2 = pts[i - 1], pts[i]
        edges.append((px1, py1, px2, py2))
        px1, py1 = px2, py2
        i -= 2
    return edges
