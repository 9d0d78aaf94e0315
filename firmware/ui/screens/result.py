"""Round result: who went out, what everyone had left, the round's scores."""
from hal import buttons
from rummikub.game import MATCH_OVER
from rummikub.scoring import rack_totals
from ui.screen import Base
from rummikub.tiles import fmt_tile, sort_by_run, JOKER
from ui.gfx import BLACK, WHITE, centre_text
from ui.menu import footer
from ui.layout import W


def fit_tiles(rack, width, lines):
    """A rack as at most `lines` lines of `width` characters, each colour's
    letter written once a line, its numbers joined by commas ("K1,2,9 R4
    J": no two tiles read as one); what does not fit is counted at the end
    as "+N more", so every tile is listed or counted."""
    tiles = sort_by_run(rack)
    rows = []           # each row: a list of [text, tiles in it]
    i = 0
    while i < len(tiles) and len(rows) < lines:
        row = [[fmt_tile(tiles[i]), 1]]
        i += 1
        while i < len(tiles):
            t = tiles[i]
            same = t != JOKER and tiles[i - 1] != JOKER and t >> 4 == tiles[i - 1] >> 4
            if _width(row) + (len(str(t & 15)) + 1 if same else len(fmt_tile(t)) + 1) > width:
                break
            if same:
                row[-1][0] += "," + str(t & 15)
                row[-1][1] += 1
            else:
                row.append([fmt_tile(t), 1])
            i += 1
        rows.append(row)
    if i < len(tiles):
        last = rows[-1]
        while last and _width(last) + len(" +%d more" % (len(tiles) - i)) > width:
            w = last[-1]
            i -= 1
            w[1] -= 1
            if w[1]:
                w[0] = w[0][:w[0].rindex(",")]
            else:
                last.pop()
        last.append(["+%d more" % (len(tiles) - i), 0])
    return [" ".join([w[0] for w in r]) for r in rows]


def _width(row):
    return len(" ".join([w[0] for w in row]))


class Screen(Base):
    name = "result"
    resumable = True

    def draw(self, fb):
        g = self.app.match.game
        r = len(g.round_rows) - 1
        w = g.round_winners[r]
        fb.fill_rect(0, 0, W, 14, BLACK)
        centre_text(fb, "Round %d of %d" % (g.round_no, g.rounds), 3, WHITE)
        if g.round_exhausted[r]:
            centre_text(fb, "Pool empty: %s wins" % g.names[w], 24, BLACK, 2, 2)
            how = "fewest tiles" if g.rules.exhausted_winner == "tiles" else "lowest rack"
            centre_text(fb, "(%s)" % how, 44, BLACK)
        else:
            centre_text(fb, "%s: Rummikub!" % g.names[w], 24, BLACK, 2, 2)
        totals, wins, _ = g.standings()
        left = rack_totals(g.racks, g.rules.joker_penalty)
        y = 64
        fb.text("player    tiles  left  round  total", 12, y, BLACK)
        fb.hline(8, y + 10, 384, BLACK)
        y += 14
        for p in range(g.n):
            row = "%-8s  %5d  %4d  %+5d  %+5d" % (g.names[p][:8], len(g.racks[p]),
                                                 left[p], g.round_rows[r][p], totals[p])
            if p == w:
                fb.fill_rect(8, y - 2, 384, 12, BLACK)
                fb.text(row, 12, y, WHITE)
            else:
                fb.text(row, 12, y, BLACK)
            y += 14
        y += 10
        fb.text("left on the racks (K1,2,3 = K1 K2 K3):", 12, y, BLACK)
        y += 14
        left_p = [p for p in range(g.n) if g.racks[p]]
        budget = (284 - y) // 10      # text lines down to the footer (>= 9)
        for i in range(len(left_p)):
            p = left_p[i]
            # the lines still free, shared by the racks still to list
            lines = fit_tiles(g.racks[p], 39, max(1, budget // (len(left_p) - i)))
            fb.text(g.names[p][:8], 12, y, BLACK)
            for ln in lines:
                fb.text(ln, 84, y, BLACK)
                y += 10
            budget -= len(lines)
        footer(fb, "A: %s" % ("final scores" if g.phase == MATCH_OVER else "next round"))

    def key(self, b, long):
        if b != buttons.A:
            return
        app = self.app
        g = app.match.game
        if g.phase == MATCH_OVER:
            app.goto("scoreboard")
            app.save_game()
        else:
            g.next_round()
            app.match.clear_review()
            app.match.last_human = -1
            app.advance()
