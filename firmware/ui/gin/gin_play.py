"""Gin Rummy play screen: the opponent, the stock and discard pile, and
the hand arranged into melds and deadwood with the deadwood count.

Keys: first up-card: A take, B pass.  Draw: A takes the discard, START
draws from the stock.  Discard: LEFT/RIGHT move the lifted card, A
discards it, START knocks with it (only when the rest is within the knock
limit; the screen says when it is).  Hold B: save and quit.
"""
from hal import buttons
from ui.screen import Base
from ui.gfx import BLACK, WHITE, centre_text, wrap
from ui.menu import footer
from ui.layout import W as SCREEN_W, TEXT_COLS
from ui.gin.cards_gfx import draw_card, draw_back, group_xs, row_width, W
from gin.game import OFFER, DRAW, DISCARD, PlayError
from gin.cards import fmt_card, value
from gin.melds import best_split, deadwood

STEP = W + 2
GAP = 8
HAND_Y = 186


class Screen(Base):
    name = "gin_play"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.m = app.match
        self.g = self.m.game
        self.me = self._seat()
        self.msg = ""
        gst = getattr(self.m, "guest", None)
        if gst is not None and gst.verdict is not None:     # the host refused our last
            self.msg = "Not valid: %s" % gst.verdict[2]
            gst.verdict = None
        self.new = -1
        self.cur = 0
        self._arrange()
        self._aim()

    def _seat(self):
        """Whose hand is shown: the player on turn's (they see it now)."""
        self.m.last_human = self.g.current
        return self.g.current

    # -- the hand -------------------------------------------------------------
    def _arrange(self):
        if self.me < 0:         # a console that watches: no hand of its own
            self.groups, self.flat, self.dead, self.dw, self.knocks = [], [], [], 0, []
            return
        h = self.g.hands[self.me]
        d, melds, dead = best_split(h)
        self.dw = d
        self.groups = melds + ([dead] if dead else [])
        self.flat = [c for grp in self.groups for c in grp]
        self.dead = dead
        self.knocks = self.g.knock_options() if self.g.phase == DISCARD and \
            self.g.current == self.me else []

    def _aim(self):
        """Cursor on the card to knock with, else the highest deadwood card."""
        g = self.g
        if g.phase != DISCARD:
            return
        pick = -1
        if self.knocks:
            pick = self.knocks[0][1]
        else:
            best = -1
            for c in self.dead:
                if c != g.taken and value(c) * 64 + c > best:
                    best = value(c) * 64 + c
                    pick = c
        if pick < 0:
            pick = [c for c in self.flat if c != g.taken][0]
        self.cur = self.flat.index(pick)

    def _after_discard_of(self, c):
        return deadwood([x for x in self.g.hands[self.me] if x != c])

    # -- drawing --------------------------------------------------------------
    def draw(self, fb):
        self._table(fb)
        self._prompt(fb)
        self._hand(fb, self.g.phase == DISCARD)
        footer(fb, self._keys())

    def _table(self, fb):
        """The scores, the other player, what they did, the stock and the pile."""
        g = self.g
        me = max(self.me, 0)
        op = 1 - me
        fb.fill_rect(0, 0, SCREEN_W, 14, BLACK)
        top = "Hand %d  %s %d - %s %d  knock<=%d%s" % (
            g.hand_no, g.names[me], g.scores[me], g.names[op], g.scores[op],
            g.knock_limit, " x2" if g.doubled else "")
        fb.text(top[:TEXT_COLS], 4, 3, WHITE)
        fb.text("%s: %d cards" % (g.names[op], len(g.hands[op])), 4, 20, BLACK)
        y = 31
        for line in wrap(self.m.news(me), TEXT_COLS)[:2]:    # what they did since
            fb.text(line, 4, y, BLACK)
            y += 9
        # stock and discard pile
        draw_back(fb, 130, 50)
        fb.text("Stock %d" % len(g.stock), 112, 96, BLACK)
        if g.pile:
            draw_card(fb, 230, 50, g.top())
        else:
            fb.rect(230, 50, W, 42, BLACK)
        fb.text("Up-card" if g.phase == OFFER else "Discard", 218, 96, BLACK)

    def _hand(self, fb, lift):
        """The hand in melds and deadwood (lift: the cursor's card raised)."""
        x0 = (SCREEN_W - row_width(self.groups, STEP, GAP, W)) // 2
        xs = group_xs(self.groups, x0, STEP, GAP)
        nm = len(self.groups) - (1 if self.dead else 0)
        i = 0
        for gi in range(len(self.groups)):
            grp = self.groups[gi]
            if gi < nm:     # a meld: a bracket over it
                fb.hline(xs[i], HAND_Y - 10, len(grp) * STEP - 2, BLACK)
            for c in grp:
                draw_card(fb, xs[i], HAND_Y, c, lifted=lift and i == self.cur,
                          mark=c == self.new)
                i += 1
        if not self.groups:
            return
        line = "Melds %d   Deadwood %d" % (nm, self.dw)
        if lift:
            c = self.flat[self.cur]
            line += "   without %s: %d" % (fmt_card(c), self._after_discard_of(c))
        centre_text(fb, line, 240, BLACK)
        y = 254
        for line in wrap(self.msg, TEXT_COLS)[:2]:     # a refusal: the card and the rule
            centre_text(fb, line, y, BLACK)
            y += 10

    def _prompt(self, fb):
        g = self.g
        if g.phase == OFFER:
            s = "Take the up-card %s?" % fmt_card(g.top())
        elif g.phase == DRAW:
            s = "Draw from the stock" if g.must_draw_stock() else \
                "Take %s or draw from the stock" % fmt_card(g.top())
        elif self.knocks:
            d, c = self.knocks[0]
            s = "You can knock: %s leaves %d%s" % (fmt_card(c), d, " - GIN!" if d == 0 else "")
        else:
            s = "Discard a card"
        centre_text(fb, s, 122, BLACK)
        if g.phase == DISCARD and self.knocks:
            fb.text("(START knocks with the lifted card)", 60, 136, BLACK)

    def _keys(self):
        g = self.g
        if g.phase == OFFER:
            return "A: take   B: pass   hold B: quit"
        if g.phase == DRAW:
            if g.must_draw_stock():
                return "START: draw   hold B: quit"
            return "A: take discard  START: draw  hold B: quit"
        if self.knocks:         # knocking offered only when it is allowed
            return "<>: card  A: discard  START: knock"
        return "<>: card  A: discard it   hold B: quit"

    # -- keys -----------------------------------------------------------------
    def key(self, b, long):
        app = self.app
        g = self.g
        self.msg = ""
        if b == buttons.B and long:
            self.m.save(app, "gin_play")
            app.end_match()
            return
        try:
            if g.phase == OFFER:
                if b == buttons.A:
                    self._take()
                elif b == buttons.B:
                    g.pass_offer()
                    self.app.advance()
                    return
            elif g.phase == DRAW:
                if b == buttons.A:
                    self._take()
                elif b == buttons.START:
                    g.draw_stock()
                    if self._sent():
                        return
                    self.new = g.hands[self.me][-1]
                    self._changed()
            elif g.phase == DISCARD:
                n = len(self.flat)
                if b == buttons.LEFT or b == buttons.UP:
                    self.cur = (self.cur - 1) % n
                elif b == buttons.RIGHT or b == buttons.DOWN:
                    self.cur = (self.cur + 1) % n
                elif b == buttons.A or b == buttons.START:
                    self._discard(self.flat[self.cur], b == buttons.START)
                    return
        except PlayError as e:
            self.msg = str(e)
        app.redraw()

    def _take(self):
        g = self.g
        if g.must_draw_stock():
            self.msg = "Both passed: draw from the stock (START)"
            return
        g.take_discard()
        if self._sent():
            return
        self.new = g.taken
        self._changed()

    def _sent(self):
        """A linked game's joined console: the action went to the host,
        whose next view shows it (the wait screen meanwhile)."""
        if self.m.remote:
            self.app.advance()
            return True
        return False

    def _changed(self):
        self._arrange()
        self._aim()
        self.m.save(self.app, "gin_play")

    def _discard(self, c, knock):
        from gin.scoring import KnockError
        g = self.g
        if knock:
            if not self.knocks:
                d = self._after_discard_of(c)
                self.msg = "No knock: deadwood %d, limit %d" % (d, g.knock_limit)
                self.app.redraw()
                return
            try:
                g.discard(c, True)
            except KnockError as e:
                self.msg = "No knock with %s: over by %d" % (fmt_card(c), e.over)
                self.app.redraw()
                return
        else:
            g.discard(c)
        self.app.advance()
