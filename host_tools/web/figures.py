"""The web page's figures for docs/figures.md, measured in Debian's chromium:

    python -m host_tools.web.figures [--positions 220] [--loads 3] [--screenshot PNG] [--match]

- cold load: a fresh browser profile opens the page from the local server
  (e-ink timing on); time until the first frame reaches the page (its full
  refresh starts flashing) and until that refresh has ended;
- bundle: the built folder's size, and gzip-compressed as a static host
  would send it;
- steps: the longest worker step while playing by keyboard (no AI turn in
  it) and the longest that ran a turn (the human's END plus the AI's);
- with --match: a whole match by keyboard, title to scoreboard (the human
  draws every turn), its time and longest steps;
- solver: `make bench`'s corpus (same seed) solved by the page's worker
  (host_tools/bench/speed_mp.py on MicroPython WebAssembly): median, p95.
Needs playwright and /usr/bin/chromium (as the web tests do).
"""
import gzip
import json
import os
import statistics
import sys
import tempfile

from host_tools import ROOT
from host_tools.bench.speed import stats
from host_tools.options import Parser, png_file, whole
from host_tools.web.build import build
from host_tools.web.browser import launch
from host_tools.web.serve import serve_in_background

def bundle_size(out):
    raw = packed = 0
    for name in os.listdir(out):
        with open(os.path.join(out, name), "rb") as f:
            data = f.read()
        raw += len(data)
        packed += len(gzip.compress(data, 9))
    return raw, packed


def cold_loads(browser, url, n):
    first, settled = [], []
    for _ in range(n):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("window.prk && window.prk.shown >= 1", timeout=30000)
        first.append(page.evaluate("window.prk.firstFrameMs"))
        settled.append(page.evaluate("window.prk.firstShownMs"))
        ctx.close()
    return statistics.median(first), statistics.median(settled)


def step_times(browser, url, screenshot=None):
    ctx = browser.new_context(viewport={"width": 720, "height": 980})
    page = ctx.new_page()
    page.goto(url + "?eink=off")
    page.wait_for_function("window.prk && window.prk.shown >= 1", timeout=30000)

    def key(k, hold=100):
        page.keyboard.down(k)
        page.wait_for_timeout(hold)
        page.keyboard.up(k)
        page.wait_for_timeout(250)

    key("z")                                 # New game
    key(" ")                                 # deal (a human and an AI)
    page.wait_for_function("window.prk.status.startsWith('play')", timeout=30000)
    for _ in range(6):                       # draw, the AI plays; cursor moves between
        for k in ("ArrowRight", "ArrowRight", "ArrowUp", "ArrowDown"):
            key(k)
        key(" ")
        key(" ")
        page.wait_for_function("window.prk.status.startsWith('play')", timeout=60000)
    stats = page.evaluate("window.prk.stats")
    if screenshot:                           # (the review needs no key: A would pick a tile)
        page.wait_for_timeout(500)
        page.screenshot(path=screenshot, full_page=True)
    ctx.close()
    return stats


def whole_match(browser, url, limit_s=600):
    """A whole match by keyboard: the human draws every turn against the
    default AI until the scoreboard; (screens seen, seconds, stats)."""
    import time
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url + "?eink=off")
    page.wait_for_function("window.prk && window.prk.shown >= 1", timeout=30000)

    def key(k):
        page.keyboard.down(k)
        page.wait_for_timeout(90)
        page.keyboard.up(k)
        page.wait_for_timeout(150)

    t0 = time.time()
    key("z")
    key(" ")
    seen = []
    while time.time() - t0 < limit_s:
        screen = page.evaluate("window.prk.status").split()[0]
        if not seen or seen[-1] != screen:
            seen.append(screen)
        if screen == "play":
            key(" ")
        elif screen == "title" and "scoreboard" in seen:
            break
        else:
            key("z")
    stats = page.evaluate("window.prk.stats")
    ctx.close()
    return seen, time.time() - t0, stats


def solver(browser, url, positions):
    from host_tools.bench.corpus import corpus
    lines = "".join(json.dumps(p) + "\n" for p in corpus(2026, positions))
    files = {"/bench/corpus.jsonl": lines}
    for name in ("speed_mp.py", "jsonl_mp.py"):        # the script and its line loop
        with open(os.path.join(ROOT, "host_tools", "bench", name)) as f:
            files["/bench/" + name] = f.read()
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url + "?eink=off")
    rows = page.evaluate("""(files) => new Promise((resolve, reject) => {
        const w = new Worker("worker.js", {type: "module"});
        const out = [];
        w.onmessage = (e) => {
            if (e.data.type === "out") out.push(e.data.line);
            else if (e.data.type === "done") {
                w.terminate();
                if (e.data.ok) resolve(out); else reject(new Error(out.join("\\n")));
            }
            else if (e.data.type === "error") reject(new Error(e.data.text));
        };
        w.postMessage({type: "run", files: files, argv: ["/bench/speed_mp.py", "/bench/corpus.jsonl"]});
    })""", files)
    ctx.close()
    return [json.loads(r)["ms"] for r in rows if r.startswith("{") and '"ms"' in r]


def main(argv=None):
    ap = Parser("web figures", description="The web page's figures in chromium: load "
                "time, the solver on the page's worker, optionally a whole match by keyboard "
                "(docs/figures.md, The web page).", prog="python -m host_tools.web.figures")
    ap.add_argument("--positions", type=whole(1, 100000), default=220,
                    help="solver positions timed in the page")
    ap.add_argument("--loads", type=whole(1, 100), default=3, help="page loads timed")
    ap.add_argument("--screenshot", type=png_file, default=None,
                    help="save a PNG of the page mid-game here (default: none)")
    ap.add_argument("--match", action="store_true",
                    help="also play a whole match by keyboard (about 2 minutes)")
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    out = tempfile.mkdtemp(prefix="web-figures-")
    build(out)
    url, httpd = serve_in_background(out)
    raw, packed = bundle_size(out)
    print("bundle: %d KB (%d KB gzip)" % (raw // 1024, packed // 1024), flush=True)
    with sync_playwright() as p:
        b = launch(p)
        first, settled = cold_loads(b, url, a.loads)
        print("cold load: first frame %.0f ms, its full refresh ended %.0f ms (median of %d)"
              % (first, settled, a.loads), flush=True)
        st = step_times(b, url, a.screenshot)
        print("steps: %d; longest without a turn %.1f ms; longest with a turn (END + AI) %.0f ms"
              " (%d turn steps)" % (st["steps"], st["uiMax"], st["turnMax"], st["turnSteps"]), flush=True)
        if a.match:
            seen, secs, st = whole_match(b, url)
            print("whole match: %s in %.0f s; longest step without a turn %.0f ms, with one %.0f ms"
                  % (" > ".join(seen), secs, st["uiMax"], st["turnMax"]), flush=True)
        ms = solver(b, url, a.positions)
        s = stats(ms)
        print("solver corpus in chromium: %d positions, median %.1f ms, p95 %.1f ms, max %.0f ms"
              % (len(ms), s["median"], s["p95"], s["max"]), flush=True)
        b.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
