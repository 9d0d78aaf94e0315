"""Hardware layer: one interface (base.Hal), a backend per platform.

base      the interface the app uses; sleep: idle power-down path
esp32     reference build (machine/esp32), pins from board (generated)
blinka    Linux single-board computer through Adafruit Blinka
unixport  the MicroPython unix port (the device simulator runs the app on it)
native    the backend of the runtime this runs on (esp32 or unixport): main.py's
web       a web browser: MicroPython WebAssembly in the page's Web Worker
          (the emulator backend lives in host_tools/emulator/backend.py)
epd_ssd1683  e-paper driver (a FrameBuffer fed by a bus: spibus or a fake)
buttons   debounce/repeat/long-press logic; storage: crash-safe files
fb        the framebuf module for this runtime (pyframebuf on CPython)
selftest  bring-up check for a new build
Nothing is imported here, so `import hal.buttons` costs only buttons.
"""
