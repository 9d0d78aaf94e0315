"""The device code against MicroPython's ESP32 stubs (host_tools.codecheck.stubcheck,
mypy): the firmware passes, and a wrong machine/esp32 call in a copy of it
fails, naming the line."""
import os
import shutil

import pytest

from host_tools import FIRMWARE
from host_tools.codecheck import stubcheck


def test_the_device_files_are_the_ones_the_board_runs():
    names = stubcheck.device_files()
    for must in ("main.py", "hal/esp32.py", "hal/esp32_rtc.py", "hal/sleep.py", "hal/board.py",
                 "hal/devid.py", "hal/storage.py", "hal/epd_ssd1683.py"):
        assert must in names
    for never in ("hal/unixport.py", "hal/web.py", "hal/blinka.py", "compat.py", "ui/app.py"):
        assert never not in names


def test_the_firmware_matches_the_esp32_stubs(tmp_path):
    ok, report = stubcheck.check(out=str(tmp_path / "stubs"))
    assert ok, report


def _copy_with(tmp_path, old, new):
    root = tmp_path / "fw"
    shutil.copytree(FIRMWARE, str(root), ignore=shutil.ignore_patterns("__pycache__"))
    p = root / "hal" / "esp32.py"
    text = p.read_text()
    assert text.count(old) == 1, old
    p.write_text(text.replace(old, new))
    line = text[:text.index(old)].count("\n") + 1
    return str(root), line


@pytest.mark.parametrize("old,new", [
    ("machine.lightsleep(ms)", "machine.lightsleep(ms, True)"),            # no such argument
    ("machine.deepsleep(ms)", "machine.deep_sleep(ms)"),                   # no such function
    ("Pin(n, Pin.IN, _pull(n))", "Pin(n, Pin.INPUT, _pull(n))"),           # no such constant
    ("esp32.wake_on_ext1(tuple(", "esp32.wake_on_ext1(1, tuple("),           # one argument too many
])
def test_a_wrong_device_call_is_caught(tmp_path, old, new):
    root, line = _copy_with(tmp_path, old, new)
    ok, report = stubcheck.check(root, out=str(tmp_path / "stubs"))
    assert not ok
    assert "hal/esp32.py:%d: error:" % line in report, report
