"""Tabs of one browser at one table: each tab of the page is a console
with its own saves (a Web Lock per console), and the tabs' workers are
linked over a BroadcastChannel (hal.weblink), the link/ protocol running
as on the radio.  One browser, two tabs: the first hosts a table, the
second joins it with the pairing code read off the host's glass; they
play Rummikub for a few turns, then a whole Gin Rummy game (to 50, the
host's shortest).  Checked on each glass: the code, the lobby seeing the
join, the other's moves as they come, the other's hand never shown (a
draw is a count); in each tab's own storage: the game logged once, every
hand and the game's record, and the joined console holding only its own
rack or hand.
"""
import base64
import os
import tempfile
import time

from conftest import Page

KEYS = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
        "a": "z", "b": "x", "start": " "}


def blank():
    from hal.pyframebuf import FrameBuffer, MONO_HLSB
    buf = bytearray(b"\xff" * (50 * 300))
    return buf, FrameBuffer(buf, 400, 300, MONO_HLSB)


def box_bits(buf, x, y, w, h):
    return [tuple((buf[r * 50 + (c >> 3)] >> (7 - (c & 7))) & 1 for c in range(x, x + w))
            for r in range(y, y + h)]


LOBBY_CODE_Y = 38      # where ui.table.table_lobby draws the code
JOIN_CODE_Y = 168      # and ui.table.table_join the code being entered


def read_code(glass, y=LOBBY_CODE_Y):
    """The pairing code in large digits (the lobby and the join screen
    draw it with ui.gfx.scaled_text at 3 x 4): each digit matched against
    the firmware's own drawing of 0-9 at its place."""
    from ui.gfx import BLACK, scaled_text, text_width
    x0 = (400 - text_width(" ".join("000000"), 3)) // 2
    code = ""
    for pos in range(6):
        x = x0 + pos * 48
        got = box_bits(glass, x, y, 24, 32)
        match = []
        for d in "0123456789":
            buf, fb = blank()
            scaled_text(fb, d, x, y, 3, 4, BLACK)
            if box_bits(buf, x, y, 24, 32) == got:
                match.append(d)
        assert len(match) == 1, (pos, match)
        code += match[0]
    return code


def find_text(glass, text, rows=(0, 300), chosen=None):
    """Where the glass shows `text` in the screen's 8 x 8 font (hal.font;
    black on white, or white on black as a chosen line is: chosen=True
    only that, False only the other): (x, y) or None."""
    from hal import font
    from hal.pyframebuf import FrameBuffer, MONO_HLSB
    w = 8 * len(text)
    tb = bytearray(b"\xff" * (w // 8 * 8))
    fb = FrameBuffer(tb, w, 8, MONO_HLSB)
    font.text(fb, text, 0, 0, 0)
    trows = [int.from_bytes(tb[r * w // 8:(r + 1) * w // 8], "big") for r in range(8)]
    grows = [int.from_bytes(glass[r * 50:(r + 1) * 50], "big") for r in range(300)]
    mask = (1 << w) - 1
    for y in range(rows[0], min(rows[1], 300) - 8 + 1):
        for x in range(400 - w + 1):
            s = 400 - x - w
            if (chosen is not True and
                    all((grows[y + r] >> s) & mask == trows[r] for r in range(8))) or \
                    (chosen is not False and
                     all((grows[y + r] >> s) & mask == trows[r] ^ mask for r in range(8))):
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


def choose(tab, label, key="down", most=12):
    """Move the cursor (key) until the chosen line reads `label`.  By the
    glass, not by counting presses: on a loaded machine a worker step can
    outlast the D-pad's repeat delay (an extra step) or a tap come while
    the last one's release is pending."""
    for _ in range(most):
        if find_text(shown(tab), label, chosen=True):
            return
        press(tab, key)
    raise AssertionError("%r never chosen" % label)


def title_to(tab, label, act):
    choose(tab, label)
    press(tab, "a")
    tab.wait_screen(act)


def enter_code(tab, code):
    """UP/DOWN change the digit under the cursor (0-9, round), RIGHT moves
    on; each digit and the cursor checked on the glass."""
    from ui.gfx import text_width
    x0 = (400 - text_width(" ".join(code), 3)) // 2
    for pos in range(6):
        for _ in range(20):
            glass = shown(tab)
            under = [i for i in range(6)
                     if set(sum(box_bits(glass, x0 + i * 48, JOIN_CODE_Y + 36, 24, 4), ())) == {0}]
            assert len(under) == 1, under
            if under[0] != pos:
                press(tab, "right" if under[0] < pos else "left")
                continue
            d = int(read_code(glass, JOIN_CODE_Y)[pos])
            want = int(code[pos])
            if d == want:
                break
            press(tab, "up" if (want - d) % 10 <= 5 else "down")
        else:
            raise AssertionError("digit %d never entered" % pos)


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


def held(host, guest):
    """What the two consoles keep (link.save): (their files, the host's
    game and link state, the joined console's newest view)."""
    import json
    from link.guest import read_view
    from link.save import GUEST, load_host
    host.page.wait_for_timeout(300)         # the last writes reach storage
    files = [stored(t) for t in (host, guest)]
    with tempfile.TemporaryDirectory() as d0, tempfile.TemporaryDirectory() as d1:
        game, st, _ = load_host(storage_of(files[0], d0))
        view = read_view(bytes.fromhex(json.loads(storage_of(files[1], d1).load(GUEST))["view"]))
    return files, game, st, view


def close(ctx, host, guest):
    """The tabs' context closed; a tab's console errors printed first."""
    for t in (host, guest):
        if t.errors():
            print("console %s: %s" % (t.page.evaluate("window.prk.console"), t.errors()))
    ctx.close()


def tabs(browser, site):
    ctx = browser.new_context(viewport={"width": 900, "height": 900})
    host = Page(browser, site, ctx=ctx)
    host.open()
    guest = Page(browser, site, ctx=ctx)
    guest.open()
    return ctx, host, guest


def seat(host, guest, gin=False):
    """The host's tab hosts a table (Gin Rummy to 50: its shortest game),
    the guest's joins it with the code read off the host's glass, the
    host starts."""
    # each tab a console of its own
    assert host.page.evaluate("window.prk.console") == 1
    assert guest.page.evaluate("window.prk.console") == 2
    assert "Console 2." in guest.page.inner_text("#storage")
    title_to(host, "Host a table", "table_lobby")
    if gin:                             # the lobby's rows: Game, Players, Game to, ...
        choose(host, "Game")
        press(host, "right")
        assert find_text(shown(host), "Gin Rummy", chosen=True)
        choose(host, "Game to")
        for _ in range(5):              # a game to 50, not 100
            at = find_text(shown(host), "Game to", chosen=True)
            if find_text(shown(host), "50", (at[1], at[1] + 8), chosen=True):
                break
            press(host, "left")
        else:
            raise AssertionError("the game's target never 50")
    code = read_code(shown(host))
    assert find_text(shown(host), "Waiting for 1 console")
    title_to(guest, "Join a table", "table_join")
    wait_text(guest, "Ann's table")     # the host's, in range
    enter_code(guest, code)
    press(guest, "a")
    wait_text(guest, "You are in (seat 2). Waiting for Ann to start")
    wait_text(host, "Everyone is in")
    choose(host, "Start the game")
    press(host, "a")


def test_two_tabs_at_a_rummikub_table(browser, site):
    """Rummikub across tabs: each glass shows the other's moves as they
    come, the drawn tile never said; each console keeps its own saves, the
    joined one its own rack and only a count of the host's.  (Played to
    its end across tabs it takes a minute: the Gin test below plays its
    game to the end and checks the score logs.)"""
    ctx, host, guest = tabs(browser, site)
    try:
        seat(host, guest)
        for tab in (host, guest):
            tab.page.wait_for_function(
                "['play', 'table_wait'].includes(window.prk.status.split(' ')[0])", timeout=10000)
        for turn in range(4):                   # whoever is on turn draws (START, START)
            t0 = time.monotonic()
            while not [t for t in (host, guest) if t.status()[0] == "play"]:
                assert time.monotonic() - t0 < 10, (host.status(), guest.status())
                host.page.wait_for_timeout(20)
            me = [t for t in (host, guest) if t.status()[0] == "play"][0]
            other = guest if me is host else host
            assert other.status()[0] == "table_wait", other.status()
            counter = me.status()[1]
            for _ in range(4):      # START: "Nothing played. START: draw a tile"; START draws
                press(me, "start")
                if me.status()[1] > counter:
                    break
            other.page.wait_for_function("+window.prk.status.split(' ')[1] > %d" % counter,
                                         timeout=10000)
            if turn >= 2:           # the other glass: the move as it came, the tile unsaid
                other.page.wait_for_function("window.prk.status.startsWith('play')",
                                             timeout=10000)
                wait_text(other, "Ben drew 1" if me is guest else "Ann drew 1 tile")

        # what each console holds: the host the game, the joined console
        # its own rack and only a count of the host's
        files, game, _, view = held(host, guest)
        assert "linkhost" in files[0] and "linkhost" not in files[1]
        assert "linkguest" in files[1] and "linkguest" not in files[0]
        assert game.names == ["Ann", "Ben"] and game.turn_no == view.turn_no == 4
        assert list(view.racks) == [1] and sorted(view.racks[1]) == sorted(game.racks[1])
        assert view.counts[0] == len(game.racks[0]) == 16
        assert host.errors() == [] and guest.errors() == []
    finally:
        close(ctx, host, guest)


GIN_ACTS = ("gin_play", "gin_pass", "gin_hand")     # a person acts on these
FOOT = (288, 300)                                   # the footer's text (ui.menu.FOOTER_Y)
NEWS = (30, 50)                                     # gin_play's line of the other's moves


def tap(tab, name):
    """A key's tap, not waited on (the caller waits for what it does); the
    page holds a key down for 80 ms, so taps on one tab come 100 ms apart."""
    left = getattr(tab, "tapped", 0) + 0.1 - time.monotonic()
    if left > 0:
        time.sleep(left)
    tab.page.keyboard.press(KEYS[name])
    tab.tapped = time.monotonic()


def gin_act(tab, glass):
    """What a plain player does, by what the footer says the keys do: take
    the first up-card (A; never B, whose long press quits the game: on a
    loaded machine a worker slower than the page's 80 ms tap can see a
    tap held that long), draw from the stock, knock when offered, else
    discard the lifted card (the highest deadwood); A on a hand's result."""
    if tab.status()[0] != "gin_play" or find_text(glass, "B: pass", FOOT):
        tap(tab, "a")
    elif find_text(glass, "START: knock", FOOT) or find_text(glass, "START: draw", FOOT):
        tap(tab, "start")
    else:
        assert find_text(glass, "A: discard it", FOOT), "gin_play's footer unread"
        tap(tab, "a")


def settled(host, guest, before, timeout=3):
    """After an action: s until a tab's screen or count moved and both
    tabs count the same actions (the other glass has the move), or one
    still shows a hand's result (its game moves on when its person leaves
    it); None if nothing moved (the tap was lost: the caller looks again)."""
    t0 = time.monotonic()
    while True:
        now = (host.status(), guest.status())
        if now != before and (now[0][1] == now[1][1] or "gin_hand" in (now[0][0], now[1][0])):
            return time.monotonic() - t0
        if time.monotonic() - t0 > timeout:
            return None
        host.page.wait_for_timeout(5)


def test_two_tabs_play_a_gin_game_to_the_end(browser, site):
    """Issue 35's check: a Gin game across two tabs, to its end."""
    ctx, host, guest = tabs(browser, site)
    try:
        seat(host, guest, gin=True)
        for tab in (host, guest):
            tab.page.wait_for_function(
                "window.prk.status.startsWith('gin_')", timeout=10000)
        names = {id(host): "Ann", id(guest): "Ben"}
        read = {id(host): 0, id(guest): 0}      # the other's moves read on this glass
        private = 0
        actions = 0
        reach = []      # s from an action's tap to both tabs having it
        lost = 0        # taps that did nothing (looked at again)
        t0 = time.monotonic()
        while not all(t.status()[0] == "gin_over" for t in (host, guest)):
            assert time.monotonic() - t0 < 600, (host.status(), guest.status())
            on = [t for t in (host, guest) if t.status()[0] in GIN_ACTS]
            if not on:
                host.page.wait_for_timeout(20)
                continue
            tab = on[0]
            other = guest if tab is host else host
            glass = shown(tab)
            if tab.status()[0] == "gin_play":
                assert other.status()[0] in ("gin_wait", "gin_hand", "gin_over"), other.status()
                # what the other did since this person's last action
                who = names[id(other)]
                if read[id(tab)] < 3 and any(   # three will do (the search costs 40 ms)
                        find_text(glass, who + " " + did, NEWS) for did in
                        ("drew from the stock", "took the", "passed the", "discarded the")):
                    read[id(tab)] += 1
                if tab is guest and find_text(glass, "START: draw", FOOT) and private < 2:
                    private += hands_private(host, guest)
            before = (host.status(), guest.status())
            gin_act(tab, glass)
            took = settled(host, guest, before)
            if took is None:
                lost += 1
                assert lost <= 10, ("the tabs stopped", before, host.status(), guest.status())
                continue
            reach.append(took)
            actions += 1
        reach.sort()
        hands = host.status()[1] // 1000
        print("gin tabs: %d hands, %d key actions in %.0f s (%d taps again); both tabs have an "
              "action after %.0f ms median, %.0f ms p95" % (
                  hands, actions, time.monotonic() - t0, lost, 1000 * reach[len(reach) // 2],
                  1000 * reach[len(reach) * 95 // 100]))
        assert read[id(host)] >= 2 and read[id(guest)] >= 2, read
        assert private >= 1
        assert guest.status()[1] == host.status()[1]
        for tab in (host, guest):
            wait_text(tab, "%d hand%s played" % (hands, "" if hands == 1 else "s"))
            wait_text(tab, "A: back to the title")
        g = [shown(t) for t in (host, guest)]
        winner = [n for n in ("Ann", "Ben") if find_text(g[0], n + " wins by")]
        assert len(winner) == 1 and find_text(g[1], winner[0] + " wins by"), winner

        # each console's own log: every hand once, then the game
        host.page.wait_for_timeout(300)
        logs = [match_records(stored(t)) for t in (host, guest)]
        assert list(logs[0].values()) == [["round"] * hands + ["match"]], logs[0]
        assert logs[1] == logs[0], logs
        assert host.errors() == [] and guest.errors() == []
    finally:
        close(ctx, host, guest)


def hands_private(host, guest):
    """On the joined console's turn: its saved view holds its own hand
    (as the host's game has it) and only a count of the host's.  1 if
    both saves were of the same moment, else 0 (look again later)."""
    _, game, st, view = held(host, guest)
    assert list(view.hands) == [1], list(view.hands)
    assert view.counts[0] == len(game.hands[0]) >= 10
    if view.version != st["version"]:
        return 0
    assert sorted(view.hands[1]) == sorted(game.hands[1])
    return 1
