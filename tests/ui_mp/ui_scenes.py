"""The key screens in fixed states, for golden images and the comparison
of MicroPython's framebuf with CPython's stand-in.

Runs on both runtimes: `micropython ui_scenes.py DIR` prints one line per
scene, `name crc32`; CPython imports render_all() and compares.
"""
import sys
from binascii import crc32

from rummikub.game import Game, MATCH_OVER
from rummikub.rules import Rules
from rummikub.tiles import parse_table, parse_tiles, full_set, remove_tile
from ui.app import App
from ui.match import Match
from ui.layout import TABLE, RACK
from ui_hal import TestHal, mkdir

NAMES = ["Ann", "Ben", "Cai", "Dee", "Eve", "Fay"]


def rig(g, table, racks, melded=None, current=0):
    """Put a chosen position into a Game; the pool gets every other tile."""
    ncol = g.rules.ncolours
    g.table = parse_table(table, ncol)
    g.racks = [parse_tiles(r, ncol) for r in racks]
    pool = full_set(ncol, g.rules.copies, g.rules.jokers)
    for s in g.table + g.racks:
        for t in s:
            assert remove_tile(pool, t), t
    g.pool = pool
    g.melded = bytearray(melded or [1] * g.n)
    g.current = current
    return g


TABLE_TEXT = "R6 R7 R8 R9 R10 | K5 B5 Y5 | B1 B2 J B4 | K11 K12 K13 | Y3 R3 B3 K3"
RACKS = ["R11 B9 K7 Y12 R4 J B13 K1 Y8 R2 K9 B6 Y1", "K2 K4 B7 B8 Y2 Y4 Y6 R1 R5 R12 B10 B11 K6 K8"]


def game2(timer=60, current=0):
    g = Game(Rules(timer_s=timer), 2, 7, 2, NAMES[:2])
    return rig(g, TABLE_TEXT, RACKS, current=current)


def opened(root, *screens, hal=None):
    """An app on a test hal in `root` at the first of `screens`, the
    others pushed on it in turn (gin_scenes uses it too)."""
    app = App(hal or TestHal(root))
    app.goto(screens[0])
    for name in screens[1:]:
        app.push(name)
    return app


def started(root, match, screen, **kw):
    """An app in `root` playing `match` (a Rummikub or Gin match), at `screen`."""
    app = App(TestHal(root))
    app.start_match(match)
    app.goto(screen, **kw)
    return app


def app_with(root, g, seats, screen, **kw):
    return started(root, Match(g, seats, 1), screen, **kw)


def s_title(root):
    return opened(root, "title")


def s_setup(root):
    return opened(root, "title", "setup")


def s_play(root):
    app = app_with(root, game2(), ["human", "hard"], "play")
    ed = app.screen.ed
    ed.cur = (RACK, 0, list(ed.rack).index(parse_tiles("R11")[0]))
    ed.press_a()                  # R11 picked
    ed.cur = (TABLE, 0, 5)        # the end slot of R6-R10
    return app


def s_propose(root):
    """Assisted placement: hold A on R11: the best way, framed."""
    app = app_with(root, game2(0), ["human", "hard"], "play")
    ed = app.screen.ed
    ed.cur = (RACK, 0, list(ed.rack).index(parse_tiles("R11")[0]))
    app.screen.key(4, True)       # hold A on it
    return app


def s_big_rack(root):
    """A 50-tile rack late in a round (4 players): rows scroll, the markers
    stand clear of the tiles; a picked tile, the cursor elsewhere and the
    tile drawn last turn."""
    rack = " ".join(["%s%d" % (c, n) for c in "KBRY" for n in range(1, 13)]) + " J J"
    g = Game(Rules(timer_s=0), 4, 7, 1, NAMES[:4])
    rig(g, "K13 B13 R13 | Y11 Y12 Y13", [rack, "B13", "R13", "Y13"], current=0)
    app = app_with(root, g, ["human", "hard", "hard", "hard"], "play")
    app.match.drawn[0] = bytes(parse_tiles("B7"))
    app.goto("play")
    ed = app.screen.ed
    ed.cur = (RACK, 0, 2)
    ed.press_a()                  # K3 picked, the cursor moves on to K4
    ed.move(0, 1)                 # down a rack row: rows 3 and 4 stay below
    return app


def s_review(root):
    """Ben's move: K8 K9 from his rack; the group spared B3 for the blue
    run, whose joker went to Ben's K8 K9."""
    from ui.turn_sets import pack
    g = game2()
    before = [bytearray(s) for s in g.table]
    g.table = parse_table("R6 R7 R8 R9 R10 | K5 B5 Y5 | B1 B2 B3 B4 | K11 K12 K13 | "
                          "Y3 R3 K3 | K8 K9 J", 4)
    app = App(TestHal(root))
    app.start_match(Match(g, ["human", "hard"], 1))
    app.match.review = ["Ben played 2 tiles"]
    app.match.tables = [(1, pack(b"", b"", g.table, (0, 0, 0)))]
    app.match.review_before = before
    app.goto("play")
    return app


def s_refused(root):
    app = app_with(root, game2(), ["human", "hard"], "play")
    ed = app.screen.ed
    for p in (0, 1):
        ed.cur = (RACK, 0, p)
        ed.press_a()
    ed.cur = (TABLE, len(ed.table), 0)
    ed.press_a()                  # a two-tile "set": R11 B9
    app.screen.key(6, False)      # START: the engine refuses
    return app


def s_menu(root):
    app = app_with(root, game2(0), ["human", "hard"], "play")
    app.screen.key(6, True)       # hold START
    return app


def s_help(root):
    app = app_with(root, game2(0), ["human", "hard"], "play")
    app.screen.mode = 5             # the turn menu's "Help: keys"
    return app


def s_full(root):
    runs = " | ".join(["%s1 %s2 %s3 %s4 %s5 %s6 %s7 %s8 %s9 %s10 %s11 %s12 %s13"
                       % ((c,) * 13) for c in "KBRY"])
    groups = " | ".join(["K%d B%d R%d Y%d" % (n, n, n, n) for n in range(1, 14)])
    g = Game(Rules(timer_s=0), 2, 3, 1, NAMES[:2])
    rig(g, runs + " | " + groups, ["J", "J"])
    app = app_with(root, g, ["human", "hard"], "play")
    ed = app.screen.ed
    for _ in range(7):
        ed.move(0, 1)             # down through the table: it scrolls
    return app


def s_xp(root):
    g = Game(Rules(tile_set="xp", timer_s=0), 6, 5, 1, NAMES)
    rig(g, "G4 G5 G6 | P9 P10 P11 | G7 P7 K7 R7", ["G1 G2 G3 P1 P2 P3 G12 P12 J Y4 B5 R6 K8",
                                                  "G9", "P4", "K2", "B2", "R2"], current=0)
    app = app_with(root, g, ["human", "easy", "medium", "hard", "easy", "human"], "play")
    return app


def s_watch(root):
    g = game2(current=1)
    before = [bytearray(s) for s in g.table]
    g.table[3] = parse_tiles("K10 K11 K12 K13")
    g.racks[0] = parse_tiles("R11 B9 Y12 R4 J B13 K1 Y8 R2 K9 B6 Y1")
    app = App(TestHal(root))
    app.start_match(Match(g, ["hard", "medium"], 1))
    app.match.review = ["Round 1: Ann starts", "Ann played K10 (1 tile)"]
    app.match.review_before = before
    app.goto("watch")
    return app


def s_privacy(root):
    g = game2(current=1)
    return app_with(root, g, ["human", "human"], "privacy")


def _finish_round(g, winner):
    g._end_round(winner, False)


def s_result(root):
    g = game2()
    g.racks[0] = bytearray()
    _finish_round(g, 0)
    return app_with(root, g, ["human", "hard"], "result")


def s_scoreboard(root):
    g = Game(Rules(), 4, 11, 4, NAMES[:4])
    g.round_rows = [[24, -5, -16, -3], [-6, -11, 22, -5], [-32, -13, -2, 47], [-10, -25, 41, -6]]
    g.round_winners = [0, 2, 3, 2]
    g.round_exhausted = [False] * 4
    g.round_no = 4
    g.phase = MATCH_OVER
    return app_with(root, g, ["human", "easy", "medium", "hard"], "scoreboard")


def s_history(root):
    """The newest of two logged matches: a date (the host's clock at UTC+1),
    every seat's level, two changed rules; the older one has no date."""
    from hal.clock import set_time
    from sync import matchid
    from sync.gamelog import log_match
    from sync.scorelog import LOG_PATH, ScoreLog
    g = Game(Rules(initial_meld=50, timer_s=0), 4, 11, 4, NAMES[:4])
    g.round_rows = [[24, -5, -16, -3], [-6, -11, 22, -5], [-32, -13, -2, 47], [-10, -25, 41, -6]]
    g.round_winners = [0, 2, 3, 2]
    mkdir(root)
    hal = TestHal(root)
    set_time(hal, 1795836658, 60)
    log = ScoreLog(root + "/" + LOG_PATH)
    log_match(log, g, matchid.reserve(log))
    log_match(log, g, matchid.reserve(log), 1795836658, ["human", "easy", "expert", "human"])
    return opened(root, "title", "history", hal=hal)


def s_settings(root):
    return opened(root, "title", "settings")


SCENES = (("title", s_title), ("setup", s_setup), ("play", s_play),
          ("propose", s_propose), ("big_rack", s_big_rack),
          ("review", s_review), ("refused", s_refused), ("menu", s_menu), ("help", s_help),
          ("full_table", s_full), ("xp6", s_xp), ("privacy", s_privacy), ("watch", s_watch),
          ("result", s_result), ("scoreboard", s_scoreboard), ("history", s_history),
          ("settings", s_settings))


def render(name, fn, root):
    d = root + "/" + name
    app = fn(d)
    app.render()
    return bytes(app.fb.buf)


def render_all(root, scenes=SCENES):
    mkdir(root)
    return [(name, render(name, fn, root)) for name, fn in scenes]


def print_crcs(render_all, root):
    """`name crc32` of every scene, the lines the CPython side compares;
    rendered into the folder the command line names, else `root`."""
    for name, buf in render_all(sys.argv[1] if len(sys.argv) > 1 else root):
        print(name, crc32(buf) & 0xFFFFFFFF)


if __name__ == "__main__":
    print_crcs(render_all, "/tmp/ui_scenes")
