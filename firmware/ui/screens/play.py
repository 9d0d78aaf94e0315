"""The play screen: the current human builds a turn, END asks the engine.

Keys (docs/player.md, "The play screen"): LEFT/RIGHT move tile by tile,
UP/DOWN set by set (rack rows, then on to the next area); hold B jumps
between table and rack.  A picks a tile (a rack pick moves on to the next
rack tile that can join the picks) or, on a + slot, puts the picked tiles
there.  START with tiles
picked, or hold A on a rack tile, asks where they go (assisted
placement, ui.placing): LEFT/RIGHT other ways, A takes it, START takes it
and ends the turn, B goes back.  Hold A on a table tile: put the picks
before it, or with none picked split the set there.  B drops the pick,
else undoes one step.  START ends the turn (draws when nothing was
played, after a second START); hold START opens the turn menu (sorts,
hint, reset, extra draws, give up, help, save and quit).
"""
from compat import const, ticks_diff
from hal import buttons
from ui.screen import Base
from ui.editor import Editor, FROM_RACK
from ui.turn_sets import code
from ui.layout import TABLE, RACK, TABLE_Y, W, H
from rummikub.tiles import sort_by_run, sort_by_number
from rummikub.game import PLAYING
from ui.gfx import message_box, box
from ui.menu import draw_list, step
from ui import play_view as view

# the screen's modes (tests read them as numbers; private: no names on the heap)
_PLAY = const(0)
_REVIEW = const(1)
_REFUSED = const(2)
_MENU = const(3)
_CONFIRM_DRAW = const(4)
_HELP = const(5)
_PROPOSE = const(6)
_ASK_HINT = const(7)    # the hint would start over: ask first

_MENU_X = const(198)  # the turn menu's box: x 198..390 (23 characters a line)
_HELP_TEXT = const("LEFT/RIGHT: tile by tile.  UP/DOWN: set by set.  Hold B: table/rack.  "
                   "A: pick a tile.  START (or hold A on a rack tile): where do the "
                   "picks go? </> other ways, A take, B back.  A on +: put picks "
                   "there.  B: drop pick / undo.  START: end turn.  Hold START: menu.")


class Screen(Base):
    name = "play"
    resumable = True

    def __init__(self, app, state=None, hint=None):
        super().__init__(app)
        m = app.match
        self.m = m
        g = m.game
        self.g = g
        self.p = g.current
        m.last_human = self.p
        if m.sorted_round.get(self.p) != g.round_no:
            # a new round: the rack starts sorted for runs; from then on
            # it keeps the player's order (_persist_rack_order)
            m.sorted_round[self.p] = g.round_no
            g.rack[:] = sort_by_run(g.rack)
        self.ed = Editor(g.table, g.rack, g.rules.ncolours)
        self.ed.fresh = m.drawn.get(self.p, b"")
        self.thinking = ""
        self.mode = _PLAY
        self.note = ""
        self.menu_cur = 0
        self.left_ms = g.rules.timer_s * 1000
        self.shown_warned = 0       # timer warnings on the glass (tick)
        self.step = 0               # the review's page
        if m.review:
            from ui.review import count     # the review's pages: the others' moves
            if count(m, self.p):
                self.mode = _REVIEW
        if state:
            self._restore(state)
            if self.mode == _REVIEW:
                from ui.review import count
                if not (m.review and count(m, self.p)):
                    self.mode = _PLAY
        if hint is not None:         # back from the hint (ui.hinting): (kept, table, fresh)
            ed = self.ed
            ed.undo_stack, ed.last, ed.sel, ed.marked, ed.hand_left = hint[0]
            if hint[1] is not None:
                ed.load_table(hint[1], ed.msg, hint[2])
        self.t0 = app.hal.ticks_ms()

    # -- saving ---------------------------------------------------------------
    def state(self):
        from binascii import hexlify
        # an open proposal is saved as the turn was before it
        snap = self.prop.snap if self.mode == _PROPOSE else self.ed.snapshot()
        return {"ed": hexlify(snap).decode(), "mode": self.mode,
                "left": self._left(), "top": self.ed.top, "msg": self.ed.msg,
                "rack_top": self.ed.rack_top}

    def _restore(self, st):
        from binascii import unhexlify
        try:
            self.ed.restore(unhexlify(st["ed"]))
            if sorted(self.ed.rack_order()) != sorted(self.g.rack):
                raise ValueError("saved turn does not match the rack")
        except (KeyError, ValueError, IndexError):
            self.ed = Editor(self.g.table, self.g.rack, self.g.rules.ncolours)
            return
        self.mode = st.get("mode", _PLAY) if st.get("mode") in (_PLAY, _REVIEW) else _PLAY
        self.left_ms = st.get("left", self.left_ms)
        self.ed.top = st.get("top", 0)
        self.ed.rack_top = st.get("rack_top", 0)
        self.ed.msg = st.get("msg", "")

    # -- timer ----------------------------------------------------------------
    def _left(self):
        if not self.g.rules.timer_s:
            return 0
        if self.mode == _REVIEW:
            return self.left_ms
        return max(0, self.left_ms - ticks_diff(self.app.hal.ticks_ms(), self.t0))

    def _timer_text(self):
        if not self.g.rules.timer_s:
            return ""
        s = (self._left() + 999) // 1000
        if s > 10:
            s = (s + 9) // 10 * 10
        return "%d:%02d" % (s // 60, s % 60)

    def _warned(self):
        """How many of the timer's warnings (30, 10 and 5 s left) the time
        left has reached."""
        s = (self._left() + 999) // 1000
        return (s <= 30) + (s <= 10) + (s <= 5)

    def tick(self):
        """The timer on the glass moves with every refresh a key makes;
        on its own it refreshes only at 30, 10 and 5 s left (a partial
        refresh every few seconds was a third of a turn's panel time)."""
        if not self.g.rules.timer_s or self.mode == _REVIEW:
            return False
        if self._left() <= 0:
            self._expire()
            return False
        return self._warned() != self.shown_warned

    def _expire(self):
        self._persist_rack_order()
        self.m.start_review()
        got = self.g.fail()
        self.m.note_turn()
        self.m.drawn[self.p] = bytes(got)
        self.m.review[-1] = "Time up! " + self.m.review[-1]
        self.app.advance()

    # -- drawing --------------------------------------------------------------
    def draw(self, fb):
        self.shown_warned = self._warned()
        view.status_bar(fb, self.g, self._timer_text(), self.thinking, self.app.battery.room())
        if self.mode == _REVIEW:
            view.hand(fb, self.ed, [], False)
            view.rack(fb, self.ed, False)
            from ui.review import draw
            draw(fb, self.m, self.p, self.step, self.ed)
            return
        ed = self.ed
        ed.tags = None
        if ed.changed():
            # this turn's marks: tiles put down from the rack, table tiles
            # moved to another set
            # (rummikub.places loaded for the moment: the heap is tight)
            from rummikub.places import tags
            from ui.turn_sets import plain
            from ui import forget
            ed.tags = tags(ed.start_table, [plain(s) for s in ed.table])
            tags = None
            forget("rummikub.places")
            for j in range(len(ed.tags)):
                for k in range(len(ed.tags[j])):
                    if ed.table[j][k] & FROM_RACK:
                        ed.tags[j][k] = 1
                    elif ed.tags[j][k] == 1:    # a table tile whose twin came from the rack
                        ed.tags[j][k] = 2
        view.table(fb, ed, self.mode == _PLAY)
        view.hand(fb, ed, self._lines(), self.mode == _PLAY)
        view.rack(fb, ed, self.mode == _PLAY)
        if self.mode == _REFUSED:
            view.band(fb, ["Not valid: " + self.note, "A: fix it  hold B: reset turn"])
        elif self.mode == _CONFIRM_DRAW:
            view.band(fb, ["Nothing played. START: draw a tile. B: go back"])
        elif self.mode == _ASK_HINT:
            view.band(fb, ["The hint starts from your turn's start: what you put"
                           " down goes back to your rack.", "A: hint  B: go back"])
        elif self.mode == _MENU:
            items = self._menu_items()
            h = len(items) * 13 + 20
            box(fb, _MENU_X, 24, W - 10 - _MENU_X, h, "Turn menu")
            draw_list(fb, [i[0] for i in items], self.menu_cur, _MENU_X + 4, 42,
                      W - 18 - _MENU_X, len(items))
            if self.m.lesson is not None:
                # a lesson's page beside the menu: one press away all through it
                # (by a string: the module's name is not interned in a match)
                from ui import forget
                __import__("ui.screens.lessons", None, None, ("beside",)).beside(
                    fb, self.m.lesson, _MENU_X - 8)
                forget("ui.screens.lessons")
        elif self.mode == _HELP:
            self._help(fb)

    def _help(self, fb):
        """Keys, and which tile face is which colour."""
        from ui.tiles_gfx import legend
        fb.fill_rect(0, TABLE_Y, W, H - TABLE_Y, 1)
        end = message_box(fb, _HELP_TEXT, y=16, title="Keys", width=390)
        box(fb, 5, end + 4, 390, 72, "Tiles")
        legend(fb, 12, end + 22, self.g.rules.ncolours)
        fb.text("Any key: back to the table", 96, end + 96, 0)

    def _lines(self):
        ed = self.ed
        if self.mode == _PROPOSE:
            g = self.g
            return self.prop.lines(0 if g.melded[self.p] else g.rules.initial_meld)
        if ed.sel:          # assisted placement first, then by hand
            out = ["%d picked. START: place for me" % len(ed.sel)]
            if ed.msg:
                out.append(ed.msg)
            return out + ["Or A on a + to put them there"]
        out = []
        if ed.msg:
            out.append(ed.msg)
        n = ed.played_count()
        if not self.g.melded[self.p]:
            v = _played_points(ed)
            out.append("Initial meld: %d of %d pts" % (v, self.g.rules.initial_meld))
        elif n:
            out.append("Playing %d tile%s" % (n, "" if n == 1 else "s"))
        out.append("START: end turn  hold: lesson, menu" if self.m.lesson is not None
                   else "START: end turn  hold: menu")
        return out

    # -- keys -----------------------------------------------------------------
    def key(self, b, long):
        app = self.app
        if self.mode == _REVIEW:
            # A: the next page (on the last: play on); any other key ends
            # the review and acts: it needs no dismissing
            if b == buttons.A and not long:
                self.step += 1
                from ui.review import count
                if self.step < count(self.m, self.p):
                    app.redraw()
                    return
            self.mode = _PLAY
            self.m.clear_review()
            from ui import forget
            forget("ui.review")
            self.t0 = app.hal.ticks_ms()
            if b == buttons.A and not long:
                app.redraw()
                return
        if self.mode in (_REFUSED, _HELP):
            if self.mode == _REFUSED:
                # what was wrong stays in the band while it is fixed; the
                # cursor is on the set, no frame over it
                self.ed.msg = "Still to fix: %s" % self.note
                self.ed.bad = -1
            self.mode = _PLAY
            if b == buttons.B and long:
                self.ed.reset()
            app.redraw()
            return
        if self.mode == _ASK_HINT:
            self.mode = _PLAY
            if b == buttons.A:
                self._hint(True)
                return
            app.redraw()
            return
        if self.mode == _CONFIRM_DRAW:
            if b == buttons.START:
                self._draw_tiles(1)
            else:
                self.mode = _PLAY
                app.redraw()
            return
        if self.mode == _MENU:
            self._menu_key(b)
            return
        if self.mode == _PROPOSE:
            act = self.prop.key(b)
            if act:
                self.mode = _PLAY
                self.prop = None
                if act == "end":
                    self._end()
                    return
            app.redraw()
            return
        ed = self.ed
        if b == buttons.UP:
            ed.move(0, -1)
        elif b == buttons.DOWN:
            ed.move(0, 1)
        elif b == buttons.LEFT:
            ed.move(-1, 0)
        elif b == buttons.RIGHT:
            ed.move(1, 0)
        elif b == buttons.A:
            if long and ed.cur[0] == RACK and ed.at() >= 0:
                # hold A on a rack tile: pick it too, and where do they go?
                before = list(ed.sel)
                if not ed.is_selected(*ed.cur):
                    ed.press_a()
                self._place()
                if self.mode == _PLAY:
                    ed.sel = before     # nowhere: as it was (ed.msg says so)
            else:
                ed.long_a() if long else ed.press_a()
        elif b == buttons.B:
            if long:
                ed.jump()               # table <-> rack in one press
            elif not ed.clear_selection():
                ed.undo()
        elif b == buttons.START:
            if long:
                self.mode = _MENU
                self.menu_cur = self.m.menu_last
            elif ed.sel:
                self._place()           # tiles picked: where do they go?
            else:
                self._end()
                return
        app.redraw()

    def _menu_items(self):
        items = [("End turn", "end")]
        g = self.g
        items.append(("Draw 1, end turn", "draw1"))
        if g.rules.extra_draws:
            items.append(("Draw 2, end turn", "draw2"))
            items.append(("Draw 3, end turn", "draw3"))
        items += [("Sort 789 (runs)", "sort_run"), ("Sort 777 (groups)", "sort_num"),
                  ("Hint", "hint"), ("Undo", "undo"), ("Reset turn", "reset"),
                  ("Give up: undo, draw %d" % g.rules.failed_play_penalty, "fail"),
                  ("Help: keys", "help"), ("Save and quit", "quit")]
        return items

    def _menu_key(self, b):
        items = self._menu_items()
        app = self.app
        if b == buttons.UP or b == buttons.DOWN:
            self.menu_cur = step(self.menu_cur, len(items), -1 if b == buttons.UP else 1)
        elif b == buttons.B:
            self.mode = _PLAY
        elif b == buttons.A or b == buttons.START:
            self.mode = _PLAY
            act = items[self.menu_cur][1]
            # it opens there next time if it changes nothing for good (a
            # hint every turn: hold START, A)
            self.m.menu_last = self.menu_cur if act in ("hint", "sort_run", "sort_num",
                                                        "help") else 0
            ed = self.ed
            if act == "end":
                self._end()
                return
            if act.startswith("draw"):
                self._draw_tiles(int(act[4:]))
                return
            if act == "sort_run":
                ed.sort(False)
            elif act == "sort_num":
                ed.sort(True)
            elif act == "hint":
                # it cannot build on the turn as it stands with tiles in
                # the hand, a set not finished or a first meld under way:
                # it would start from the turn's start, so it asks first
                over = bool(ed.hand)
                if ed.changed() and not over:
                    from rummikub.melds import is_valid
                    over = not self.g.melded[self.p]
                    for s in ed.after():
                        over = over or not is_valid(s, ed.ncolours)
                if over:
                    self.mode = _ASK_HINT
                else:
                    self._hint(False)
                    return
            elif act == "undo":
                ed.undo()
            elif act == "reset":
                ed.reset()
            elif act == "fail":
                self._give_up()
                return
            elif act == "help":
                self.mode = _HELP
            elif act == "quit":
                self._persist_rack_order()
                app.save_game()
                app.end_match()
                return
        app.redraw()

    def _hint(self, fresh):
        """Thought with this screen unloaded (ui.hinting): it comes back
        from its state and what a save leaves out."""
        ed = self.ed
        self.app.advance((self.state(), (ed.undo_stack, ed.last, ed.sel, ed.marked,
                                         ed.hand_left), fresh))

    def _place(self):
        """Assisted placement (ui.placing): the best way for the picks."""
        from ui.placing import start
        self.prop = start(self.ed, bool(self.g.melded[self.p]), self.g.rules)
        if self.prop:
            self.mode = _PROPOSE

    # -- turn endings ---------------------------------------------------------
    def _persist_rack_order(self):
        """Keep the player's own arrangement of the rack (same tiles)."""
        order = self.ed.rack_order()
        rack = self.g.racks[self.p]
        if sorted(order) == sorted(rack):
            rack[:] = order

    def _end(self):
        ed = self.ed
        if not ed.changed():
            self.mode = _CONFIRM_DRAW
            self.app.redraw()
            return
        self._persist_rack_order()
        before = [bytearray(s) for s in self.g.table]
        res = self.g.play(ed.after())
        if not res.valid:
            self.note = res.message
            ed.bad = res.set_index
            if res.set_index >= 0:
                ed.point_at(TABLE, res.set_index, 0)
            self.mode = _REFUSED
            self.app.redraw()
            return
        self._finish(before)

    def _finish(self, before, got=b""):
        m = self.m
        g = self.g
        if m.review_before is None:
            m.review_before = before
        m.note_turn()
        m.drawn[self.p] = bytes(got)
        if got:
            _sort_in(g.racks[self.p], len(got))
        if g.phase == PLAYING and not m.human(g.current):
            # the glass keeps this frame while the AI thinks: no box, no
            # stale message, the note in the status bar
            self.mode = _PLAY
            ed = self.ed
            ed.sel = []
            ed.msg = ""
            ed.marked = []
            ed.bad = -1
            self.thinking = "%s is thinking..." % g.names[g.current]
            self.app.render()
        self.app.advance()

    def _draw_tiles(self, n):
        self._persist_rack_order()
        before = [bytearray(s) for s in self.g.table]
        got = self.g.draw(n)
        self._finish(before, got)

    def _give_up(self):
        self._persist_rack_order()
        before = [bytearray(s) for s in self.g.table]
        got = self.g.fail()
        self._finish(before, got)

def _sort_in(rack, n):
    """The last n tiles were just drawn: if the rest is sorted (for runs or
    for groups), they go where that sort puts them; else they stay last."""
    rest = rack[:len(rack) - n]
    if rest == sort_by_run(rest):
        rack[:] = sort_by_run(rack)
    elif rest == sort_by_number(rest):
        rack[:] = sort_by_number(rack)


def _played_points(ed):
    """Worth of sets made only of rack tiles (the initial meld count)."""
    from rummikub.melds import analyse, SetError
    v = 0
    for s in ed.table:
        if s and all_from_rack(s):
            try:
                v += analyse(bytearray([code(t) for t in s]), ed.ncolours)[1]
            except SetError:
                pass
    return v


def all_from_rack(s):
    for t in s:
        if not t & FROM_RACK:
            return False
    return True
