"""Learn to play: short lessons on the real play screen.

Each lesson is a prepared position (after the examples of the official
rule sheet) and one thing to do.  A on a lesson explains it, A again
deals it on the play screen: the player makes the move and ends the turn
(START), the engine judges it like any turn (a refusal says why and the
player fixes it), and back here the lesson checks the move did what was
asked.  Lessons done are kept in the settings ("lessons": their names);
any lesson can be played again.  A lesson match is never saved.
"""
from hal import buttons
from rummikub.game import Game, DID_PLAY, DID_DRAW, DID_FAIL
from rummikub.rules import Rules
from rummikub.tiles import parse_table, parse_tiles, full_set, remove_tile, fmt_tiles
from ui.screen import Base
from ui.gfx import BLACK, WHITE, message_box, wrap, box
from ui.layout import W, H
from ui.tiles_gfx import LEGEND_H
from ui.menu import draw_list, step, footer, FOOTER_Y

# One paragraph a lesson: a line `name;title;table;rack;melded;timer_s;need`
# (`need`: the rack tiles the move must play, "draw": the turn must draw),
# then its text; read one lesson at a time (the text stays in the module's
# constant, in flash when frozen).
_TABLE = """\
group;A group;;R7 B7 K7 Y2 B11 R1;1;0;R7 B7 K7
The goal: be the first to empty your rack, by putting its tiles on the
table in sets of 3 or more. A tile's colour is shown by its face (below;
R7 is a red 7). A group is 3 or 4 tiles of one number, each a different
colour, like R7 B7 K7. Press A on each seven (after a pick the cursor
moves on to the next tile that fits), then UP to the table's + and A: a
new set. START ends your turn.

run;A run, placed for you;;B3 B4 B5 K9 R12 Y1;1;0;B3 B4 B5
A run is 3 or more numbers in a row, one colour, like B3 B4 B5; 1 is
lowest, 13 highest, no 13-1. Let the console place them: pick B3 B4 B5
(A on each), then START: it shows where they go. A takes that way, START
takes it and ends your turn. (Hold A on a rack tile: picks it and asks
the same.)

jokers;Jokers;;R9 R11 J K2 B5;1;0;R9 J R11
A joker (the smiling face) stands for any tile a set is missing. Make
the run R9 J R11 (the joker is R10), then START.

meld;First meld: 30 points;R5 R6 R7;K10 K11 K12 R3 B3 Y3 R1;0;0;K10 K11 K12
Your first sets must come from your rack alone and their numbers must
add up to 30 or more (the table's sets cannot be used yet). K10 K11 K12
make 33: play them.

extend;Adding to sets;B4 B5 B6 | R8 K8 Y8;B3 B8 R1 K12;1;0;B3 B8
After your first meld you may add to the table's sets. B3 goes at the
start of the blue run, B8 into the group of eights: play both.

split;Splitting a run;R3 R4 R5 R6 R7 R8;R6 K1 B13;1;0;R6
Sets may be split. Split the red run after R5 (hold A on R6 of the
table), then put your R6 so that R3-R6 and R6-R8 are two runs.

swap;Taking from a group;R8 B8 K8 | K1 K2 K3;Y8 R6 R7 B12;1;0;Y8 R6 R7
Put Y8 into the group of eights; the group can then spare R8, which
makes a run with your R6 R7. All tiles must end in valid sets.

joker;Freeing a joker;R5 J R7 | B1 B2 B3;R6 K9 B9 Y4;1;0;R6 K9 B9
Put R6 where the joker stands: the joker is free and must be used at
once, with your own tiles: make K9 B9 J a new group.

draw;Drawing and the timer;R5 R6 R7;K1 B13 Y5 R11;1;30;draw
Nothing here fits, so you draw: START with nothing played asks, START
again draws a tile and ends your turn. The bar on top counts down 30
seconds: when it runs out, your turn is undone and you draw a tile.

assist;Let the console place;R5 R6 R7 | B9 K9 Y9;R8 Y11 R4 K2;1;0;R4 R8
Pick R4 and R8 (A on each), then START: the console shows where they
fit, changed sets framed. LEFT/RIGHT: other ways, A takes it, START
takes it and ends the turn.

score;Going out and scoring;K5 K6 K7 | B9 K9 Y9;K8 R9;1;0;K8 R9
Empty your rack and the round is yours: put K8 on the black run and R9
into the nines. Then everyone else scores minus the numbers left on
their rack (a joker counts 30) and you score plus all of them. A match
is several rounds: the highest total wins."""
COUNT = _TABLE.count("\n\n") + 1


def _span(i):
    """Lesson i in _TABLE: (its start, the end of its field line, its end)."""
    at = 0
    for _ in range(i):
        at = _TABLE.index("\n\n", at) + 2
    end = _TABLE.find("\n\n", at)
    return at, _TABLE.index("\n", at), len(_TABLE) if end < 0 else end


def lesson(i):
    """Lesson i's fields: (name, title, table, rack, melded, timer_s, need)."""
    at, nl, _ = _span(i)
    f = _TABLE[at:nl].split(";")
    return f[0], f[1], f[2], f[3], int(f[4]), int(f[5]), f[6]


def text(i):
    """Lesson i's page, one paragraph."""
    _, nl, end = _span(i)
    return _TABLE[nl + 1:end].replace("\n", " ")


def beside(fb, i, w):
    """Lesson i's page in a box w wide at the screen's left (the play
    screen shows it beside its turn menu during the lesson)."""
    rows = wrap("%s. %s" % (lesson(i)[1], text(i)), (w - 8) // 8)
    box(fb, 4, 14, w, len(rows) * 10 + 22, "Lesson %d" % (i + 1))
    y = 32
    for ln in rows:
        fb.text(ln, 8, y, BLACK)
        y += 10


def deal(i):
    """The Game of lesson i: its table and rack, the pool the rest."""
    _, _, table, rack, melded, timer, _ = lesson(i)
    g = Game(Rules(timer_s=timer), 2, 1 + i, 1, ["You", "Tutor"])
    g.table = parse_table(table, 4)
    g.racks = [parse_tiles(rack, 4)]
    pool = full_set(4, 2, 2)
    for s in g.table + g.racks:
        for t in s:
            remove_tile(pool, t)
    g.racks.append(pool[-14:])         # the tutor's rack: never plays
    g.pool = pool[:-14]
    g.melded = bytearray([melded, 1])
    g.current = 0
    g.turn_no = 1
    return g


def judge(i, g):
    """(done, what to say) after lesson i's turn in game g."""
    need = lesson(i)[6]
    kind, who, tiles = g.last if g.last else (0, 0, b"")
    if need == "draw":
        if kind == DID_DRAW:
            return True, "Right: no play, so you draw a tile."
        if kind == DID_FAIL:
            return True, "Time ran out: the turn was undone and a tile drawn."
        return False, "This time, draw: START, then START again."
    if kind != DID_PLAY:
        return False, "You drew instead of playing. Try again."
    played = bytearray(tiles)
    for t in parse_tiles(need, 4):
        if not remove_tile(played, t):
            return False, "A valid turn, but %s was to be played. Try again." % fmt_tiles(
                parse_tiles(need, 4))
    return True, "Well done: that is the move."


class Screen(Base):
    name = "lessons"

    def __init__(self, app, state=None):
        super().__init__(app)
        self.cur = 0
        self.top = 0
        self.intro = False
        self.said = ""
        if state and "judge" in state:      # back from a lesson's turn
            self.cur = state["judge"]
            done, self.said = judge(self.cur, state["game"])
            if done:
                got = self.done()
                name = lesson(self.cur)[0]
                if name not in got:
                    app.settings["lessons"] = got + [name]
                    app.save_settings()

    def done(self):
        return list(self.app.settings.get("lessons") or [])

    def draw(self, fb):
        fb.fill_rect(0, 0, W, 14, BLACK)
        got = self.done()
        rows = [lesson(i) for i in range(COUNT)]
        marks = ["done" if l[0] in got else "" for l in rows]
        fb.text("Learn to play  (%d of %d done)" % (COUNT - marks.count(""), COUNT), 4, 3, WHITE)
        items = ["%d. %s" % (i + 1, rows[i][1]) for i in range(COUNT)]
        self.top = draw_list(fb, items, self.cur, 4, 24, 392, len(items), self.top, marks)
        if self.intro:
            self._intro(fb)
        elif self.said:
            message_box(fb, self.said, y=170)
            footer(fb, "A: play a lesson  B: back to the title")
        else:
            footer(fb, "UP/DOWN choose  A: open  B: back")

    def _intro(self, fb):
        """The lesson's page: its text, the colour legend, the keys."""
        from ui.tiles_gfx import legend
        fb.fill_rect(0, 14, W, H - 14, WHITE)
        fb.fill_rect(0, 0, W, 14, BLACK)
        fb.text("%d. %s" % (self.cur + 1, lesson(self.cur)[1]), 4, 3, WHITE)
        y = 20
        for ln in wrap(text(self.cur), (W - 8) // 8):
            fb.text(ln, 4, y, BLACK)
            y += 10
        legend(fb, 8, FOOTER_Y - LEGEND_H, 4)
        footer(fb, "A: deal the lesson  B: back")

    def key(self, b, long):
        app = self.app
        if self.intro:
            if b == buttons.A or b == buttons.START:
                self.start()
                return
            self.intro = False
        elif b == buttons.UP or b == buttons.DOWN:
            self.cur = step(self.cur, COUNT, -1 if b == buttons.UP else 1)
            self.said = ""
        elif b == buttons.A or b == buttons.START:
            self.intro = True
            self.said = ""
        elif b == buttons.B:
            app.goto("title")
            return
        app.redraw()

    def start(self):
        from ui.match import Match
        app = self.app
        m = Match(deal(self.cur), ["human", "easy"])
        m.lesson = self.cur
        app.start_match(m)
        app.goto("play")
