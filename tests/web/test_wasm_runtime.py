"""The WebAssembly MicroPython the page runs, under node: a third runtime.

The engine test files (tests/engine_mp/test_*.py) pass there as on the unix
port, and the key screens (tests/ui_mp/ui_scenes.py) render byte-identical
to the golden images the CPython tests compare against.
"""
import glob
import os
import subprocess
from binascii import crc32

import pytest
from PIL import Image

import webtools

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RUNNER = os.path.join(HERE, "mp_node.mjs")

pytestmark = pytest.mark.skipif(bool(webtools.missing(browser=False)),
                                reason="needs: " + " ".join(webtools.missing(browser=False)))


@pytest.fixture(scope="module")
def runtime():
    from host_tools.web.build import npm_install
    npm_install()


def mp_node(*args, timeout=300):
    return subprocess.run(["node", RUNNER, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def count_tests(paths):
    n = 0
    for p in paths:
        with open(p) as f:
            n += sum(1 for line in f if line.startswith("def test_"))
    return n


def test_engine_tests_pass_on_webassembly(runtime):
    files = sorted(glob.glob(os.path.join(ROOT, "tests", "engine_mp", "test_*.py")))
    rel = [os.path.relpath(f, ROOT) for f in files]
    p = mp_node("--path", "firmware", "--path", "tests/engine_mp", "tests/mp_runner.py", *rel)
    out = p.stdout + p.stderr
    assert p.returncode == 0, out[-3000:]
    want = count_tests(files)
    assert "micropython: %d passed, 0 failed" % want in out, out[-3000:]


def test_golden_screens_byte_identical_on_webassembly(runtime, tmp_path):
    p = mp_node("--path", "firmware", "--path", "tests/ui_mp", "--path", "tests/hal_mp",
                "tests/ui_mp/ui_scenes.py", "/tmp/scenes")
    assert p.returncode == 0, (p.stdout + p.stderr)[-3000:]
    got = dict(line.split() for line in p.stdout.splitlines())
    golden = os.path.join(ROOT, "tests", "ui", "golden")
    assert got, p.stdout
    differ = []
    for name, crc in got.items():
        want = Image.open(os.path.join(golden, name + ".png")).convert("1").tobytes()
        if int(crc) != crc32(want) & 0xFFFFFFFF:
            differ.append(name)
    assert not differ, "on WebAssembly these differ from tests/ui/golden/: %s" % " ".join(differ)


def test_a_failing_test_is_reported(runtime, tmp_path):
    """The runner under node says so when a test fails (exit status 1)."""
    (tmp_path / "test_broken.py").write_text("def test_no():\n    assert 1 == 2\n")
    p = mp_node("--path", str(tmp_path), "tests/mp_runner.py", str(tmp_path / "test_broken.py"))
    assert p.returncode == 1
    assert "0 passed, 1 failed" in p.stdout


def test_web_runner_sleeps_and_wakes_into_the_game(runtime):
    """web/webmain.py on the WebAssembly runtime: deal by buttons, idle
    sleep, a button wakes it into the same game (tests/web/webmain_sleep.py)."""
    p = mp_node("--path", "firmware", "--path", "web", "tests/web/webmain_sleep.py")
    out = p.stdout + p.stderr
    assert p.returncode == 0, out[-3000:]
    assert out.count("ok ") == 7 and "FAIL" not in out, out[-3000:]


def test_the_page_has_the_browsers_date_and_time_zone(runtime):
    """The web page never syncs: its dates are the browser's clock, shown
    in the browser's time zone (node takes TZ as a browser its system's)."""
    import time
    out = subprocess.run(["node", RUNNER, "--path", "firmware", "tests/web/webclock.py"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, TZ="Asia/Kolkata"))
    assert out.returncode == 0, out.stdout + out.stderr
    got = dict(line.split(" ", 1) for line in out.stdout.splitlines())
    assert got["offset"] == "330"
    assert abs(int(got["time"]) - time.time()) < 60
    assert got["date"] == "28 Nov 2025 09:00"
