# MicroPython manifest: the app as the handheld runs it, frozen into the
# firmware image (code and names in flash, not on the GC heap).  Built by
# tools/makemanifest.py (FROZEN_MANIFEST=<this file>), which runs it under
# CPython with module() and package() defined; it is not firmware code.
#
# Freeze a copy of firmware/ staged by host_tools.mp32.stage (the `# viper`
# marks made decorators, as in the native .mpy bundle), with MPY_CROSS_FLAGS
# naming the port's arch (-march=xtensawin on the ESP32, x86 on the 32-bit
# unix port).  Frozen straight from firmware/ the viper functions are plain
# bytecode: slower, same results.
#
# Left out, host-only (host_tools.codecheck.mpycheck.HOST_ONLY keeps the
# same ones out of the .mpy bundle; tests/host/test_manifest.py checks both
# agree):
# ai/hostfast.py (CPython tables), hal/pyframebuf.py (framebuf for CPython),
# hal/unixport.py, hal/web.py, hal/weblink.py, hal/blinka.py, hal/simradio.py (other
# backends).  Every other module is frozen, a new one too.
import os

HOST_ONLY = {"ai": ("hostfast.py",),
             "hal": ("blinka.py", "pyframebuf.py", "simradio.py", "unixport.py", "web.py",
                     "weblink.py")}
# keep asserts and line numbers: tracebacks on the serial console stay useful
OPT = 0


def device_files(pkg):
    """The package's modules, its subpackages' too (ai/gin), but the host-only ones."""
    out = []
    for d, _, names in os.walk(pkg):
        sub = os.path.relpath(d, pkg)
        out += [f if sub == "." else sub + "/" + f for f in names
                if f.endswith(".py") and f not in HOST_ONLY[pkg]]
    return sorted(out)


module("main.py", opt=OPT)
module("compat.py", opt=OPT)
for pkg in ("common", "rummikub", "gin", "sync", "link", "ui"):
    package(pkg, opt=OPT)
for pkg in HOST_ONLY:
    package(pkg, files=device_files(pkg), opt=OPT)
