"""`python -m host_tools web`: the handheld app as a static web page.

- `build.py`  `build(out)`: npm installs the pinned MicroPython WebAssembly
              package (web/package-lock.json), mpy-cross compiles the
              firmware to plain bytecode into one `firmware.pack`, and the
              page's files from `web/` are copied beside it (`make web` ->
              build/web/, index.html at its root)
- `serve.py`  `serve(root, port)`: a local static server for it
- `browser.py` `launch(playwright)`: Debian's chromium, as tests and figures use it
- `figures.py` the figures of docs/figures.md, measured in chromium (cold load,
              bundle size, step times, the solver corpus)

    python -m host_tools web                 # build into build/web
    python -m host_tools web --serve         # build, then serve on 127.0.0.1
"""
import os
import sys

from host_tools import ROOT
from host_tools.options import Parser, whole

DEFAULT_OUT = os.path.join(ROOT, "build", "web")


def main(argv):
    ap = Parser("web", description="Play in a browser: build the web page that runs the "
                "handheld's own app on MicroPython WebAssembly (a static folder any web "
                "host can serve), and with --serve serve it on this computer.")
    ap.add_out(DEFAULT_OUT, "output folder")
    ap.add_argument("--serve", action="store_true", help="serve the folder on 127.0.0.1 after building")
    ap.add_argument("--port", type=whole(0, 65535), default=8000, help="port for --serve (0: any free port)")
    ap.add_argument("--no-build", action="store_true", help="serve what is already built")
    args = ap.parse_args(argv)
    from host_tools.web.build import build, BuildError
    if not args.no_build:
        try:
            info = build(args.out)
        except BuildError as e:
            print("web: error: %s" % e, file=sys.stderr)
            return 1
        print("built %s: %d files, %d KB (firmware.pack %d KB, %d modules)"
              % (os.path.relpath(args.out), info["files"], info["bytes"] // 1024,
                 info["pack_bytes"] // 1024, info["modules"]))
    if args.serve:
        from host_tools.web.serve import serve
        return serve(args.out, args.port)
    return 0
