"""Tabs of one browser at one table: each tab of the page is a console
with its own saves (a Web Lock per console), and the tabs' workers are
linked over a BroadcastChannel (hal.weblink), the link/ protocol running
as on the radio.  One browser, two tabs: the first hosts a table, the
second joins it with the pairing code read off the host's glass, and
they play the match to its end.  Checked on each glass: the code, the
lobby seeing the join, the other's moves as they come, the rack staying
private (the other's draw is a count, never the tile); in each tab's own
storage: the match logged once, and the joined console holding no tile
of the host's rack."""
import base64
import os
import tempfile
import time

from conftest import Page

# the title's items on a console with no saves (ui.screens.title)
TITLE = ["setup", "history", "settings", "lessons", "gin_setup", "table_lobby", "table_join",
         "sync"]
KEYS = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
        "a": "z", "b": "x", "start": " "}


def blank():
    from hal.pyframebuf import FrameBuffer, MONO_HLSB
    buf = bytearray(b"\xff" * (50 * 300))
    return buf, FrameBuffer(buf, 400, 300, MONO_HLSB)


def box_bits(buf, x, y, w, h):
    return [tuple((buf[r * 50 + (c >> 3)] >> (7 - (c & 7))) & 1 for c in range(x, x + w))
            for r in range(y, y + h)]


def read_code(glass):
    """The pairing code in the lobby's large digits (ui.table.table_lobby
    draws it with ui.gfx.scaled_text at 3 x 4): each digit matched against
    the firmware's own drawing of 0-9 at its place."""
    from ui.gfx import BLACK, scaled_text, text_width
    x0 = (400 - text_width(" ".join("000000"), 3)) // 2
    code = ""
    for pos in range(6):
        x = x0 + pos * 48
        got = box_bits(glass, x, 38, 24, 32)
        match = []
        for d in "0123456789":
            buf, fb = blank()
            scaled_text(fb, d, x, 38, 3, 4, BLACK)
            if box_bits(buf, x, 38, 24, 32) == got:
                match.append(d)
        assert len(match) == 1, (pos, match)
        code += match[0]
    return code


def find_text(glass, text):
    """Where the glass shows `text` in the screen's 8 x 8 font (hal.font;
    black on white, or white on black as a chosen line is): (x, y) or
    None."""
    from hal import font
    from hal.pyframebuf import FrameBuffer, MONO_HLSB
    w = 8 * len(text)
    tb = bytearray(b"\xff" * (w // 8 * 8))
    fb = FrameBuffer(tb, w, 8, MONO_HLSB)
    font.text(fb, text, 0, 0, 0)
    trows = [int.from_bytes(tb[r * w // 8:(r + 1) * w // 8], "big") for r in range(8)]
    grows = [int.from_bytes(glass[r * 50:(r + 1) * 50], "big") for r in range(300)]
    mask = (1 << w) - 1
    for y in range(300 - 8):
        for x in range(400 - w + 1):
            s = 400 - x - w
            if all((grows[y + r] >> s) & mask == trows[r] for r in range(8)) or \
                    all((grows[y + r] >> s) & mask == trows[r] ^ mask for r in range(8)):
                return x, y
    return None


def wait_text(tab, text, timeout=10):
    t0 = time.monotonic()
    while not find_text(shown(tab), text):
        assert time.monotonic() - t0 < timeout, "%r never on the glass" % text
        tab.page.wait_for_timeout(200)


def press(tab, name, times=1):
    for _ in range(times):
        tab.key(KEYS[name])


def title_to(tab, act):
    press(tab, "down", TITLE.index(act))
    press(tab, "a")
    tab.wait_screen(act)


def enter_code(tab, code):
    """UP/DOWN change the digit under the cursor (0-9, round), RIGHT moves on."""
    for d in map(int, code):
        press(tab, "up" if d <= 5 else "down", d if d <= 5 else 10 - d)
        press(tab, "right")


def shown(tab):
    """Wait until every frame the worker sent is on the glass; the glass."""
    tab.page.wait_for_function("window.prk.shown === window.prk.frames", timeout=10000)
    return tab.glass()


def stored(tab):
    """This tab's console's saved files (its own IndexedDB), name -> bytes."""
    files = tab.page.evaluate("""async () => {
        const f = await window.prk.store.all(), out = {};
        for (const [k, v] of Object.entries(f)) {
            let s = '';
            for (const b of v) s += String.fromCharCode(b);
            out[k] = btoa(s);
        }
        return out;
    }""")
    return {k: base64.b64decode(v) for k, v in files.items()}


def match_records(files):
    """The score log's round and match records, by match id."""
    from sync import protocol as P
    from sync.matchid import get
    from sync.scorelog import LOG_PATH, ScoreLog
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, LOG_PATH), "wb") as f:
            f.write(files[LOG_PATH])
        out = {}
        for kind, _seq, payload in ScoreLog(os.path.join(d, LOG_PATH)).records():
            if kind in (P.ROUND2, P.MATCH2):
                mid = get(payload, True)[0]
                out.setdefault(mid, []).append("round" if kind == P.ROUND2 else "match")
        return out


def storage_of(files, folder):
    """A console's saved files as hal.storage reads them on a board."""
    from hal.storage import Storage
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    return Storage(folder)


def tabs(browser, site):
    ctx = browser.new_context(viewport={"width": 900, "height": 900})
    host = Page(browser, site, ctx=ctx)
    host.open()
    guest = Page(browser, site, ctx=ctx)
    guest.open()
    return ctx, host, guest


def test_two_tabs_host_join_and_play_rummikub_to_the_end(browser, site):
    ctx, host, guest = tabs(browser, site)
    try:
        # each tab a console of its own
        assert host.page.evaluate("window.prk.console") == 1
        assert guest.page.evaluate("window.prk.console") == 2
        assert "Console 2." in guest.page.inner_text("#storage")

        title_to(host, "table_lobby")
        code = read_code(shown(host))
        assert find_text(shown(host), "Waiting for 1 console")
        title_to(guest, "table_join")
        wait_text(guest, "Ann's table")         # the host's, in range
        enter_code(guest, code)
        press(guest, "a")
        wait_text(guest, "You are in (seat 2). Waiting for Ann to start")
        wait_text(host, "Everyone is in")
        press(host, "down", 5)                  # Game, Players, Rounds, Seat 1, Seat 2, Start
        press(host, "a")
        for tab in (host, guest):
            tab.page.wait_for_function(
                "['play', 'table_wait'].includes(window.prk.status.split(' ')[0])", timeout=10000)

        # the match: whoever is on turn draws (START, START) until the pool
        # is out and both have passed; the other glass shows each move
        t0 = time.monotonic()
        turns = 0
        reach = []      # s from a move's key on its tab to the other tab having it
        while host.status()[0] != "result":
            assert time.monotonic() - t0 < 300, (host.status(), guest.status())
            on = [t for t in (host, guest) if t.status()[0] == "play"]
            if not on:
                host.page.wait_for_timeout(50)
                continue
            me, other = on[0], guest if on[0] is host else host
            assert other.status()[0] == "table_wait", other.status()
            turn = me.status()[1]
            press(me, "start")                  # "Nothing played. START: draw a tile"
            t1 = time.monotonic()
            me.page.keyboard.press(KEYS["start"])
            # the other tab has the move (the last pass ends the match: no
            # turn follows, the host's result screen opens)
            while other.status()[1] <= turn and host.status()[0] != "result":
                assert time.monotonic() - t1 < 10, ("the move never reached the other tab",
                                                    turns, me.status(), other.status())
                other.page.wait_for_timeout(5)
            reach.append(time.monotonic() - t1)
            turns += 1
            if turns in (3, 4):     # the other glass: the move as it came, the tile unsaid
                other.page.wait_for_function("window.prk.status.startsWith('play')", timeout=10000)
                wait_text(other, "Ben drew 1" if me is guest else "Ann drew 1 tile")
        assert turns >= 78, turns               # the pool of 78 drawn, then two passes
        reach.sort()
        print("tabs: %d turns in %.0f s; a move on the other tab after %.0f ms median, "
              "%.0f ms p95, %.0f ms most" % (turns, time.monotonic() - t0, 1000 * reach[len(reach) // 2],
                                             1000 * reach[len(reach) * 95 // 100], 1000 * reach[-1]))
        guest.page.wait_for_function("window.prk.status.split(' ')[1] === '%d'" % host.status()[1],
                                     timeout=10000)
        assert guest.status()[0] == "table_wait"
        wait_text(guest, "B: to the title")
        wait_text(guest, "Match over: Ann ")

        # what each console holds: the host the game, the joined console
        # its own rack and only a count of the host's
        host.page.wait_for_timeout(300)         # the last writes reach storage
        files = [stored(t) for t in (host, guest)]
        import json
        from link.messages import read_view
        from link.save import GUEST, load_host
        with tempfile.TemporaryDirectory() as d0, tempfile.TemporaryDirectory() as d1:
            game = load_host(storage_of(files[0], d0))[0]
            view = read_view(bytes.fromhex(json.loads(storage_of(files[1], d1).load(GUEST))["view"]))
        assert game.names == ["Ann", "Ben"]
        assert list(view.racks) == [1] and sorted(view.racks[1]) == sorted(game.racks[1])
        assert view.counts[0] == len(game.racks[0]) > 0

        # each console's own log: the match once (its round and its record)
        logs = [match_records(f) for f in files]
        assert list(logs[0].values()) == [["round", "match"]], logs[0]
        assert logs[1] == logs[0], logs
        assert host.errors() == [] and guest.errors() == []
    finally:
        ctx.close()
