"""The key help the emulator's side panel and the web page show (one text
for both): the keyboard's buttons, then the play screen's keys, assisted
placement first (the way that takes the fewest presses).  The bindings
are firmware/ui/screens/play.py's key()."""
import html

KEYBOARD = (("arrows", "D-pad"), ("Z / Enter", "A"), ("X / Backspace", "B"),
            ("Space", "START"), ("hold", "a long press"))

# (heading, ((key, what it does), ...)) for the play screen
PLAY = (
    ("Let the console place", (
        ("A", "pick rack tiles"),
        ("START", "place the picks for you"),
        ("hold A", "on a rack tile: place it"),
        ("", "then </>: other ways, A: take it, START: take it and end the turn, B: back"),
    )),
    ("By hand", (
        ("arrows", "tile by tile, set by set"),
        ("A on +", "put the picks there"),
        ("hold A", "put the picks before a tile (no picks: split the set)"),
        ("B", "drop the picks / undo"),
        ("hold B", "jump table <-> rack"),
        ("START", "end the turn (nothing played: draw)"),
        ("hold START", "menu: hint, sort, help, quit"),
    )),
)


def _wrap(text, width):
    lines = [""]
    for word in text.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] += (" " if lines[-1] else "") + word
    return lines


def lines(width, extra=()):
    """The help as lines of at most `width` characters (a key column, the
    text wrapped beside it); `extra`: (key, text) rows added at the end."""
    out = ["Keys"]
    for key, what in KEYBOARD:
        out.append("%s  %s" % (key, what))
    sections = PLAY + ((("", extra),) if extra else ())
    for head, rows in sections:
        out += ["", head] if head else [""]
        for key, what in rows:
            col = 7 if len(key) <= 6 else len(key) + 1
            text = _wrap(what, width - col - 1 if key else width - 2)
            if not key:
                out += ["  " + t for t in text]
                continue
            out.append(("%-*s " % (col, key)) + text[0])
            out += [" " * (col + 1) + t for t in text[1:]]
    return out


def page_html():
    """The help as HTML for the web page (keys in <kbd>)."""
    def key(k):
        return " ".join("<kbd>%s</kbd>" % html.escape(w) if w not in ("on", "+", "hold", "/") else w
                        for w in k.split()) if k else ""
    out = ['<p><b>Keys:</b> ' + ", ".join(
        "%s = %s" % (key(k) if k != "hold" else "hold a key or touch and hold a button",
                     html.escape(w)) for k, w in KEYBOARD) + ".</p>"]
    for head, rows in PLAY:
        out.append("<h2>%s</h2><dl>" % html.escape(head))
        for k, w in rows:
            out.append("<dt>%s</dt><dd>%s</dd>" % (key(k), html.escape(w)))
        out.append("</dl>")
    return "\n".join(out)
