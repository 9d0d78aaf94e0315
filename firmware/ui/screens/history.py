"""Finished matches, newest first, read from the score log on flash: who
won, which game and when (the clock each sync sets; a match played before
the first sync has no date), every seat's name over its AI level or
"person", each round's scores, and the rules that differed from the
defaults.

Only the log's end is read: the records after last seq - span, the span
growing fourfold until it holds `limit` matches or the whole log (a log
of 20,000 records read whole took ~25 s on the ESP32, estimated).
A match record that passed its CRC but does not decode is listed as
unreadable (with its seq and why), not skipped and never a crash."""
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, WHITE, centre_text, message_box, wrap
from ui.menu import footer
from ui.layout import W
from ui.screens.scoreboard import draw_board

_MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec"
_GAME_NAMES = {"rummikub": "Rummikub", "gin": "Gin Rummy"}
RULE_LINES = 3      # lines of changed rules under the board (49 characters each)


def date_text(unix, offset_min=0):
    """'28 Nov 2026 14:05': Unix seconds at offset_min from UTC."""
    import time
    from hal.clock import EPOCH_2000
    t = time.gmtime(unix + offset_min * 60 - (EPOCH_2000 if time.gmtime(0)[0] == 2000 else 0))
    return "%d %s %d %02d:%02d" % (t[2], _MONTHS[3 * t[1] - 3:3 * t[1]], t[0], t[3], t[4])


def rules_text(game, changed):
    """The changed rules in the words of the game's set-up screen."""
    if not changed:
        return "Rules: the standard ones"
    import sys
    mod = "ui.gin.gin_setup" if game == "gin" else "ui.screens.setup"
    had = mod in sys.modules
    if game == "gin":
        from ui.gin.gin_setup import rules_text as words
    else:
        from ui.screens.setup import rules_text as words
    text = words(changed) or ", ".join(["%s %s" % (k, changed[k]) for k in sorted(changed)])
    if not had:
        from ui import forget
        forget(mod)
    return "Rules: " + text


def load_matches(app, limit=20):
    """The last `limit` match records, newest first, each a dict of
    records.decode_match plus "info" (sync.matchinfo.split: game, at,
    seats) and "rules" (only the rules)."""
    log = app.scorelog()
    out = []
    if log is None:
        return out
    from sync import protocol as P
    from sync import records as R
    from sync.records import split
    try:
        last = log.refresh().last_seq
        span = 8 * limit             # a match is a few rounds and its record
        after = 1
        while after and len(out) < limit:
            after = max(0, last - span)
            span *= 4
            out = []
            for kind, seq, payload in log.records(after):
                if kind == P.MATCH or kind == P.MATCH2:
                    try:
                        m = R.decode(kind, payload)
                        m["rules"], m["info"] = split(m["rules"])
                        out.append(m)
                    except R.RecordError as e:
                        out.append({"unreadable": seq, "why": str(e)})
                    if len(out) > limit:
                        out.pop(0)
    except OSError as e:
        out.append({"unreadable": 0, "why": "score log: %s" % e})
    out.reverse()
    from ui import unload
    unload("logged")
    return out


class Screen(Base):
    name = "history"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.matches = load_matches(app)
        from hal.clock import utc_offset
        self.offset = utc_offset(app.hal)
        self.i = 0
        self.rules = {}          # match index -> its rules' lines (worded once)

    def draw(self, fb):
        fb.fill_rect(0, 0, W, 14, BLACK)
        n = len(self.matches)
        centre_text(fb, "History" + (" - match %d of %d" % (self.i + 1, n) if n else ""),
                    3, WHITE)
        if not n:
            centre_text(fb, "No finished matches yet.", 120, BLACK)
        elif "unreadable" in self.matches[self.i]:
            m = self.matches[self.i]
            centre_text(fb, "Record %d is unreadable" % m["unreadable"], 60, BLACK, 2, 2)
            message_box(fb, m["why"], y=110)
        else:
            self.draw_match(fb, self.matches[self.i])
        footer(fb, "LEFT/RIGHT: older/newer   B: back")

    def draw_match(self, fb, m):
        info = m["info"]
        w = m["winner"] if m["winner"] is not None else 0
        centre_text(fb, "%s won" % m["names"][w], 20, BLACK, 2, 2)
        game = _GAME_NAMES.get(info["game"], info["game"])
        when = date_text(info["at"], self.offset) if info["at"] else \
            "no date (played before the first sync)"
        centre_text(fb, "%s, %s" % (game, when), 40, BLACK)
        seats = info["seats"]
        levels = None
        if seats and len(seats) == len(m["names"]):
            levels = ["person" if s == "human" else (s or "AI ?") for s in seats]
        y = draw_board(fb, m["names"], m["rounds"], m["totals"], m["wins"], w, 54, levels)
        lines = self.rules.get(self.i)
        if lines is None:
            lines = wrap(rules_text(info["game"], m["rules"]), 49)
            if len(lines) > RULE_LINES:
                lines = lines[:RULE_LINES]
                lines[-1] = lines[-1][:46] + "..."
            self.rules[self.i] = lines
        for ln in lines:
            fb.text(ln, 4, y, BLACK)
            y += 11

    def key(self, b, long):
        n = len(self.matches)
        if b == buttons.B or b == buttons.A:
            self.app.pop()
        elif n and (b == buttons.LEFT or b == buttons.RIGHT):
            self.i = (self.i + (1 if b == buttons.LEFT else -1)) % n
            self.app.redraw()
