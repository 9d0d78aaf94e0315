"""A local static server for the built page: serve(root, port) -> exit
status; serve_in_background(root) -> (url, server) for tests and figures.

Plain files, no special headers (the page needs none, like any static
host); .mjs and .wasm get their JavaScript / WebAssembly types.
"""
import functools
import http.server
import os
import sys
import threading


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".pack": "application/octet-stream"})

    def log_message(self, fmt, *args):
        pass


def serve(root, port=8000, ready=None):
    """Serve root on 127.0.0.1:port until interrupted; prints the URL."""
    if not os.path.exists(os.path.join(root, "index.html")):
        print("web: error: %s has no index.html (build it first: make web)" % root, file=sys.stderr)
        return 1
    handler = functools.partial(Handler, directory=root)
    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        print("web: error: cannot listen on 127.0.0.1:%d: %s" % (port, e.strerror or e), file=sys.stderr)
        return 1
    url = "http://127.0.0.1:%d/" % httpd.server_address[1]
    print("serving %s at %s (Ctrl-C stops)" % (os.path.relpath(root), url), flush=True)
    if ready:
        ready(url, httpd)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


def serve_in_background(root, port=0):
    """Serve root from a daemon thread (tests, figures): (url, server);
    server.shutdown() stops it."""
    box = {}
    ready = threading.Event()

    def up(url, httpd):
        box["url"], box["httpd"] = url, httpd
        ready.set()

    threading.Thread(target=serve, args=(root, port, up), daemon=True).start()
    if not ready.wait(10):
        raise RuntimeError("web server on %s did not start" % root)
    return box["url"], box["httpd"]
