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
# Left out, host-only (host_tools.flash.deploy.HOST_ONLY, also kept out of
# the .mpy bundle; tests/host/test_manifest.py checks both list the same):
# ai/hostfast.py (CPython tables), hal/pyframebuf.py (framebuf for CPython),
# hal/unixport.py, hal/web.py, hal/blinka.py (other backends).

# keep asserts and line numbers: tracebacks on the serial console stay useful
OPT = 0

module("main.py", opt=OPT)
module("compat.py", opt=OPT)
package("rummikub", opt=OPT)
package("gin", opt=OPT)
package("sync", opt=OPT)
package("ui", opt=OPT)
package("ai", opt=OPT, files=[
    "__init__.py", "arrange.py", "dp.py", "expert.py", "gin_players.py",
    "gin_reading.py", "greedy.py", "hint.py", "kernel.py", "place.py",
    "players.py", "race.py", "runstate.py", "solver.py"])
package("hal", opt=OPT, files=[
    "__init__.py", "base.py", "battery.py", "board.py", "buttons.py", "devid.py",
    "epd_ssd1683.py", "esp32.py", "esp32_rtc.py", "fb.py", "selftest.py",
    "sleep.py", "spibus.py", "storage.py", "usbserial.py"])
