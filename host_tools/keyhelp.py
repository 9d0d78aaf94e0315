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


# the web page on a touch screen: the pad under (or beside) the glass is
# the console's own buttons, so its help names those instead of keys
TOUCH = ("<b>Buttons:</b> the buttons by the glass are the console's: the D-pad, "
         "<kbd>A</kbd>, <kbd>B</kbd> and <kbd>START</kbd>. Tap a button to press it; "
         "touch and hold it for a long press (\"hold\" below).")


def page_html():
    """The help as HTML for the web page (keys in <kbd>), in two versions:
    class help-keys for a keyboard, help-touch for a touch screen (the
    page shows the one that fits: web/app.js, style.css)."""
    def key(k, touch):
        if touch and k == "arrows":
            k = "D-pad"
        return " ".join("<kbd>%s</kbd>" % html.escape(w) if w not in ("on", "+", "hold", "/") else w
                        for w in k.split()) if k else ""
    out = []
    for touch in (False, True):
        out.append('<div class="help-%s">' % ("touch" if touch else "keys"))
        if touch:
            out.append("<p>%s</p>" % TOUCH)
        else:
            out.append('<p><b>Keys:</b> ' + ", ".join(
                "%s = %s" % (key(k, False) if k != "hold" else "hold a key",
                             html.escape(w)) for k, w in KEYBOARD) + ".</p>")
        for head, rows in PLAY:
            out.append("<h2>%s</h2><dl>" % html.escape(head))
            for k, w in rows:
                out.append("<dt>%s</dt><dd>%s</dd>" % (key(k, touch), html.escape(w)))
            out.append("</dl>")
        out.append("</div>")
    return "\n".join(out)
