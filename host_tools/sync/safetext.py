"""Text that came off a device (names, device ids), made safe to show.

The device's name rule (sync.limits) keeps new names printable ASCII, but
a database may hold names from older firmware or a hostile device:

    terminal(s)   control and format characters (ANSI escapes, tabs,
                  newlines, the right-to-left override) written as \\x.. /
                  \\u.... escapes, so a name cannot move the cursor, clear
                  the screen or reorder the line
    csv_cell(v)   a text cell a spreadsheet would read as a formula
                  (leading = + - @, tab or CR) gets a leading apostrophe
"""
import unicodedata

HIDDEN = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def terminal(s):
    out = []
    for c in str(s):
        if unicodedata.category(c) in HIDDEN:
            n = ord(c)
            out.append("\\x%02x" % n if n < 0x100 else
                       "\\u%04x" % n if n < 0x10000 else "\\U%08x" % n)
        else:
            out.append(c)
    return "".join(out)


def csv_cell(v):
    if isinstance(v, str) and v.startswith(FORMULA_START):
        return "'" + v
    return v
