"""The others' moves at the start of a person's turn: a page a move, the
table as that move left it with the tiles it put down and moved marked,
named in the hand's band (never over a table row); A steps on, any other
key plays; kept through a save."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "ui_mp"))
import ui_scenes  # noqa: E402
from hal import buttons as hb  # noqa: E402
from hal.epd_ssd1683 import SSD1683  # noqa: E402
from rummikub.game import Game  # noqa: E402
from rummikub.rules import Rules  # noqa: E402
from rummikub.tiles import parse_table, fmt_tiles  # noqa: E402
from ui import play_view  # noqa: E402
from ui.editor import Editor  # noqa: E402
from ui.layout import TABLE_Y, HAND_Y, RACK_Y, W  # noqa: E402
from ui.turn_sets import pack  # noqa: E402

# five rows of table; Ann (human) put down a group, then Ben and Cai played,
# and Dee drew
BEFORE = ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 | B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 | "
          "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 | Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 | "
          "R13 B13 K13 | K11 Y11 R11 B11 | K12 Y12 B12")
ANN = BEFORE + " | Y10 B10 K10"
# Ben: R10 into Ann's group, Y11 out of the group of four into a run with
# his J Y13
BEN = ANN.replace("K11 Y11 R11 B11", "K11 R11 B11").replace("Y10 B10 K10", "Y10 B10 K10 R10") \
    + " | Y11 J Y13"
CAI = BEN + " | K11 K12 K13"



def pages(scr):
    """[(line, table, marks)] of the play screen's review (ui.review)."""
    from ui.review import count, page
    return [page(scr.m, scr.p, k) for k in range(count(scr.m, scr.p))]

def table(t):
    return parse_table(t, 4)


def pack_table(t):
    return pack(b"", b"", t, (0, 0, 0))


def four(root):
    g = Game(Rules(timer_s=60), 4, 3, 1, ["Ann", "Ben", "Cai", "Dee"])
    ui_scenes.rig(g, CAI, ["R4 K1 Y5 B7", "K2", "B3", "Y4"])
    g.current = 0
    app = ui_scenes.app_with(root, g, ["human", "easy", "medium", "hard"], "title")
    m = app.match
    m.review_before = table(BEFORE)
    m.review = ["Ann played 3 tiles", "Ben played 3 tiles", "Cai played 3 tiles", "Dee drew 1"]
    m.tables = [(0, pack_table(table(ANN))), (1, pack_table(table(BEN))),
                (2, pack_table(table(CAI))), (3, b"")]
    app.goto("play")
    app.render()
    return app


def test_a_page_a_move_with_its_tiles_marked_and_named(tmp_path):
    app = four(str(tmp_path))
    scr = app.screen
    got = pages(scr)
    assert [p[0] for p in got] == ["Ben played 3 tiles", "Cai played 3 tiles", "Dee drew 1"]
    _, t, marks = got[0]                       # Ben's: R10 J Y13 put down, Y11 moved
    put = sorted(fmt_tiles([t[j][k]]) for j in range(len(t)) for k in range(len(t[j]))
                 if marks[j][k] == 1)
    moved = [fmt_tiles([t[j][k]]) for j in range(len(t)) for k in range(len(t[j]))
             if marks[j][k] == 2]
    assert put == ["J", "R10", "Y13"] and moved == ["Y11"]
    assert got[2][2] is None                   # a draw: the table as it was
    lines = []
    draw = SSD1683.text
    SSD1683.text = lambda fb, s, x, y, c=1: (lines.append((s, y)), draw(fb, s, x, y, c))
    try:
        for k, (want, tiles) in enumerate((
                ("Ben played 3 tiles and moved 1 (1 of 3)", "R10 Y11 Y13"),
                ("Cai played 3 tiles (2 of 3)", "K11 K12 K13"),
                ("Dee drew 1 (3 of 3)", ""))):
            lines[:] = []
            app.render()
            said = " ".join(s for s, y in lines if y >= HAND_Y)
            assert want in said and scr.step == k, said
            assert all(t in said for t in tiles.split())
            scr.key(hb.A, False)
    finally:
        SSD1683.text = draw
    assert scr.mode == 0 and not app.match.review   # past the last page: playing


def test_the_page_never_covers_a_table_row(tmp_path):
    """The table rows on the glass are exactly the page's table as the
    play screen draws it, band or not (it used to grow up over the fifth
    row, where new sets land on a full table)."""
    app = four(str(tmp_path))
    scr = app.screen
    row = W // 8
    for k in range(3):
        app.render()
        glass = bytes(app.fb.buf[TABLE_Y * row:HAND_Y * row])
        _, t, marks = pages(scr)[k]
        ed = Editor(t, b"", 4)
        ed.tags = marks
        ed.top = 0 if marks is None else max(
            0, len(ed.table_rows()) - 5)          # the marked rows are the last ones
        alone = SSD1683(None)
        alone.fill(1)
        play_view.table(alone, ed, False)
        assert glass == bytes(alone.buf[TABLE_Y * row:HAND_Y * row]), k
        assert len(ed.table_rows()) >= 5
        scr.key(hb.A, False)


def test_any_other_key_plays_at_once_and_acts(tmp_path):
    app = four(str(tmp_path))
    scr = app.screen
    at = scr.ed.cur
    scr.key(hb.RIGHT, False)                     # on the first page
    assert scr.mode == 0 and scr.ed.cur == (at[0], at[1], at[2] + 1)
    assert not app.match.review


def test_the_pages_come_back_after_a_save(tmp_path):
    app = four(str(tmp_path))
    before = [p[0] for p in pages(app.screen)]
    marks = pages(app.screen)[0][2]
    app.save_game()
    from ui_hal import TestHal
    from ui.app import App
    app2 = App(TestHal(str(tmp_path)))
    assert app2.resume()
    assert app2.screen.mode == 1
    assert [p[0] for p in pages(app2.screen)] == before
    assert pages(app2.screen)[0][2] == marks


def test_the_rack_tab_and_the_marks_stay_clear_of_a_black_tile():
    """A mark is two rows over a one-row gap: on a black tile it does not
    merge into the tile's top."""
    from ui.layout import LIFT
    fb = SSD1683(None)
    fb.fill(1)
    for kind, x in ((1, 8), (2, 40)):
        play_view.mark(fb, kind, x, 10)
        assert all(fb.pixel(xx, 10 + LIFT - 1) for xx in range(x, x + 22))
    assert RACK_Y > HAND_Y
