"""The play screen's model: each manipulation, straight on the Editor."""
from rummikub.tiles import parse_table, parse_tiles, fmt_table, fmt_tiles
from ui.editor import Editor
from ui.turn_sets import arrange, changed_sets, plain
from ui.layout import TABLE, HAND, RACK, flow, PITCH, RIGHT_EDGE, PER_ROW


def ed(table, rack):
    return Editor(parse_table(table), parse_tiles(rack), 4)


def table(e):
    return fmt_table(e.after())


def pick(e, *locs):
    for loc in locs:
        e.cur = loc
        assert e.press_a()


def test_extend_run_on_end_slot():
    e = ed("R6 R7 R8", "R9 K1")
    pick(e, (RACK, 0, 0))
    e.cur = (TABLE, 0, 3)           # the end slot appears while a tile is picked
    assert e.at() == -1
    assert e.press_a()
    assert table(e) == "R6 R7 R8 R9"
    assert fmt_tiles(e.rack) == "K1"
    assert e.played_count() == 1


def test_placing_in_front_sorts_a_run():
    e = ed("R6 R7 R8", "R5")
    pick(e, (RACK, 0, 0))
    e.cur = (TABLE, 0, 3)
    e.press_a()                     # R6 R7 R8 R5 is no run: arranged
    assert table(e) == "R5 R6 R7 R8"


def test_split_then_insert_before():
    e = ed("R6 R7 R8 R9 R10", "R8")
    e.cur = (TABLE, 0, 3)
    assert e.long_a()               # nothing picked: split before R9
    assert table(e) == "R6 R7 R8 | R9 R10"
    pick(e, (RACK, 0, 0))
    e.cur = (TABLE, 1, 0)
    assert e.long_a()               # picked: place before R9
    assert table(e) == "R6 R7 R8 | R8 R9 R10"


def test_substitute_in_group_and_new_set():
    e = ed("K5 B5 Y5", "R5 K6 K7")
    pick(e, (RACK, 0, 0))
    e.cur = (TABLE, 0, 3)
    e.press_a()
    assert table(e) == "K5 B5 Y5 R5"
    pick(e, (TABLE, 0, 0), (RACK, 0, 0), (RACK, 0, 1))
    e.cur = (TABLE, 1, 0)           # the new-set slot
    e.press_a()
    assert table(e) == "B5 Y5 R5 | K5 K6 K7"
    assert not e.rack


def test_free_joker_goes_to_new_set():
    e = ed("B1 B2 J B4", "B3 Y12 R12")
    pick(e, (RACK, 0, 0))
    e.cur = (TABLE, 0, 2)
    e.long_a()                      # B1 B2 B3 J B4 -> arranged
    assert table(e) == "B1 B2 B3 B4 J"
    pick(e, (TABLE, 0, 4), (RACK, 0, 0), (RACK, 0, 1))
    e.cur = (TABLE, 1, 0)
    e.press_a()
    assert table(e) == "B1 B2 B3 B4 | J Y12 R12"


def test_hand_holds_table_tiles_but_rack_refuses_them():
    e = ed("R6 R7 R8 R9", "K1")
    pick(e, (TABLE, 0, 3))
    e.cur = (RACK, 0, 1)
    assert not e.press_a()
    assert "rack" in e.msg
    e.cur = (HAND, 0, 0)
    assert e.press_a()
    assert fmt_tiles(plain(e.hand)) == "R9"
    assert table(e) == "R6 R7 R8"


def test_rack_tiles_come_back_to_the_rack():
    e = ed("", "R1 R2 R3 K9")
    pick(e, (RACK, 0, 0), (RACK, 0, 1), (RACK, 0, 2))
    e.cur = (TABLE, 0, 0)
    e.press_a()
    assert table(e) == "R1 R2 R3"
    pick(e, (TABLE, 0, 0))
    e.cur = (RACK, 0, 1)
    assert e.press_a()
    assert fmt_tiles(e.rack) == "K9 R1"


def test_undo_step_by_step_and_reset():
    e = ed("R6 R7 R8", "R9 R5")
    snaps = [e.snapshot()]
    pick(e, (RACK, 0, 0))
    e.cur = (TABLE, 0, 3)
    e.press_a()
    snaps.append(e.snapshot())
    pick(e, (RACK, 0, 0))
    e.cur = (TABLE, 0, 4)
    e.press_a()
    assert table(e) == "R5 R6 R7 R8 R9"
    assert e.reset()
    assert table(e) == "R6 R7 R8" and sorted(e.rack) == sorted(parse_tiles("R9 R5"))
    assert e.undo()                 # undo the reset
    assert table(e) == "R5 R6 R7 R8 R9"
    assert e.undo() and e.snapshot()[:-3] == snaps[1][:-3]
    assert e.undo() and table(e) == "R6 R7 R8"
    assert not e.undo()


def test_sorts():
    e = ed("", "Y7 R7 J K9 K7 B8")
    e.sort(False)
    assert fmt_tiles(e.rack) == "K7 K9 B8 R7 Y7 J"
    e.sort(True)
    assert fmt_tiles(e.rack) == "K7 R7 Y7 B8 K9 J"


def test_arrange_runs_groups_and_jokers():
    assert fmt_tiles(arrange(parse_tiles("R9 J R7"), 4)) == "R7 J R9"
    assert fmt_tiles(arrange(parse_tiles("R12 R13 J"), 4)) == "J R12 R13"
    assert fmt_tiles(arrange(parse_tiles("Y4 K4 J"), 4)) == "K4 Y4 J"
    assert arrange(parse_tiles("R4 K5 J"), 4) is None


def test_changed_sets_ignores_group_order():
    before = parse_table("K5 B5 Y5 | R1 R2 R3")
    after = parse_table("Y5 K5 B5 | R1 R2 R3 R4 | J K9 B9")
    assert changed_sets(before, after, 4) == [1, 2]


def test_up_down_go_set_by_set_then_to_the_rack_and_round():
    e = ed("R1 R2 R3 | K1 K2 K3", "B1 B2")
    e.cur = (TABLE, 0, 2)
    e.move(0, 1)
    assert e.cur == (TABLE, 1, 0)   # the next set, its first tile
    e.move(0, 1)
    assert e.cur == (TABLE, 2, 0)   # the new-set slot
    e.move(0, 1)                    # the hand is empty, nothing picked: skipped
    assert e.cur == (RACK, 0, 0)
    e.move(0, 1)                    # round to the top
    assert e.cur == (TABLE, 0, 0)
    e.move(0, -1)
    assert e.cur == (RACK, 0, 0)
    e.press_a()                     # a rack tile picked: UP goes to the new set
    e.move(0, -1)
    assert e.cur == (TABLE, 2, 0)
    e.clear_selection()
    e.cur = (TABLE, 0, 1)
    e.press_a()                     # a table tile picked: the hand is a stop
    for _ in range(3):              # the next set, the new-set slot, the hand
        e.move(0, 1)
    assert e.cur == (HAND, 0, 0) and e.hand_in_use()


def test_up_from_the_rack_with_picks_lands_on_the_new_set_slot():
    e = ed("R1 R2 R3", "B1 B2 B3 K9")
    pick(e, (TABLE, 0, 0))
    e.cur = (HAND, 0, 0)
    e.press_a()                     # R1 parked in the hand
    assert e.hand_in_use()
    e.cur = (RACK, 0, 0)
    e.press_a()                     # rack picks: UP skips the hand
    e.move(0, -1)
    assert e.cur == (TABLE, 1, 0)
    e.move(0, 1)                    # DOWN from the new set still reaches it
    assert e.cur == (HAND, 0, 0)
    fresh = ed("", "B1 B2 B3")
    fresh.press_a()
    assert not fresh.hand_in_use()  # rack picks alone: no hand shown


def test_left_right_walk_tiles_and_wrap_within_their_area():
    e = ed("R1 R2 R3 | K1 K2 K3", "B1 B2 B3")
    e.cur = (TABLE, 0, 2)
    e.move(1, 0)
    assert e.cur == (TABLE, 1, 0)   # on into the next set
    e.cur = (TABLE, 0, 0)
    e.move(-1, 0)
    assert e.cur == (TABLE, 2, 0)   # round to the new-set slot, still the table
    e.cur = (RACK, 0, 0)
    e.move(-1, 0)
    assert e.cur == (RACK, 0, 2)    # round within the rack
    e.move(1, 0)
    assert e.cur == (RACK, 0, 0)


def test_jump_goes_between_areas_where_the_cursor_was():
    e = ed("R1 R2 R3 | K1 K2 K3 | Y1 Y2 Y3", "B1 B2 B3")
    e.cur = (TABLE, 1, 2)
    e.jump()
    assert e.cur == (RACK, 0, 0)
    e.move(1, 0)
    e.jump()
    assert e.cur == (TABLE, 1, 2)
    e.jump()
    assert e.cur == (RACK, 0, 1)
    e.press_a()                     # a rack tile picked: still table and rack
    e.jump()
    assert e.cur[0] == TABLE
    e.press_a()                     # a table tile picked too: the hand joins in
    e.jump()
    assert e.cur[0] == HAND


def test_picking_never_moves_table_sets_to_other_rows():
    e = ed(" | ".join(["R1 R2 R3 R4", "K1 K2 K3 K4 K5", "B1 B2 B3", "Y5 Y6 Y7 Y8",
                       "K9 B9 R9", "R10 R11 R12 R13"]), "B7 K7")
    rows = e.table_rows()
    pick(e, (RACK, 0, 0))
    assert e.table_rows() == rows


def test_flow_wraps_sets_and_table_scrolls():
    rows = flow([13] * 6, 0)
    assert len(rows) == 6           # one 13-run per row
    for r in rows:
        for si, x in r:
            if si < 6:
                assert x + 13 * PITCH - (PITCH - 22) <= RIGHT_EDGE
    e = Editor(parse_table(" | ".join(["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"] * 2
                                      + ["K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13"] * 2
                                      + ["B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13"] * 2),
                           6), parse_tiles("J"), 4)
    e.cur = (TABLE, 0, 0)
    for _ in range(5):
        e.move(0, 1)
    assert e.top == 1               # the sixth row scrolled into view


def test_point_at_clamps_and_brings_the_set_on_screen():
    e = Editor(parse_table(" | ".join(["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"] * 6)),
               parse_tiles("J"), 4)
    e.point_at(TABLE, 5, 99)        # the sixth row, a position past its end
    assert e.cur == (TABLE, 5, 12) and e.top == 1
    e.point_at(TABLE, 0, 0)
    assert e.top == 0
    e.point_at(RACK, 0, 0)
    assert e.cur == (RACK, 0, 0) and e.top == 0


def test_snapshot_round_trip():
    e = ed("R6 R7 R8 | K5 B5 Y5", "R9 J")
    pick(e, (RACK, 0, 0))
    e.cur = (TABLE, 0, 3)
    e.press_a()
    s = e.snapshot()
    e2 = ed("R6 R7 R8 | K5 B5 Y5", "R9 J")
    e2.restore(s)
    assert e2.after() == e.after() and e2.rack == e.rack and e2.cur == e.cur


def test_long_rack_scrolls_by_row():
    rack = " ".join(["K%d B%d R%d" % (n, n, n) for n in range(1, 13)])   # 36 tiles
    e = ed("", rack)
    e.cur = (RACK, 0, 0)
    for _ in range(2):
        e.move(0, 1)                # rack row 0 -> 1 -> 2 (the third row)
    assert e.cur[0] == RACK and e.cur[2] >= 2 * PER_ROW and e.rack_top == 1
    e.move(0, -1)
    e.move(0, -1)
    assert e.rack_top == 0


def test_long_racks_never_put_a_marker_over_a_tile_or_at_the_edge():
    from ui.layout import rack_xy, TW, MARKER_X
    for n in range(40, 61):
        right = max(rack_xy(p)[1] for p in range(n + 1)) + TW     # tiles and the + slot
        assert right < MARKER_X
        rows = (n + 1 + PER_ROW - 1) // PER_ROW
        marker = "v%d" % rows
        assert MARKER_X + len(marker) * 8 + 4 <= 396
    for lengths in ([13] * 4, [3] * 12, [4, 5, 6, 3, 13, 4]):
        for row in flow(lengths, 1):
            for si, x in row:
                cells = (lengths[si] + 1) if si < len(lengths) else 1
                assert x + cells * PITCH - (PITCH - 22) <= MARKER_X - 2


def test_a_rack_pick_moves_on_to_a_tile_that_can_join_the_picks():
    e = ed("", "K5 K6 K9 B5 B7 R2 R5 Y5 J")
    pick(e, (RACK, 0, 0))               # K5: K6 can join it (a run)
    assert e.cur == (RACK, 0, 1)
    e.cur = (RACK, 0, 3)
    e.press_a()                         # K5 B5: a group now, on to R5
    assert e.cur == (RACK, 0, 6)
    e.press_a()                         # K5 B5 R5: on to Y5
    assert e.cur == (RACK, 0, 7)
    e.clear_selection()
    pick(e, (RACK, 0, 2))               # K9: nothing after it joins but J,
    assert e.cur == (RACK, 0, 3)        # which it skips: on to the next tile
    e.clear_selection()
    pick(e, (RACK, 0, 7))               # Y5: the joker is next, then K5...
    assert e.cur == (RACK, 0, 0)        # never onto the joker (an A there picks it)


def test_with_tiles_picked_up_and_down_stop_on_each_sets_end():
    """A set's end, where picked tiles most often go, is one press away
    (UP/DOWN), its start two (RIGHT from the set before's end slot):
    adding to a run's end once took five presses along it."""
    e = ed("R6 R7 R8 R9 R10 | K5 B5 Y5 | B1 B2 J B4", "R11 K3")
    pick(e, (RACK, 0, 0))                   # R11
    e.cur = (RACK, 0, 1)
    e.move(0, -1)                           # UP: the new-set slot (rack picks)
    assert e.cur == (TABLE, 3, 0)
    e.move(0, -1)                           # UP: the last set's end slot
    assert e.cur == (TABLE, 2, 4) and e.at() < 0
    e.move(0, -1)
    e.move(0, -1)                           # the run's end slot: A puts R11 there
    assert e.cur == (TABLE, 0, 5)
    e.press_a()
    assert table(e) == "R6 R7 R8 R9 R10 R11 | K5 B5 Y5 | B1 B2 J B4"
    e.move(0, 1)                            # nothing picked: onto a set's first tile
    assert e.cur == (TABLE, 1, 0)
