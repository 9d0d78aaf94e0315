"""The web page in a real browser (Debian's chromium through Playwright):
the firmware's app on MicroPython WebAssembly in a Web Worker.

Boot to the title (its canvas equals the golden title image the CPython
tests use), a game from the title to the first AI turn by keyboard and by
the on-screen buttons, saves surviving a reload, a damaged save falling
back to its backup, export/import, and the messages for a browser without
WebAssembly or without storage.
"""
import io
import json
import os

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(os.path.dirname(HERE), "ui", "golden")


def golden(name):
    return Image.open(os.path.join(GOLDEN, name + ".png")).convert("1").tobytes()


def new_game(app, press):
    """Title -> new-game setup -> deal; returns at the first play screen.
    The title's items may grow: A on each item in turn until setup opens."""
    for i in range(6):
        press("a")
        if app.status()[0] == "setup":
            break
        press("b")                      # back to the title from whatever opened
        app.wait_screen("title")
        for _ in range(i + 1):
            press("down")
    assert app.status()[0] == "setup", app.status()
    press("start")                      # deal: a human and an AI (the defaults)
    app.wait_screen("play")


def play_to_ai_turn(app, press):
    """END with nothing played draws; go on until two turns are done (the
    seats alternate human/AI, so an AI has played)."""
    for _ in range(6):
        if app.status()[1] % 1000 >= 2:
            break
        press("start")
        app.wait_screen("play")
    screen, turn, _ = app.status()
    assert screen == "play" and turn % 1000 >= 2, app.status()
    return turn


def test_title_matches_golden(app):
    app.open("", wait=False)             # real e-ink timing: the full refresh flashes first
    app.page.wait_for_function("window.prk.shown >= 1", timeout=20000)
    assert app.status()[0] == "title"
    # every file but the page itself is fetched by this build's version
    # (a static host's cache cannot mix two builds)
    files = [u.split("/")[-1] for u in app.requests if not u.endswith("/") and "?eink" not in u]
    assert {f.split("?")[0] for f in files} >= {"app.js", "style.css", "worker.js", "micropython.mjs",
                                               "micropython.wasm", "firmware.pack"}, files
    versions = {f.split("?v=")[1] for f in files if "?v=" in f}
    assert len(versions) == 1 and all("?v=" in f for f in files), files
    got = app.glass()
    want = golden("title")
    diff = sum(1 for a, b in zip(got, want) if a != b)
    assert diff == 0, "web title differs from tests/ui/golden/title.png in %d bytes" % diff
    assert app.errors() == []


def test_keyboard_game_to_first_ai_turn(app):
    app.open()
    keys = {"a": "z", "b": "x", "start": " ", "down": "ArrowDown", "up": "ArrowUp"}
    press = lambda name: app.key(keys[name])   # noqa: E731
    new_game(app, press)
    play_to_ai_turn(app, press)
    app.key("ArrowRight")                 # the cursor moves: a partial refresh
    stats = app.page.evaluate("window.prk.stats")
    assert stats["turnSteps"] >= 1
    assert app.errors() == []


def test_buttons_game_and_long_press(app):
    app.open()
    press = app.button
    new_game(app, press)
    play_to_ai_turn(app, press)
    before = app.glass()
    app.button("start", hold_ms=1200)    # hold START: the turn menu
    app.page.wait_for_function("window.prk.shown === window.prk.frames")
    assert app.glass() != before
    app.button("b")                       # closes it
    assert app.status()[0] == "play"
    assert app.errors() == []


def test_reload_resumes_saved_game(app):
    app.open()
    press = lambda name: app.key({"a": "Enter", "b": "Backspace", "start": " ", "down": "ArrowDown"}[name])  # noqa: E731
    new_game(app, press)
    turn = play_to_ai_turn(app, press)
    app.page.evaluate("window.prk.store.all()")    # writes are queued in order; let them land
    app.page.wait_for_timeout(300)
    app.page.reload()
    app.wait_running()
    assert app.status()[0] == "title"
    app.key("Enter")                     # the first item is now "Resume game"
    app.wait_screen("play")
    assert app.status()[1] == turn
    assert app.errors() == []


def test_damaged_save_falls_back_to_backup(app):
    app.open()
    press = lambda name: app.key({"a": "z", "b": "x", "start": " ", "down": "ArrowDown"}[name])  # noqa: E731
    new_game(app, press)
    play_to_ai_turn(app, press)
    app.page.wait_for_timeout(300)
    names = app.page.evaluate("window.prk.store.all().then(f => Object.keys(f))")
    assert "game" in names and "game.bak" in names, names
    # flip a byte in the newest save, as a bad flash sector would
    app.page.evaluate("""async () => {
        const s = window.prk.store, f = await s.all();
        const g = f['game']; g[g.length - 1] ^= 0xff;
        await s.write({game: g}, []);
    }""")
    app.console.clear()
    app.page.reload()
    app.wait_running()
    app.key("z")
    app.page.wait_for_function("['play', 'privacy'].includes(window.prk.status.split(' ')[0])")
    assert app.status()[1] > 0
    logs = [t for _, t in app.console]
    assert any("loaded backup game.bak" in t for t in logs), logs
    assert app.errors() == []


def test_export_then_import_elsewhere(new_page, tmp_path):
    a = new_page()
    a.open()
    press = lambda name: a.key({"a": "z", "b": "x", "start": " ", "down": "ArrowDown"}[name])  # noqa: E731
    new_game(a, press)
    turn = play_to_ai_turn(a, press)
    a.page.wait_for_timeout(300)
    with a.page.expect_download() as dl:
        a.page.click("#export")
    path = str(tmp_path / "saves.json")
    dl.value.save_as(path)
    with open(path) as f:
        data = json.load(f)
    assert data["format"] == "pocket-rummikub-saves" and "game" in data["files"]

    b = new_page()                       # another browser profile: empty storage
    b.open()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    b.page.set_input_files("#import", str(bad))
    b.page.wait_for_function("document.getElementById('message').textContent.includes('Import refused')")
    b.page.set_input_files("#import", path)
    b.page.wait_for_function("document.getElementById('message').textContent.includes('Imported')")
    b.wait_running()
    b.key("z")
    b.wait_screen("play")
    assert b.status()[1] == turn
    assert a.errors() == [] and b.errors() == []


def test_no_webassembly_says_so(new_page):
    p = new_page("delete window.WebAssembly;")
    p.open(wait=False)
    p.page.wait_for_function("document.body.dataset.state === 'nowasm'")
    assert "needs WebAssembly" in p.page.inner_text("#message")


def test_storage_blocked_says_so_and_plays(new_page):
    block = """
    for (const name of ['indexedDB', 'localStorage']) {
        Object.defineProperty(window, name, {get() { throw new DOMException('blocked', 'SecurityError'); }});
    }"""
    p = new_page(block)
    p.open()
    assert "blocks storage" in p.page.inner_text("#message")
    assert p.status()[0] == "title"
    p.key("z")
    assert p.status()[0] != "title"


def test_localstorage_fallback_keeps_the_game(app):
    """Where IndexedDB is missing the saves go to localStorage (?storage=local
    takes that path on purpose) and a reload still resumes."""
    app.open("?eink=off&storage=local")
    assert app.page.evaluate("window.prk.store.kind") == "localStorage"
    press = lambda name: app.key({"a": "z", "b": "x", "start": " ", "down": "ArrowDown"}[name])  # noqa: E731
    new_game(app, press)
    turn = app.status()[1]
    app.page.wait_for_timeout(300)
    assert app.page.evaluate("Object.keys(localStorage).some(k => k.endsWith(':game'))")
    app.page.reload()
    app.wait_running()
    app.key("z")
    app.wait_screen("play")
    assert app.status()[1] == turn
    assert app.errors() == []


def test_stored_entries_the_game_cannot_use_are_set_aside_and_the_rest_kept(app):
    """One bad entry (a name no file has, "a/b" or "", a localStorage value
    that is not base64, an IndexedDB value that is not bytes) stopped the
    page from starting until every save was cleared (issue 33, item 4).
    Now each is set aside (kept under "aside:" + its name) and named once,
    and the game starts with its saves: the match resumes."""
    for storage in ("local", "idb"):
        app.open("?eink=off&storage=" + storage)
        press = lambda name: app.key({"a": "z", "b": "x", "start": " ", "down": "ArrowDown"}[name])  # noqa: E731
        new_game(app, press)
        turn = app.status()[1]
        app.page.wait_for_timeout(300)
        if storage == "local":
            app.page.evaluate("""() => {
                localStorage.setItem('pocket-rummikub:a/b', btoa('x'));
                localStorage.setItem('pocket-rummikub:', 'AAAA');
                localStorage.setItem('pocket-rummikub:zz', '*** not base64 ***');
            }""")
        else:
            app.page.evaluate("""() => window.prk.store.write(
                {'a/b': new Uint8Array([1]), '': new Uint8Array([2]), 'zz': 'text'}, [])""")
        app.page.reload()
        app.wait_running()
        said = app.page.inner_text("#message")
        assert "Set aside 3 stored entries" in said and '"a/b" not a file name' in said, said
        assert '"zz" does not read' in said and "every other save is kept" in said, said
        app.key("z")                         # "Resume game"
        app.wait_screen("play")
        assert app.status()[1] == turn
        app.page.reload()                    # set aside: not read, not said again
        app.wait_running()
        assert "Set aside" not in app.page.inner_text("#message")
        if storage == "local":
            kept = app.page.evaluate("Object.keys(localStorage).filter(k => k.includes('aside:')).sort()")
            assert kept == ["pocket-rummikub:aside:", "pocket-rummikub:aside:a/b",
                            "pocket-rummikub:aside:zz"], kept
            app.page.evaluate("localStorage.clear()")
        assert app.errors() == []


def test_a_save_with_no_readable_copy_is_named_on_the_title(app):
    """Both copies of the save damaged: the title says so (issue 33, item
    4: the Resume line disappeared with no word)."""
    app.open()
    press = lambda name: app.key({"a": "z", "b": "x", "start": " ", "down": "ArrowDown"}[name])  # noqa: E731
    new_game(app, press)
    play_to_ai_turn(app, press)
    app.page.wait_for_timeout(300)
    app.page.evaluate("""async () => {
        const s = window.prk.store, f = await s.all();
        for (const k of ['game', 'game.bak']) f[k][f[k].length - 1] ^= 0xff;
        await s.write({game: f['game'], 'game.bak': f['game.bak']}, []);
    }""")
    app.page.reload()
    app.wait_running()
    assert app.status()[0] == "title"
    app.key("z")                             # the first press dismisses the note
    assert app.status()[0] == "title"
    app.key("z")                             # and the first item is New game
    app.wait_screen("setup")


def test_a_python_error_is_one_line_on_the_page(new_page):
    """A firmware module that will not load (here: webmain.mpy garbled in
    transit) stops the page with one line naming the error, no traceback;
    the console has the traceback."""
    p = new_page()

    def garble(route):
        body = route.fetch().body()
        n = int.from_bytes(body[:4], "little")
        head = json.loads(body[4:4 + n])
        off = 4 + n
        for path, size in head["files"]:
            if path == "webmain.mpy":
                break
            off += size
        route.fulfill(body=body[:off] + b"\xff" * size + body[off + size:])

    p.page.route("**/firmware.pack*", garble)
    p.open(wait=False)
    p.page.wait_for_function("document.body.dataset.state === 'error'", timeout=20000)
    text = p.page.inner_text("#message")
    assert text.startswith("Could not start: ") and "Traceback" not in text, text
    assert "\n" not in text.strip()
    assert any("Traceback" in t for k, t in p.console if k == "error"), p.console


def test_gin_rummy_against_the_ai_by_keyboard(app):
    """The second game in the browser: title -> Gin Rummy -> deal against
    the AI, then draw from the stock and discard the lifted card a few
    times; the AI's actions count too."""
    app.open()
    keys = {"a": "z", "b": "x", "start": " ", "down": "ArrowDown"}
    press = lambda name: app.key(keys[name])   # noqa: E731
    for _ in range(4):                    # New game, History, Settings, Learn to play
        press("down")
    press("a")                            # Gin Rummy
    assert app.status()[0] == "gin_setup", app.status()
    press("start")                        # deal: a person against the AI
    app.wait_screen("gin_play")
    first = app.status()[1]
    press("b")                            # pass the first up-card (if offered)
    for _ in range(6):
        if app.status()[0] != "gin_play":
            break
        press("start")                    # draw from the stock
        press("a")                        # discard the lifted card
    screen, actions, _ = app.status()
    assert screen in ("gin_play", "gin_hand"), app.status()
    assert actions % 1000 - first % 1000 >= 6, (first, actions)
    assert app.errors() == []



PHONE = {"width": 390, "height": 844}
# every touch target on the page: the pad's buttons and the save controls
TARGETS = "#pad button, #saves button, #saves label"


def phone(browser, site, viewport):
    ctx = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True,
                              device_scale_factor=3)
    page = ctx.new_page()
    page.goto(site)
    page.wait_for_function("document.body.dataset.state === 'running' && window.prk.shown > 0",
                           timeout=20000)
    return ctx, page


def boxes(page, sel):
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].map(e => {
        const b = e.getBoundingClientRect();
        return {name: e.dataset.key || e.id || e.textContent.trim(), x: b.x, y: b.y,
                w: b.width, h: b.height}; })""", sel)


def test_phone_portrait_wide_glass_big_targets_zoom_and_no_eink_wait(browser, site):
    from host_tools.keyhelp import PLAY
    ctx, page = phone(browser, site, PHONE)
    try:
        glass = boxes(page, "#screen")[0]
        # the glass takes the width less small margins (346 px before)
        assert glass["w"] >= PHONE["width"] - 24 and glass["x"] >= 4, glass
        assert abs(glass["h"] - glass["w"] * 3 / 4) < 1
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # pinch-zoom allowed
        meta = page.evaluate("document.querySelector('meta[name=viewport]').content")
        assert "user-scalable" not in meta and "maximum-scale" not in meta, meta
        targets = boxes(page, TARGETS)
        assert len(targets) == 10
        small = [t for t in targets if t["w"] < 44 or t["h"] < 44]
        assert small == [], small
        # touch screen: no simulated refresh wait unless asked for
        assert page.evaluate("document.getElementById('eink').checked") is False
        page.tap("#saves label:has(#eink)")
        assert page.evaluate("document.getElementById('eink').checked") is True
        # a tap on a pad button is a press: the title's cursor moves down
        before = page.evaluate("window.prk.shown")
        page.tap("#pad button[data-key=down]")
        page.wait_for_function("window.prk.shown > %d" % before, timeout=10000)
        # the key help is the emulator's (host_tools.keyhelp), assisted placement first
        text = page.inner_text("#help")
        assert text.index(PLAY[0][0]) < text.index(PLAY[1][0])
        for _, rows in PLAY:
            for _, what in rows:
                assert what in text
    finally:
        ctx.close()


def test_phone_landscape_glass_takes_the_whole_height(browser, site):
    land = {"width": PHONE["height"], "height": PHONE["width"]}
    ctx, page = phone(browser, site + "?eink=on", land)
    try:
        # asked for in the address: e-ink timing on a touch screen too
        assert page.evaluate("document.getElementById('eink').checked") is True
        glass = boxes(page, "#screen")[0]
        assert glass["h"] >= land["height"] - 24 and glass["y"] >= 0, glass
        assert glass["y"] + glass["h"] <= land["height"]
        pad = boxes(page, "#pad button")
        assert len(pad) == 7
        for b in pad:       # beside the glass, all on screen, none under another
            assert b["x"] >= glass["x"] + glass["w"] and b["y"] + b["h"] <= land["height"], b
            assert b["w"] >= 44 and b["h"] >= 44, b
        for i in range(len(pad)):
            for b in pad[i + 1:]:
                a = pad[i]
                assert (a["x"] + a["w"] <= b["x"] or b["x"] + b["w"] <= a["x"] or
                        a["y"] + a["h"] <= b["y"] or b["y"] + b["h"] <= a["y"]), (a, b)
    finally:
        ctx.close()


def computer(browser, site, viewport, dpr=1):
    ctx = browser.new_context(viewport=viewport, device_scale_factor=dpr)
    page = ctx.new_page()
    page.goto(site + "?eink=off")
    page.wait_for_function("document.body.dataset.state === 'running' && window.prk.shown > 0",
                           timeout=20000)
    return ctx, page


def shown_help(page):
    return page.evaluate("""() => [...document.querySelectorAll('#help > div')]
        .filter(e => getComputedStyle(e).display !== 'none').map(e => e.className)""")


def test_keyboard_help_with_a_keyboard_touch_help_on_a_touch_screen(browser, site):
    """Issue 39: a phone was shown "Z / Enter = A"."""
    ctx, page = computer(browser, site, {"width": 1280, "height": 800})
    try:
        assert shown_help(page) == ["help-keys"]
        text = page.inner_text("#help")
        assert "Z / Enter" in text and "Tap a button" not in text
    finally:
        ctx.close()
    ctx, page = phone(browser, site, PHONE)
    try:
        assert shown_help(page) == ["help-touch"]
        text = page.inner_text("#help")
        assert "Tap a button" in text and "touch and hold" in text, text
        assert "Enter" not in text and "Backspace" not in text and "arrows" not in text
        assert "D-pad" in text
        page.keyboard.press("ArrowDown")          # a keyboard on the tablet: its help
        page.wait_for_function("document.body.dataset.input === 'keys'")
        assert shown_help(page) == ["help-keys"]
        page.tap("#pad button[data-key=down]")   # and back to the buttons
        page.wait_for_function("document.body.dataset.input === 'touch'")
        assert shown_help(page) == ["help-touch"]
    finally:
        ctx.close()


def test_whole_pixels_where_the_room_allows(browser, site):
    """Issue 39: the desktop glass was scaled by 1.59 (uneven stripes on the
    tiles).  On a computer screen every e-ink pixel is now k x k device
    pixels when k keeps at least 3/4 of the room; a phone fills its room."""
    cases = [({"width": 1280, "height": 800}, 1, 2), ({"width": 1366, "height": 650}, 1, 2),
             ({"width": 1440, "height": 790}, 2, 5), ({"width": 1920, "height": 950}, 1, 3)]
    for viewport, dpr, k in cases:
        ctx, page = computer(browser, site, viewport, dpr)
        try:
            sc = page.evaluate("window.prk.scale")
            assert sc["whole"] and sc["k"] == k, (viewport, dpr, sc)
            box = boxes(page, "#screen")[0]
            assert (box["w"] * dpr, box["h"] * dpr) == (400 * k, 300 * k), (viewport, box)
            assert box["y"] + box["h"] <= viewport["height"] and \
                box["x"] + box["w"] <= viewport["width"], (viewport, box)
            # what the screen shows: each e-ink pixel a k x k block, the title as drawn
            assert box["x"] * dpr == int(box["x"] * dpr) and \
                box["y"] * dpr == int(box["y"] * dpr), box     # on device pixels
            png = page.screenshot(scale="device", clip={"x": box["x"], "y": box["y"],
                                                        "width": box["w"], "height": box["h"]})
            im = Image.open(io.BytesIO(png)).convert("L")
            assert im.size == (400 * k, 300 * k), im.size
            want = Image.open(os.path.join(GOLDEN, "title.png")).convert("L").resize(
                im.size, Image.NEAREST)
            bad = sum(1 for a, b in zip(im.point(lambda v: 255 * (v > 128)).tobytes(),
                                        want.tobytes()) if a != b)
            assert bad == 0, (viewport, dpr, bad)
        finally:
            ctx.close()
    # a square window (room for 1.9x: 1x would leave half of it): it fills
    ctx, page = computer(browser, site, {"width": 900, "height": 900})
    try:
        sc = page.evaluate("window.prk.scale")
        assert not sc["whole"] and 1 < sc["k"] < 2, sc
        box, room = boxes(page, "#screen")[0], boxes(page, "#glass")[0]
        assert abs(box["w"] - room["w"]) < 1 and abs(box["h"] - room["h"]) < 1
    finally:
        ctx.close()
    ctx, page = phone(browser, site, PHONE)      # touch: the whole width, as before
    try:
        assert page.evaluate("window.prk.scale.whole") is False
    finally:
        ctx.close()
