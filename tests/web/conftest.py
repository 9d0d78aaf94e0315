"""Fixtures for the browser tests: the page built once into a temp folder,
served on 127.0.0.1, and Debian's chromium driven by Playwright."""
import base64
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import webtools  # noqa: E402

@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """URL of the freshly built page."""
    need = webtools.missing()
    if need:
        pytest.skip("web tests need: " + " ".join(need))
    from host_tools.web.build import build
    from host_tools.web.serve import serve_in_background
    out = str(tmp_path_factory.mktemp("web"))
    build(out)
    url, httpd = serve_in_background(out)
    yield url
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser(site):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        from host_tools.web.browser import launch
        b = launch(p)
        yield b
        b.close()


class Page:
    """A page of the app in its own browser context (own storage), or a
    tab of `ctx` (another tab of the same browser: tests/web/test_tabs.py),
    with the console watched and helpers to press buttons and wait on the
    app."""

    def __init__(self, browser, site, init_script=None, ctx=None):
        self.site = site
        self.own_ctx = ctx is None
        self.ctx = ctx or browser.new_context(viewport={"width": 900, "height": 900},
                                              accept_downloads=True)
        if init_script:
            self.ctx.add_init_script(init_script)
        self.page = self.ctx.new_page()
        self.console = []
        self.page.on("console", lambda m: self.console.append((m.type, m.text)))
        self.page.on("pageerror", lambda e: self.console.append(("pageerror", str(e))))
        self.requests = []
        self.ctx.on("request", lambda r: self.requests.append(r.url))

    def open(self, query="?eink=off", wait=True):
        self.page.goto(self.site + query)
        if wait:
            self.wait_running()

    def wait_running(self):
        self.page.wait_for_function("document.body.dataset.state === 'running' && window.prk.shown > 0",
                                    timeout=20000)

    def errors(self):
        return [(k, t) for k, t in self.console if k in ("error", "pageerror")]

    def status(self):
        """(screen, turn counter, asleep) as the worker last reported."""
        s = self.page.evaluate("window.prk.status").split()
        return s[0], int(s[1]), s[2] == "1"

    def steps(self):
        return self.page.evaluate("window.prk.stats.steps")

    def settle(self, n=3):
        """Wait until the worker has stepped n more times (it has seen the keys)."""
        start = self.steps()
        self.page.wait_for_function("window.prk.stats.steps >= %d" % (start + n), timeout=30000)

    def key(self, key, hold_ms=None):
        if hold_ms:
            self.page.keyboard.down(key)
            self.page.wait_for_timeout(hold_ms)
            self.page.keyboard.up(key)
        else:
            self.page.keyboard.press(key)
        self.page.wait_for_timeout(100)     # the 80 ms minimum hold
        self.settle()

    def button(self, name, hold_ms=None):
        loc = self.page.locator("#pad button[data-key=%s]" % name)
        if hold_ms:
            box = loc.bounding_box()
            self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            self.page.mouse.down()
            self.page.wait_for_timeout(hold_ms)
            self.page.mouse.up()
        else:
            loc.click()
        self.page.wait_for_timeout(100)
        self.settle()

    def wait_screen(self, name, timeout=30000):
        self.page.wait_for_function("window.prk.status.split(' ')[0] === %r" % name, timeout=timeout)

    def glass(self):
        """The canvas as 1-bit rows (MONO_HLSB, 1 = white), sampled at 1x
        (the canvas holds k x k pixels per e-ink pixel, k = width / 400)."""
        b64 = self.page.evaluate("""() => {
            const c = document.getElementById('screen');
            const k = c.width / 400;
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            const out = new Uint8Array(50 * 300);
            for (let y = 0; y < 300; y++) for (let x = 0; x < 400; x++) {
                const i = ((k * y) * c.width + k * x) * 4;
                if (d[i] + d[i + 1] + d[i + 2] > 3 * 128) out[y * 50 + (x >> 3)] |= 0x80 >> (x & 7);
            }
            let s = '';
            for (const v of out) s += String.fromCharCode(v);
            return btoa(s);
        }""")
        return base64.b64decode(b64)

    def close(self):
        if self.own_ctx:
            self.ctx.close()
        else:
            self.page.close()


@pytest.fixture
def app(browser, site):
    p = Page(browser, site)
    yield p
    p.close()


@pytest.fixture
def new_page(browser, site):
    made = []

    def make(init_script=None):
        p = Page(browser, site, init_script)
        made.append(p)
        return p
    yield make
    for p in made:
        p.close()
