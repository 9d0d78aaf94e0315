"""The hal on MicroPython beyond its test files (tests/hal_mp/test_hal_*.py,
which `make test-mp` runs there): the driver and the whole hal stack under
capped heaps, and the ESP32 backend with machine/esp32 faked.
"""
import os

import pytest

from hal_mpy import HAL_MP, ROOT, micropython, run

RUNNER = os.path.join(ROOT, "tests", "mp_runner.py")

pytestmark = pytest.mark.skipif(micropython() is None, reason="no micropython binary")


def test_driver_fits_a_small_heap():
    # 50 KB on the 64-bit unix port (objects about twice their ESP32 size),
    # including compiling the driver and its font (hal.font: 1.7 KB more
    # held after a collection, from source) from source: far under a
    # WROOM's 110 KB.
    p = run([os.path.join(HAL_MP, "mem_epd.py")], heap="50k")
    assert p.returncode == 0, p.stdout + p.stderr
    words = p.stdout.split()
    assert words[0] == "ok"
    # 2 full-screen images (2 RAMs) per full/fast refresh, window bytes for partials
    assert int(words[2]) > 4 * 15000


def test_esp32_backend_on_micropython_with_recording_machine(tmp_path, monkeypatch):
    # the real hal.esp32 module, on the real runtime; only machine/esp32
    # faked; its storage in this test's own folder
    monkeypatch.setenv("HAL_ESP32_ROOT", str(tmp_path / "esp32"))
    path = [os.path.join(ROOT, p) for p in
            ("firmware", "tests/engine_mp", "tests/hal_mp/fake_esp32", "tests/hal_mp")]
    p = run([RUNNER, os.path.join(HAL_MP, "esp32_checks.py")],
            path=path, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "24 passed, 0 failed" in p.stdout


HAL_STACK = ("compat.py", "hal/__init__.py", "hal/fb.py", "hal/font.py", "hal/epd_ssd1683.py", "hal/buttons.py",
             "hal/storage.py", "hal/base.py", "hal/sleep.py")


def test_hal_stack_fits_wroom_heap_as_mpy(tmp_path):
    """Driver + buttons + storage + base + sleep, run as .mpy like the device.

    Measured on the 64-bit unix port: needs a 56 KB heap and holds ~44 KB
    after gc (21 KB of it module code, 15 KB the framebuffer); pointers are
    half the size on the ESP32, so about 30 KB of a WROOM's ~110 KB."""
    import subprocess
    from host_tools.codecheck.mpycheck import mpy_cross
    for rel in HAL_STACK + tuple("../tests/hal_mp/%s.py" % m for m in ("fake_bus", "hal_fakes", "mem_hal")):
        src = os.path.normpath(os.path.join(ROOT, "firmware", rel))
        dst = tmp_path / (os.path.basename(rel)[:-3] + ".mpy" if rel.startswith("..") else rel[:-3] + ".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([mpy_cross(), "-o", str(dst), src], check=True)
    p = run(["-c", "import mem_hal"], path=[str(tmp_path)], heap="64k")
    assert p.returncode == 0, p.stdout + p.stderr
    words = p.stdout.split()
    assert words[0] == "ok"
    assert int(words[1]) < 56 * 1024
