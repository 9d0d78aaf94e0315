"""The framebuf module for this runtime: the built-in one, else the stand-in.

Drawing code writes `from hal.fb import framebuf` and gets MicroPython's C
module on the device and hal.pyframebuf (byte-identical) on CPython.
"""
try:
    import framebuf  # noqa: F401
except ImportError:
    from hal import pyframebuf as framebuf  # noqa: F401
