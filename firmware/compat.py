"""MicroPython names for CPython, so one source runs on both runtimes.

On the device `micropython` is built in and the compiler treats
`@micropython.native` and `X = const(...)` specially by name.  On CPython the
stand-ins below keep the same code importable: const() returns its argument,
native/viper are no-ops.  Modules do `from compat import micropython, const`.

`MICROPYTHON` is the one runtime flag: True under any MicroPython (device,
unix port, WebAssembly), False on CPython.  Modules import it from here
rather than looking at `sys.implementation` themselves.
"""
import sys

MICROPYTHON = sys.implementation.name == "micropython"

if MICROPYTHON:
    import micropython
else:
    # (not `import micropython`: PyPI has a package of that name whose
    # decorators raise, and tooling may install it)
    class micropython:  # noqa: N801 - mirrors the module name on purpose
        @staticmethod
        def const(x):
            return x

        @staticmethod
        def native(f):
            return f

        viper = native

const = micropython.const

try:
    from time import ticks_ms, ticks_diff  # noqa: F401
except ImportError:
    import time

    def ticks_ms():
        return int(time.monotonic() * 1000)

    def ticks_diff(a, b):
        return a - b

try:
    from os import urandom  # noqa: F401
except ImportError:
    # MicroPython on WebAssembly (the web page) has no os.urandom: the
    # browser's own true random source instead
    def urandom(n):
        import js
        a = js.Uint8Array.new(n)
        js.crypto.getRandomValues(a)
        return bytes([a[i] for i in range(n)])
