"""The hint, fair to the person who asks: it builds on what they put down
(or asks first when it cannot), its sets stand where the sets they
continue stood, and it says what it puts down and what it moves (its
thinking off the turn's clock: tests/ui/test_unload.py)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_keys import rigged, cursor_shown, TABLE_TEXT  # noqa: E402
from rummikub.tiles import fmt_tiles, fmt_table, parse_table  # noqa: E402
from ui.layout import TABLE, RACK  # noqa: E402


def ask_hint(d):
    d.key("start", long=True)
    items = [i[1] for i in d.screen._menu_items()]
    for _ in range((items.index("hint") - d.screen.menu_cur) % len(items)):
        d.key("down")
    d.key("a")


def rack(d, t):
    return (RACK, 0, fmt_tiles(d.ed.rack).split().index(t))


def test_it_builds_on_the_tiles_put_down_and_keeps_the_rows(tmp_path):
    d = rigged(str(tmp_path))
    d.pick(rack(d, "R11"))
    d.goto(TABLE, 0, 5)
    d.key("a")                                      # R11 onto the run's end, by hand
    before = fmt_table(d.ed.after())
    ask_hint(d)
    ed = d.ed
    assert d.screen.mode == 0 and ed.marked
    after = ed.after()
    r11 = [v for s in ed.table for v in s if v & 0x7F == parse_table("R11", 4)[0][0]]
    assert r11 and all(v & 0x80 for v in r11)      # R11 is still down, from the rack
    assert "R11" not in fmt_tiles(ed.rack)
    old = parse_table(before, 4)
    kept = [after.index(x) for x in old if x in after]
    assert kept and kept == sorted(kept)            # the sets left alone keep their order
    assert len(set(old[0]) & set(after[0])) >= 3    # the run first, where it was
    assert ed.msg.startswith("Hint: ")
    assert ed.cur[:2] == (TABLE, ed.marked[0]) and cursor_shown(d)   # no frame over it
    d.key("b")                                      # B undoes the hint only
    assert fmt_table(d.ed.after()) == before


def test_it_names_the_tiles_it_puts_down_and_moves(tmp_path):
    from rummikub.places import tags
    from ui.turn_sets import moved_tiles
    d = rigged(str(tmp_path))
    ask_hint(d)
    ed = d.ed
    marks = tags(parse_table(TABLE_TEXT, 4), ed.after())
    assert ed.msg.startswith("Hint: \x01\x03\x03") and ed.msg.endswith(". B: undo")
    said = ed.msg[len("Hint: \x01\x03\x03"):-len(". B: undo")].split(" put down")
    put = fmt_tiles(moved_tiles(ed.after(), marks, 1)).split()
    assert put and sorted(said[0].split()) == sorted(put)
    moved = fmt_tiles(moved_tiles(ed.after(), marks, 2)).split()
    if moved:
        assert said[1].startswith("  \x02\x03\x03") and said[1].endswith(" moved")
        assert sorted(said[1][5:-6].split()) == sorted(moved)
    else:
        assert said[1] == ""


def test_an_unfinished_set_asks_first(tmp_path):
    """Two tiles put down as a set of their own: the hint cannot build on
    that, so it asks; B keeps the turn as it was, A starts from the turn's
    start (the tiles go back; it used to replace them without a word)."""
    d = rigged(str(tmp_path))
    d.pick(rack(d, "R11"))
    d.pick(rack(d, "R8"))
    d.goto(TABLE, len(d.ed.table), 0)
    d.key("a")                                      # R11 R8: not a set
    mine = fmt_table(d.ed.after())
    from hal.epd_ssd1683 import SSD1683
    seen = []
    draw = SSD1683.text
    SSD1683.text = lambda fb, s, x, y, c=1: (seen.append(s), draw(fb, s, x, y, c))
    try:
        ask_hint(d)
    finally:
        SSD1683.text = draw
    assert d.screen.mode == 7 and "starts from your turn's start" in " ".join(seen)
    d.key("b")
    assert d.screen.mode == 0 and fmt_table(d.ed.after()) == mine
    ask_hint(d)
    d.key("a")
    assert d.screen.mode == 0 and d.ed.marked
    assert "R11 R8" not in fmt_table(d.ed.after())
