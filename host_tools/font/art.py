"""The screen's 8x8 font: pixel art (screen8.txt) -> firmware/hal/font.py.

    python -m host_tools.font.art [--check]

screen8.txt holds every printable ASCII character (32-126, in order): a
line with the character between single quotes, then 8 rows of 8 pixels
('#' ink, '.' paper); lines starting with "# " are comments.  The glyphs go into hal/font.py as one bytes constant,
8 bytes a character, one byte a column with bit 0 the top row (framebuf's
MONO_VLSB, the layout of its built-in font), between the module's two
marker lines; the rest of hal/font.py is written by hand.  `--check` only
says whether hal/font.py is up to date (exit 1 if not).
"""
import os
import sys

from host_tools.options import Parser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ART = os.path.join(HERE, "screen8.txt")
MODULE = os.path.join(ROOT, "firmware", "hal", "font.py")
FIRST, LAST = 32, 126
BEGIN = "# -- glyphs (python -m host_tools.font.art; drawn in host_tools/font/screen8.txt)\n"
END = "# -- end of glyphs\n"


class ArtError(ValueError):
    pass


def read(path=ART):
    """{character: 8 rows of 8 '#'/'.'} from the art file, checked: every
    printable ASCII character once, in order, 8 rows of 8 pixels."""
    cells = {}
    lines = [ln.rstrip("\n") for ln in open(path, encoding="ascii")]
    rows = [(i + 1, ln) for i, ln in enumerate(lines) if ln and not ln.startswith("# ")]
    expect = FIRST
    k = 0
    while k < len(rows):
        n, head = rows[k]
        if len(head) != 3 or head[0] != "'" or head[2] != "'":
            raise ArtError("line %d: %r is not a character between quotes" % (n, head))
        ch = head[1]
        if ord(ch) != expect:
            raise ArtError("line %d: %r where %r was due" % (n, ch, chr(expect)))
        glyph = [ln for _, ln in rows[k + 1:k + 9]]
        for m, ln in rows[k + 1:k + 9]:
            if len(ln) != 8 or set(ln) - {"#", "."}:
                raise ArtError("line %d: %r is not 8 pixels of '#' and '.'" % (m, ln))
        if len(glyph) != 8:
            raise ArtError("line %d: %r has %d rows, not 8" % (n, ch, len(glyph)))
        cells[ch] = glyph
        expect += 1
        k += 9
    if expect != LAST + 1:
        raise ArtError("%s ends at %r: %r to %r missing" % (path, chr(expect - 1), chr(expect), chr(LAST)))
    return cells


def pack(cells):
    """The glyph bytes: per character 8 columns, bit y set = ink on row y."""
    out = bytearray()
    for c in range(FIRST, LAST + 1):
        rows = cells[chr(c)]
        for x in range(8):
            out.append(sum(1 << y for y in range(8) if rows[y][x] == "#"))
    return bytes(out)


def glyph_lines(data):
    """The module's GLYPHS assignment: 16 bytes (two characters) a line."""
    out = ["GLYPHS = (\n"]
    for i in range(0, len(data), 16):
        out.append("    b\"%s\"\n" % "".join("\\x%02x" % b for b in data[i:i + 16]))
    out.append(")\n")
    return "".join(out)


def module_with(text, data):
    """hal/font.py's text with its glyph block replaced by data's."""
    try:
        a = text.index(BEGIN) + len(BEGIN)
        b = text.index(END, a)
    except ValueError:
        raise ArtError("%s lacks its glyph markers" % MODULE) from None
    return text[:a] + glyph_lines(data) + text[b:]


def main(argv=None):
    ap = Parser("font art", description="the screen font's pixel art -> firmware/hal/font.py",
                prog="python -m host_tools.font.art")
    ap.add_argument("--check", action="store_true", help="only check that hal/font.py is up to date")
    args = ap.parse_args(argv)
    try:
        data = pack(read())
        old = open(MODULE, encoding="utf-8").read()
        new = module_with(old, data)
    except ArtError as e:
        print("font art: %s" % e, file=sys.stderr)
        return 2
    if args.check:
        if new != old:
            print("font art: firmware/hal/font.py is out of date: run python -m host_tools.font.art",
                  file=sys.stderr)
            return 1
        return 0
    if new != old:
        with open(MODULE, "w", encoding="utf-8") as f:
            f.write(new)
    print("font art: %s (%d glyph bytes)" % (os.path.relpath(MODULE, ROOT), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
