"""Every message and label the UI can show fits: rendered with the longest
names (8 letters, six players) and the biggest numbers a game can hold,
no text is drawn past an edge of the 400x300 glass, and every message a
screen is given is drawn whole (wrapped, never cut off).

The screen's text() (hal.epd_ssd1683.SSD1683, drawing in the screen's own
8x8 font, hal.font) and the framebuffer's blit() (scaled text) record
what is drawn where; the messages
are taken from the sources themselves (every `.msg = "..."` of the UI and
every refusal the engine words), so a new one is checked without being
listed here."""
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "ui_mp"))
from hal import pyframebuf  # noqa: E402
from hal.epd_ssd1683 import SSD1683  # noqa: E402
from ui import gfx  # noqa: E402
from rummikub.game import Game, MATCH_OVER  # noqa: E402
from rummikub.rules import Rules  # noqa: E402
from rummikub.tiles import parse_tiles, fmt_tile  # noqa: E402
from ui.app import App  # noqa: E402
from ui.layout import RACK, TABLE  # noqa: E402
import ui_scenes  # noqa: E402
from ui_scenes import rig, app_with  # noqa: E402
import ui_hal  # noqa: E402

LONG = ["Maximili", "Wolfgang", "Bartholo", "Gwendoly", "Christop", "Alexandr"]
FIRMWARE = os.path.join(ROOT, "firmware")


class Drawn:
    """Text and bitmaps drawn on the 400x300 glass."""

    def __init__(self):
        self.texts = []      # (s, x, y)
        self.off = []        # what went past an edge

    def text(self, s, x, y):
        self.texts.append((s, x, y))
        if s and (x < 0 or y < 0 or x + 8 * len(s) > 400 or y + 8 > 300):
            self.off.append("text %r at (%d, %d)" % (s, x, y))
        if any(not 32 <= ord(ch) <= 126 for ch in s):
            self.off.append("text %r has a character the screen's font lacks" % s)

    def blit(self, w, h, x, y, what="bitmap"):
        if x < 0 or y < 0 or x + w > 400 or y + h > 300:
            self.off.append("%dx%d %s at (%d, %d)" % (w, h, what, x, y))

    def joined(self):
        return "".join(s for s, _, _ in self.texts).replace(" ", "")


@pytest.fixture
def drawn(monkeypatch):
    d = Drawn()
    text = SSD1683.text
    blit = pyframebuf.FrameBuffer.blit

    def rec_text(self, s, x, y, col=1):
        d.text(s, x, y)
        return text(self, s, x, y, col)

    def rec_blit(self, src, x, y, key=-1, palette=None):
        if self._width == 400 and self._height == 300 and src._width > 24:
            d.blit(src._width, src._height, x, y)      # a bitmap wider than a tile
        return blit(self, src, x, y, key, palette)

    def rec_scaled(fb, s, x, y, sx, sy, col):
        if getattr(fb, "_width", 0) == 400 and getattr(fb, "_height", 0) == 300:
            d.texts.append((s, x, y))
            d.blit(8 * len(s) * sx, 8 * sy, x, y, "scaled text %r" % s)
        return scaled(fb, s, x, y, sx, sy, col)

    scaled = gfx.scaled_text
    monkeypatch.setattr(SSD1683, "text", rec_text)
    monkeypatch.setattr(pyframebuf.FrameBuffer, "blit", rec_blit)
    monkeypatch.setattr(gfx, "scaled_text", rec_scaled)
    return d


def show(app, d):
    d.texts = []
    app.render()
    assert not d.off, d.off
    return d


def names_app(root):
    app = App(ui_hal.TestHal(root))
    app.settings["names"] = list(LONG)
    return app


def six(root, screen, rack=60, **kw):
    """Six players with the longest names; the current one holds `rack` tiles."""
    g = Game(Rules(tile_set="xp", timer_s=120), 6, 5, 12, LONG)
    racks = ["G1 G2 G3 P1 P2 P3 G12 P12 J Y4 B5 R6 K8", "G9", "P4", "K2", "B2", "R2"]
    rig(g, "G4 G5 G6 | P9 P10 P11 | G7 P7 K7 R7", racks)
    big = [t for t in g.pool if t != 0x70][:rack]
    for t in big:
        g.pool.remove(t)
        g.racks[0].append(t)
    for p in range(1, 6):                     # two-digit counts everywhere
        for t in g.pool[:12]:
            g.racks[p].append(t)
        del g.pool[:12]
    app = app_with(root, g, ["human", "easy", "medium", "hard", "easy", "human"], screen, **kw)
    app.settings["names"] = list(LONG)
    return app


def big_review(app):
    """The review after each of the six long-named players put down
    thirteen tiles and moved one table tile: page after page of it."""
    from ui.turn_sets import pack
    m = app.match
    g = m.game
    table = [bytearray(x) for x in g.table]
    m.review_before = [bytearray(x) for x in table]
    m.review, m.tables = [], []
    for p in range(6):
        run = parse_tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13")
        k = p % 3                              # a tile of the first sets moves
        moved = table[k][-1:]
        table = table[:k] + [table[k][:-1]] + table[k + 1:] + [bytearray(moved) + run]
        m.review.append("%s played 13 tiles" % LONG[p])
        m.tables.append((p, pack(b"", b"", table, (0, 0, 0))))
    return len(m.review)


def ui_messages():
    """Every literal the UI puts in an editor message, with %d as 99 and
    %s as three tiles (the longest such message shown)."""
    out = set()
    for dirpath, _, files in os.walk(os.path.join(FIRMWARE, "ui")):
        for f in files:
            if f.endswith(".py"):
                src = open(os.path.join(dirpath, f)).read()
                for m in re.finditer(r'\.msg = "([^"]+)"', src):
                    out.add(m.group(1).replace("%d", "99").replace("%s", "R10 B10 K10"))
    return sorted(out)


def engine_refusals():
    """Every refusal text the engine words (turn and set rules), filled in."""
    out = set()
    for f in ("turn.py", "melds.py"):
        src = open(os.path.join(FIRMWARE, "rummikub", f)).read()
        for m in re.finditer(r'"([^"\n]{12,})"', src):
            s = m.group(1)
            if " " in s and not s.startswith("%s: %s"):
                out.add("set 12 (R10 B10 K10 Y10 J): " +
                        s.replace("%d", "99").replace("%s", "R10"))
    return sorted(out)


def test_every_scene_stays_on_the_glass(tmp_path, drawn):
    for name, fn in ui_scenes.SCENES:
        app = fn(str(tmp_path / name))
        show(app, drawn)


def test_longest_names_and_biggest_numbers(tmp_path, drawn):
    root = str(tmp_path)
    app = six(root + "/play", "play")
    show(app, drawn)
    assert "Maxim" in drawn.joined() or "Max" in drawn.joined()
    ed = app.screen.ed
    for p in range(0, 60, 7):                  # the rack scrolled to every row
        ed.cur = (RACK, 0, p)
        ed.move(0, 0)
        show(app, drawn)
    app.screen.key(6, True)                    # turn menu
    show(app, drawn)
    app.screen.key(5, False)
    app = six(root + "/review", "play")
    big_review(app)
    scr = app.screen
    scr.p = 5                                  # the last seat looks: five pages
    scr.mode = 1                               # REVIEW
    for k in range(5):
        assert scr.mode == 1 and scr.step == k
        show(app, drawn)
        assert "%splayed13tilesandmoved1(%dof5)" % (LONG[k], k + 1) in drawn.joined()
        assert "R1R2R3R4R5R6R7R8R9R10R11R12R13" in drawn.joined()
        scr.key(4, False)                      # A: the next page
    assert scr.mode == 0
    for scr in ("privacy", "watch"):
        show(six(root + "/" + scr, scr), drawn)


def test_setup_and_settings_with_long_names(tmp_path, drawn):
    app = names_app(str(tmp_path))
    app.goto("title")
    app.push("setup")
    scr = app.screen
    scr.players = 6
    for i in range(1, len(scr.rows())):
        scr.cur = i
        for _ in range(8):                     # every value of the line
            show(app, drawn)
            scr.key(3, False)
    scr.cur = 0
    for _ in range(5):                         # 2..6 players
        show(app, drawn)
        scr.key(3, False)
    app.pop()
    app.push("settings")
    show(app, drawn)
    app.pop()
    app.error = "Saved game not loaded: " + "checksum mismatch in the saved game " * 3
    show(app, drawn)


def test_result_and_scoreboard_hold_six_long_names_and_big_scores(tmp_path, drawn):
    g = Game(Rules(tile_set="xp"), 6, 5, 12, LONG)
    rig(g, "", ["", "G1 G2 G3", "P1", "K2", "B2", "R2"])
    for p in range(1, 6):                      # big leftovers: 40 tiles each
        for t in g.pool[:40]:
            g.racks[p].append(t)
        del g.pool[:40]
    g._end_round(0, False)
    app = app_with(str(tmp_path / "r"), g, ["human"] * 6, "result")
    show(app, drawn)
    g.round_rows = [[-999, 999, -99, 99, -500, 500]] * 12
    g.round_winners = [1] * 12
    g.round_exhausted = [False] * 12
    g.round_no = 12
    g.phase = MATCH_OVER
    app = app_with(str(tmp_path / "s"), g, ["human"] * 6, "scoreboard")
    show(app, drawn)


@pytest.mark.parametrize("msg", ui_messages())
def test_every_play_message_is_shown_whole(tmp_path, drawn, msg):
    app = six(str(tmp_path), "play")
    app.screen.ed.msg = msg
    show(app, drawn)
    assert msg.replace(" ", "") in drawn.joined(), "cut: %r" % msg


@pytest.mark.parametrize("msg", engine_refusals())
def test_every_refusal_is_shown_whole(tmp_path, drawn, msg):
    app = six(str(tmp_path), "play")
    scr = app.screen
    scr.note = msg
    scr.mode = 2                               # REFUSED
    show(app, drawn)
    assert msg.replace(" ", "") in drawn.joined(), "cut: %r" % msg


def test_the_sources_hold_messages_to_check():
    assert len(ui_messages()) > 10 and len(engine_refusals()) > 10
    assert fmt_tile(parse_tiles("R10")[0]) == "R10"


def test_round_result_lists_every_leftover_tile_or_counts_it(tmp_path, drawn):
    from ui.screens.result import fit_tiles
    for n in (1, 3, 14, 40, 60):
        rack = bytearray(sorted(parse_tiles(" ".join(
            "%s%d" % (c, k) for c in "KBRY" for k in range(1, 14)) + " J J")[:n]))
        for lines in (1, 2, 4):
            out = fit_tiles(rack, 39, lines)
            assert len(out) <= lines and all(len(ln) <= 39 for ln in out), out
            assert tiles_listed(out) == len(rack), (n, lines, out)
    assert fit_tiles(parse_tiles("R4 K1 K2 J K9"), 39, 1) == ["K1,2,9 R4 J"]
    # no two tiles read as one: Ben's B11 R1 R5 is not "B11 R1 5" (R15)
    assert fit_tiles(parse_tiles("B11 R1 R5"), 39, 1) == ["B11 R1,5"]
    g = Game(Rules(tile_set="xp"), 6, 5, 2, LONG)
    rig(g, "", ["", "G1 G2 G3", "P1", "K2", "B2", "R2"])
    for p in range(1, 6):
        for t in g.pool[:40]:
            g.racks[p].append(t)
        del g.pool[:40]
    g._end_round(0, True)
    app = app_with(str(tmp_path), g, ["human"] * 6, "result")
    show(app, drawn)
    rows = {}                                   # rack owner -> its tile lines
    owner = None
    for s, x, y in drawn.texts:
        if x == 12 and s in LONG:
            owner = LONG.index(s)
        elif x == 84 and owner is not None:
            rows.setdefault(owner, []).append(s)
    assert sorted(rows) == [1, 2, 3, 4, 5]      # every rack with tiles is listed
    for p, lines in rows.items():
        assert tiles_listed(lines) == len(g.racks[p]), lines


def tiles_listed(lines):
    """Tiles a fit_tiles() listing stands for: each word a colour's tiles
    (numbers joined by commas), and the "+N more" counted in."""
    words = " ".join(lines).split()
    more = int(words[-2][1:]) if words[-1] == "more" else 0
    shown = words[:-2] if more else words
    return sum(len(w.split(",")) for w in shown) + more


def lesson_verdicts():
    """Every verdict the lessons can give (their source's returned texts)."""
    from ui.screens import lessons
    src = open(lessons.__file__).read()
    out = []
    for m in re.finditer(r'return (?:True|False), "([^"]+)"', src):
        out.append(m.group(1).replace("%s", "R10 B10 K10 Y10"))
    return out


def test_every_lesson_text_and_verdict_fits(tmp_path, drawn):
    """Each lesson's page shows its text whole, never a number parted from
    its unit or a word cut (lines break between words only), says nothing
    of the engine, and keeps clear of the colour legend and the footer."""
    from ui.screens import lessons
    from ui.menu import FOOTER_Y
    from ui.tiles_gfx import LEGEND_H
    app = names_app(str(tmp_path))
    app.goto("lessons")
    scr = app.screen
    for i in range(lessons.COUNT):
        text = lessons.text(i)
        assert "engine" not in text and not re.search(r"\d s\b", text), text
        scr.cur = i
        scr.intro = True
        show(app, drawn)
        assert text.replace(" ", "") in drawn.joined()
        lines = [s for s, x, y in drawn.texts if x == 4 and 14 < y < FOOTER_Y - LEGEND_H]
        assert " ".join(lines) == text, lines
        for name in ("black", "blue", "red", "yellow", "joker"):   # the legend
            assert name in [s for s, _, _ in drawn.texts], name
    scr.intro = False
    verdicts = lesson_verdicts()
    assert len(verdicts) >= 5
    for said in verdicts:
        assert "engine" not in said, said
        scr.said = said
        show(app, drawn)
        assert said.replace(" ", "") in drawn.joined()


def test_no_message_covers_a_rack_tile(tmp_path):
    """The review of the others' turns, every refusal, the draw question
    and every editor message leave the rack exactly as drawn without
    them (they stand in the band above it)."""
    from ui.layout import RACK_Y, W
    app = six(str(tmp_path), "play")
    scr = app.screen
    scr.ed.cur = (TABLE, 0, 0)                 # no cursor on the rack
    row = W // 8

    def rack_pixels():
        app.render()
        return bytes(app.fb.buf[RACK_Y * row:])

    clear = rack_pixels()
    shown = []
    big_review(app)
    scr.mode = 1                               # REVIEW
    shown.append(("review", rack_pixels()))
    scr.mode = 4                               # CONFIRM_DRAW
    shown.append(("draw", rack_pixels()))
    scr.mode = 2                               # REFUSED
    for msg in engine_refusals():
        scr.note = msg
        shown.append((msg, rack_pixels()))
    scr.mode = 0
    for msg in ui_messages():
        scr.ed.msg = msg
        shown.append((msg, rack_pixels()))
    assert [m for m, px in shown if px != clear] == []
