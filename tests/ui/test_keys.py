"""Turns played with the buttons only, on the emulator, from rigged games.

Each test writes a save (a chosen position) to the emulated flash, boots
the app, resumes from the title screen and then presses keys; the engine
(through END) decides, and the test checks the Game that came out.
"""
import os
import sys

from rummikub import savefile
from rummikub.tiles import fmt_tiles, parse_table
from rummikub.melds import canonical
from hal.storage import Storage
from ui.layout import TABLE, HAND, RACK

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from driver import Driver  # noqa: E402
import ui_scenes  # noqa: E402  (tests/ui_mp is on the path via driver)

TABLE_TEXT = "R6 R7 R8 R9 R10 | K5 B5 Y5 | B1 B2 J B4 | K11 K12 K13"
ANN = "R11 R8 R5 K6 K7 B3 Y12 R12 Y1 Y2 K2 B9 B10 R1"
BEN = "K1 K3 B6 B7 Y6 Y7 Y8 Y9 R2 R3 K8 K9 B11 B12"


def rigged(root, seats=("human", "human"), timer=0, settings=None, table=TABLE_TEXT,
           racks=(ANN, BEN)):
    from rummikub.game import Game
    from rummikub.rules import Rules
    g = Game(Rules(timer_s=timer), 2, 5, 1, ["Ann", "Ben"])
    ui_scenes.rig(g, table, list(racks))
    st = Storage(root, log=lambda s: None)
    st.save("game", savefile.dumps(g, {"seats": list(seats), "match_id": 1,
                                       "screen": "play", "last_human": 0}))
    if settings:
        import json
        st.save("settings", json.dumps(settings).encode())
    d = Driver(root)
    assert d.screen.name == "title" and d.screen.items[0][1] == "resume"
    d.key("a")
    if "human" == seats[1]:
        assert d.screen.name == "privacy"        # two humans: the rack waits
        d.key("a")
    assert d.screen.name == "play"
    return d


def canon(sets):
    return sorted(canonical(bytes(s), 4) for s in sets)


def test_extend_split_substitute_free_joker_with_keys(tmp_path):
    d = rigged(str(tmp_path))
    ed = d.ed
    rack = lambda t: (RACK, 0, fmt_tiles(d.ed.rack).split().index(t))  # noqa: E731
    # extend R6-R10 with R11 on its end slot
    d.pick(rack("R11"))
    d.goto(TABLE, 0, 5)
    d.key("a")
    # split before R9 (hold A), then put R8 in front of R9 (hold A)
    d.goto(TABLE, 0, 3)
    d.key("a", long=True)
    d.pick(rack("R8"))
    d.goto(TABLE, 1, 0)
    d.key("a", long=True)
    # substitute in the group: add R5, take K5 out into a new run K5 K6 K7
    d.pick(rack("R5"))
    d.goto(TABLE, 2, 3)
    d.key("a")
    d.pick((TABLE, 2, 0))
    d.pick(rack("K6"))
    d.pick(rack("K7"))
    d.goto(TABLE, len(d.ed.table), 0)
    d.key("a")
    # free the joker: B3 in its place (the run is re-arranged), joker to a new group
    d.pick(rack("B3"))
    d.goto(TABLE, 3, 2)
    d.key("a", long=True)
    assert fmt_tiles(d.ed.after()[3]) == "B1 B2 B3 B4 J"
    d.pick((TABLE, 3, 4))
    d.pick(rack("Y12"))
    d.pick(rack("R12"))
    d.goto(TABLE, len(d.ed.table), 0)
    d.key("a")
    g = d.app.match.game
    d.key("start")                              # END: the engine accepts
    assert d.screen.name == "privacy"           # Ben's turn: rack hidden
    want = parse_table("R6 R7 R8 | R8 R9 R10 R11 | B5 Y5 R5 | K5 K6 K7 | "
                       "B1 B2 B3 B4 | K11 K12 K13 | J Y12 R12")
    assert canon(g.table) == canon(want)
    assert sorted(fmt_tiles(g.racks[0]).split()) == sorted("Y1 Y2 K2 B9 B10 R1".split())
    assert "Ann played 8 tiles" in d.app.match.review


def cursor_shown(d):
    """The cursor's bar, black from end to end under its tile or slot, on
    the glass as it is (the framebuffer after the last render)."""
    from ui.layout import TABLE_Y, HAND_Y, RACK_Y, ROW, LIFT, TH, TW, hand_x
    ed = d.ed
    (area, r), x = ed.cursor_row_x()
    if area == TABLE:
        rowy = TABLE_Y + (r - ed.top) * ROW
    elif area == HAND:
        rowy, x = HAND_Y, hand_x(ed.cur[2] - ed.hand_left)
    else:
        rowy = RACK_Y + (r - ed.rack_top) * ROW
    fb = d.app.fb
    return all(not fb.pixel(xx, rowy + LIFT + TH + dy)
               for xx in range(x - 1, x + TW + 1) for dy in (1, 2))


def test_refusal_shows_message_and_marks_set_then_undo(tmp_path):
    d = rigged(str(tmp_path))
    d.pick((RACK, 0, 0))                          # R11
    d.pick((RACK, 0, 1))                          # R8
    d.goto(TABLE, len(d.ed.table), 0)
    d.key("a")                                    # new "set" R11 R8
    d.key("start")
    scr = d.screen
    assert scr.name == "play" and scr.mode == 2
    assert scr.ed.bad == 4 and "set 5" in scr.note
    assert len(d.app.match.game.racks[0]) == 14   # nothing applied
    d.key("a")                                    # A: fix it
    # the cursor on the set, seen (the double frame hid it), and what was
    # wrong still said
    assert d.ed.cur == (TABLE, 4, 0) and cursor_shown(d)
    assert d.ed.msg == "Still to fix: " + scr.note and d.ed.bad == -1
    d.key("b")                                    # undo the placing
    assert d.ed.after() == parse_table(TABLE_TEXT)
    d.keys("start start")                         # nothing played: draw
    g = d.app.match.game
    assert len(g.racks[0]) == 15 and g.current == 1


def test_hand_reset_sort_and_hint(tmp_path):
    d = rigged(str(tmp_path))
    d.pick((TABLE, 0, 4))                         # R10 off the table
    d.goto(HAND, 0, 0)
    d.key("a")
    assert fmt_tiles(d.ed.hand) == "R10"
    d.key("b", long=True)                         # hold B: straight to the rack
    assert d.ed.cur[0] == RACK
    d.key("start", long=True)                     # turn menu: Reset turn
    labels = [i[0] for i in d.screen._menu_items()]
    for _ in range(labels.index("Reset turn")):
        d.key("down")
    d.key("a")
    assert d.ed.after() == parse_table(TABLE_TEXT) and not d.ed.hand
    d.key("start", long=True)                     # turn menu (on its first line)
    assert d.screen.menu_cur == 0
    d.keys("down down down a")                    # Sort 777
    assert fmt_tiles(d.ed.rack).startswith("R1 Y1 K2 Y2")
    d.key("start", long=True)                     # it opens on Sort 777 again
    assert labels[d.screen.menu_cur] == "Sort 777 (groups)"
    d.keys("down a")                              # Hint
    assert d.ed.marked and d.ed.played_count() > 0
    d.key("start")
    assert d.screen.name == "privacy"
    assert d.app.match.game.melded[0]


def test_a_hint_that_runs_out_of_heap_says_so_and_play_goes_on(tmp_path, monkeypatch):
    """On the device the hint's search can meet a full heap: the person is
    told in one line and keeps their turn (was a MemoryError out of the
    app: a traceback on the console and a frozen screen)."""
    import ai.hint

    def no_room(game, budget_ms=None):
        raise MemoryError("memory allocation failed")
    monkeypatch.setattr(ai.hint, "hint", no_room)
    d = rigged(str(tmp_path))
    before = fmt_tiles(d.ed.rack)
    d.key("start", long=True)
    labels = [i[0] for i in d.screen._menu_items()]
    for _ in range(labels.index("Hint")):
        d.key("down")
    d.key("a")
    assert d.screen.name == "play" and "out of memory" in d.ed.msg
    assert fmt_tiles(d.ed.rack) == before and not d.ed.marked
    d.key("start")                                # play goes on: draw
    assert d.screen.name in ("privacy", "play")


def test_timer_expiry_reverts_and_draws_penalty(tmp_path):
    d = rigged(str(tmp_path), timer=30)
    d.pick((RACK, 0, 0))
    d.goto(TABLE, 0, 5)
    d.key("a")                                    # R11 placed, not ended
    assert "0:" in d.screen._timer_text()
    d.r.run(31000)
    g = d.app.match.game
    assert d.screen.name == "privacy"
    assert canon(g.table) == canon(parse_table(TABLE_TEXT))
    assert len(g.racks[0]) == 15                  # the penalty tile, R11 back
    assert any("Time up" in line for line in d.app.match.review)


def test_ai_turn_is_shown_until_the_next_key_which_also_acts(tmp_path):
    d = rigged(str(tmp_path), seats=("human", "hard"))
    d.keys("start start")                         # Ann draws; Ben (hard AI) plays
    scr = d.screen
    assert scr.name == "play" and scr.mode == 1   # the review, over the hand
    assert "Ben" in " ".join(d.app.match.review)
    if d.app.match.game.last[0] == 1:             # Ben played: his tiles are marked
        from ui.review import page
        line, table, marks = page(scr.m, scr.p, 0)
        assert "Ben" in line and any(1 in m for m in marks)
    at = d.ed.cur
    d.key("right")                                # any key clears it and acts
    assert d.screen.mode == 0 and not d.ed.marked and not d.app.match.review
    assert d.ed.cur == (at[0], at[1], at[2] + 1)


def test_extra_draws_variant_in_turn_menu(tmp_path):
    from rummikub.game import Game
    from rummikub.rules import Rules
    from hal.storage import Storage
    g = Game(Rules(timer_s=0, extra_draws=True), 2, 5, 1, ["Ann", "Ben"])
    ui_scenes.rig(g, TABLE_TEXT, [ANN, BEN])
    Storage(str(tmp_path), log=lambda s: None).save(
        "game", savefile.dumps(g, {"seats": ["human", "hard"], "screen": "play"}))
    d = Driver(str(tmp_path))
    d.key("a")
    d.key("start", long=True)
    labels = [i[0] for i in d.screen._menu_items()]
    assert "Draw 3, end turn" in labels
    for _ in range(labels.index("Draw 3, end turn")):
        d.key("down")
    d.key("a")
    g = d.app.match.game
    assert len(g.racks[0]) == 17 and "Ann drew 3" in d.app.match.review[0]


def test_setup_offers_every_rule_by_name(tmp_path):
    from rummikub.rules import FIELDS
    d = Driver(str(tmp_path))
    d.key("a")                                    # New game
    rows = [r[2] for r in d.screen.rows()]
    assert [n for n, _, _ in FIELDS] == [r for r in rows if r in dict((n, 1) for n, _, _ in FIELDS)]
    # flip every rule once (RIGHT on each rule line), then deal
    for _ in range(rows.index("tile_set")):
        d.key("down")
    for _ in FIELDS:
        d.key("right")
        d.key("down")
    d.key("start")
    r = d.app.match.game.rules
    assert r.tile_set == "xp" and r.first_player == "random" and r.initial_meld == 0
    assert r.initial_meld_table_use and r.freed_joker_with_rack_tiles and r.extra_draws
    assert r.timer_s == 0 and r.failed_play_penalty == 3 and r.joker_penalty == 20
    assert r.exhausted_winner == "tiles" and r.match_winner == "points"


# -- assisted placement ---------------------------------------------------------
def rack_pos(d, t):
    return (RACK, 0, fmt_tiles(d.ed.rack).split().index(t))


def test_hold_a_on_a_rack_tile_places_it_and_start_ends(tmp_path):
    d = rigged(str(tmp_path))
    d.goto(*rack_pos(d, "R11"))
    n = d.presses
    d.key("a", long=True)                         # where does R11 go?
    scr = d.screen
    assert scr.mode == 6 and "1 set changed" in scr._lines()[0]
    assert fmt_tiles(d.ed.after()[0]) == "R6 R7 R8 R9 R10 R11"
    assert d.ed.marked == [0]                     # framed, in its old place
    d.key("start")                                # take it and end the turn
    assert d.presses - n == 2
    g = d.app.match.game
    assert canon(g.table) == canon(parse_table("R6 R7 R8 R9 R10 R11 | K5 B5 Y5 | "
                                               "B1 B2 J B4 | K11 K12 K13"))
    assert "R11" not in fmt_tiles(g.racks[0]).split()


def test_picked_tiles_start_asks_then_b_restores_everything(tmp_path):
    d = rigged(str(tmp_path))
    for t in ("R5", "K6", "K7"):
        d.pick(rack_pos(d, t))
    before = (d.ed.snapshot(), list(d.ed.sel))
    d.key("start")                                # picks + START: place them
    assert d.screen.mode == 6
    assert d.ed.played_count() == 3 and not d.ed.sel
    # the group gives K5 to a new run, R5 takes its place: one set changed
    assert canon(d.ed.after()) == canon(parse_table(
        "R6 R7 R8 R9 R10 | B5 Y5 R5 | K5 K6 K7 | B1 B2 J B4 | K11 K12 K13"))
    assert d.screen._lines()[0] == "Way 1: 1 set changed"
    d.key("b")                                    # back: as it was, picks too
    assert d.screen.mode == 0
    assert (d.ed.snapshot(), d.ed.sel) == before


def test_the_first_way_puts_tiles_on_run_ends_and_sets_keep_their_places(tmp_path):
    # R9 and Y13 onto the R and Y runs' ends, not the R and K runs broken
    # into a K13 R13 Y13 group; the K run stays between them
    runs = "R10 R11 R12 R13 | K10 K11 K12 K13 | Y9 Y10 Y11 Y12"
    d = rigged(str(tmp_path), table=runs, racks=(ANN.replace("R8", "R9").replace("Y12", "Y13"), BEN))
    d.pick(rack_pos(d, "R9"))
    d.pick(rack_pos(d, "Y13"))
    d.key("start")
    assert d.screen._lines()[0] == "Way 1: 2 sets changed"
    assert d.ed.after() == parse_table("R9 R10 R11 R12 R13 | K10 K11 K12 K13 | "
                                       "Y9 Y10 Y11 Y12 Y13")
    assert d.ed.marked == [0, 2]


def test_left_right_cycle_distinct_ways_then_a_keeps_the_turn_open(tmp_path):
    d = rigged(str(tmp_path))
    d.pick(rack_pos(d, "R5"))
    d.key("start")
    seen = [canon(d.ed.after())]
    for _ in range(3):
        d.key("right")
        c = canon(d.ed.after())
        if c == seen[0]:
            break                                 # wrapped round
        assert c not in seen
        seen.append(c)
    # K5 B5 R5 Y5 (3 table tiles), R5..R10 and R5 R6 R7 | R8 R9 R10 (5),
    # then two sets changed
    assert len(seen) == 4
    assert seen[0] == canon(parse_table("R6 R7 R8 R9 R10 | K5 B5 Y5 R5 | "
                                        "B1 B2 J B4 | K11 K12 K13"))
    d.key("a")                                    # take it: still Ann's turn
    assert d.screen.name == "play" and d.screen.mode == 0
    assert d.ed.cur[0] == RACK
    d.key("b")                                    # one undo: the whole placement
    assert d.ed.after() == parse_table(TABLE_TEXT)
    assert len(d.ed.rack) == 14


def test_fits_nowhere_says_so_and_changes_nothing(tmp_path):
    d = rigged(str(tmp_path), table="R6 R7 R8 R9 R10 | K5 B5 Y5 | K11 K12 K13")
    d.goto(*rack_pos(d, "Y1"))
    d.key("a", long=True)
    assert d.screen.mode == 0
    assert d.ed.msg == "Y1 fits nowhere on this table"
    assert d.ed.after() == parse_table("R6 R7 R8 R9 R10 | K5 B5 Y5 | K11 K12 K13")
    assert len(d.ed.rack) == 14


def test_picked_table_tile_makes_every_way_use_its_set(tmp_path):
    d = rigged(str(tmp_path))
    d.pick((TABLE, 2, 2))                         # the joker in B1 B2 J B4
    d.pick(rack_pos(d, "B3"))
    d.key("start")
    assert d.screen.mode == 6
    t = fmt_tiles(d.ed.after()[2])
    assert t.startswith("B1 B2 B3 B4")


def test_before_the_first_meld_it_counts_points(tmp_path):
    from rummikub.game import Game
    from rummikub.rules import Rules
    g = Game(Rules(timer_s=0), 2, 5, 1, ["Ann", "Ben"])
    ui_scenes.rig(g, TABLE_TEXT, ["R11 R12 R13 K1 K2 K3 B1", BEN], melded=[0, 1])
    Storage(str(tmp_path), log=lambda s: None).save(
        "game", savefile.dumps(g, {"seats": ["human", "hard"], "screen": "play"}))
    d = Driver(str(tmp_path))
    d.key("a")
    d.goto(*rack_pos(d, "R11"))
    d.key("a", long=True)                         # R11 would extend a run: not yet
    assert d.screen.mode == 0 and d.ed.msg == "R11: no new sets (first meld)"
    assert not d.ed.sel
    for t in ("R11", "R12", "R13"):
        d.pick(rack_pos(d, t))
    d.key("start")
    assert d.screen.mode == 6
    assert d.screen._lines()[0] == "New sets: 36 of 30 points"
    assert canon(d.ed.after()) == canon(parse_table(TABLE_TEXT + " | R11 R12 R13"))
    d.key("start")
    assert d.app.match.game.melded[0]


# -- the play screen between turns ------------------------------------------------
def test_after_a_draw_the_ai_thinks_in_the_status_bar_over_a_clean_frame(tmp_path):
    d = rigged(str(tmp_path), seats=("human", "hard"))
    cls = type(d.screen)
    seen = []
    orig = cls.draw

    def draw(self, fb):
        seen.append((self.mode, self.thinking, self.ed.msg))
        return orig(self, fb)
    cls.draw = draw
    try:
        d.key("start")
        assert seen[-1][0] == 4                  # "Nothing played. START: draw"
        d.keys("start")                           # draw: Ben (AI) plays next
    finally:
        cls.draw = orig
    # the frame left on the glass while Ben thinks: no box, no message
    assert seen[-1] == (0, "Ben is thinking...", "")


def test_drawn_tile_is_marked_and_sorted_in_until_the_next_turn(tmp_path):
    d = rigged(str(tmp_path), seats=("human", "hard"))
    g = d.app.match.game
    before = sorted(g.racks[0])
    assert bytes(d.ed.rack) == bytes(sorted(d.ed.rack))   # a round starts sorted 789
    d.keys("start start")                                 # Ann draws; Ben plays
    drawn = bytearray(g.racks[0])
    for t in before:
        drawn.remove(t)
    assert len(drawn) == 1
    assert bytes(d.ed.fresh) == bytes(drawn)              # marked on the rack
    assert bytes(d.ed.rack) == bytes(sorted(d.ed.rack))   # where the sort puts it


def test_rack_keeps_the_players_own_order_between_turns(tmp_path):
    d = rigged(str(tmp_path), seats=("human", "hard"))
    d.key("start", long=True)
    labels = [i[0] for i in d.screen._menu_items()]
    for _ in range(labels.index("Sort 777 (groups)")):
        d.key("down")
    d.key("a")
    order = bytes(d.ed.rack)
    d.keys("start start")                                 # draw; Ben plays
    from rummikub.tiles import sort_by_number
    rack = bytes(d.ed.rack)
    assert rack == bytes(sort_by_number(rack))            # still 777, drawn tile in place
    assert len(rack) == len(order) + 1


def test_thinking_banner_changes_only_the_status_bar(tmp_path):
    d = rigged(str(tmp_path), seats=("human", "hard"))
    fb = d.app.fb
    before = bytes(fb.buf)
    d.app.banner("Ben is thinking...")
    after = bytes(fb.buf)
    row = len(before) // 300                      # bytes per pixel row
    assert after[:11 * row] != before[:11 * row]  # the note is in the bar
    assert after[11 * row:] == before[11 * row:]  # the table and rack untouched


def test_the_cursor_is_on_the_glass_whatever_the_keys(tmp_path):
    """Two hundred seeded key presses of every kind but the turn's end:
    whenever the screen is in play (not a box, a menu or a proposal) the
    cursor's bar is drawn whole under its tile or slot."""
    import random
    rng = random.Random(38)
    d = rigged(str(tmp_path))
    keys = ["left", "right", "up", "down", "a", "b", "b_long", "a_long", "start"]
    seen = 0
    for _ in range(200):
        k = rng.choice(keys)
        if k == "start" and not d.ed.sel:
            continue                              # would end the turn
        d.key(k[:-5] if k.endswith("_long") else k, long=k.endswith("_long"))
        if d.screen.name != "play":
            break
        if d.screen.mode != 0:                    # a box: any key back to play
            d.key("b")
        if d.screen.mode == 0:
            d.app.render()
            assert cursor_shown(d), (d.ed.cur, d.ed.msg)
            seen += 1
    assert seen >= 100
