"""The firmware step through real esptool against the ESP32 ROM-bootloader
simulator (esp32-mock-bootloader) on a loopback socket.  What landed is
checked by a separate esptool verify-flash (MD5 on the mock), not by us."""
import hashlib
import os
import random
import subprocess
import sys
import time

import pytest

from host_tools.flash import command as flash
from host_tools.flash.esp_write import OFFSET, write_image
from host_tools.flash.common import FlashError

BIN = os.path.dirname(sys.executable)


def start_mock(chip, tmp_path):
    log = tmp_path / ("mock-%s.log" % chip)
    p = subprocess.Popen([os.path.join(BIN, "esp32-mock-bootloader"), "run", "--chip",
                          chip, "--port", "0"], stdout=open(log, "w"),
                         stderr=subprocess.STDOUT, env=dict(os.environ,
                                                            PYTHONUNBUFFERED="1"))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        text = log.read_text()
        if "listening on " in text:
            return p, "socket://" + text.split("listening on ")[1].split()[0]
        if p.poll() is not None:
            break
        time.sleep(0.05)
    p.kill()
    pytest.fail("mock bootloader did not start: " + log.read_text())


@pytest.fixture(scope="module")
def esp32(tmp_path_factory):
    p, url = start_mock("esp32", tmp_path_factory.mktemp("mock"))
    yield url
    p.terminate()
    p.wait(10)


def image(tmp_path, seed, size=192 * 1024):
    data = bytearray(random.Random(seed).randbytes(size))
    data[0] = 0                # not an app header: esptool writes it as is
    path = tmp_path / ("fw-%d.bin" % seed)
    path.write_bytes(bytes(data))
    return str(path), hashlib.sha256(data).hexdigest()


def verify_flash(url, path):
    """Independent check: esptool's verify-flash in a new connection."""
    r = subprocess.run([os.path.join(BIN, "esptool"), "--chip", "esp32", "--port", url,
                        "verify-flash", hex(OFFSET), path], capture_output=True,
                       text=True, timeout=60)
    return r.returncode == 0


def test_write_image_lands_on_the_chip(esp32, tmp_path):
    path, _ = image(tmp_path, 1)
    other, _ = image(tmp_path, 2)
    write_image(esp32, path)
    assert verify_flash(esp32, path)
    assert not verify_flash(esp32, other)      # the check can fail


def test_wrong_chip_is_refused_before_writing(tmp_path, capsys):
    p, url = start_mock("esp32s3", tmp_path)
    try:
        path, sha = image(tmp_path, 3)
        with pytest.raises(FlashError, match="wrong chip on .*found ESP32-S3, "
                                             "this firmware needs ESP32"):
            write_image(url, path)
        rc = flash.main(["--port", url, "--firmware", path, "--sha256", sha,
                         "--repl-timeout", "0.5", "--reset-wait", "0.5",
                         "--build-dir", str(tmp_path / "b")])
    finally:
        p.terminate()
        p.wait(10)
    assert rc == 1
    assert capsys.readouterr().err == ("flash: error: wrong chip on %s: found "
                                       "ESP32-S3, this firmware needs ESP32\n" % url)


def test_nothing_listening_is_named(tmp_path):
    path, _ = image(tmp_path, 4, size=1024)
    with pytest.raises(FlashError, match="no ESP32 bootloader answered on "
                                         "socket://127.0.0.1:9"):
        write_image("socket://127.0.0.1:9", path, attempts=1)


def test_flash_command_writes_then_waits_for_a_repl_that_never_comes(
        esp32, tmp_path, capsys):
    path, sha = image(tmp_path, 5)
    rc = flash.main(["--port", esp32, "--firmware", path, "--sha256", sha,
                     "--repl-timeout", "0.5", "--reset-wait", "0.5", "--boot-timeout", "1",
                     "--build-dir", str(tmp_path / "b")])
    out, err = capsys.readouterr()
    assert rc == 1
    assert "no REPL answer: resetting the board and asking again" in out
    assert "still no REPL: nothing on the board can be saved" in out
    assert "flashing MicroPython" in out and "no REPL answered" in out
    assert err.strip().splitlines() == [
        "flash: error: device on %s never answered the REPL within 1 s" % esp32]
    assert verify_flash(esp32, path)           # the image did land


def test_firmware_hash_mismatch_writes_nothing(esp32, tmp_path, capsys):
    path, sha = image(tmp_path, 6)
    rc = flash.main(["--port", esp32, "--firmware", path, "--sha256", "0" * 64,
                     "--repl-timeout", "0.5", "--build-dir", str(tmp_path / "b")])
    err = capsys.readouterr().err
    assert rc == 1
    assert err.count("\n") == 1 and "firmware hash mismatch: %s has sha256 %s" % (
        path, sha) in err
    assert not verify_flash(esp32, path)


def test_outdated_board_is_backed_up_flashed_and_restored(esp32, tmp_path, capsys):
    """REPL on devsim, ROM bootloader on the mock (--bootloader-port): the
    board answers with another MicroPython, so its data is saved, the image
    written and verified, the REPL awaited, the data put back; the board
    still reports the old version (devsim cannot change), and that is named."""
    from host_tools.devsim import DevSim
    dev = tmp_path / "flash"
    dev.mkdir()
    (dev / "scores.log").write_bytes(b"\x00\x01match-1")
    path, sha = image(tmp_path, 7)
    with DevSim(str(dev)) as sim:
        rc = flash.main(["--port", sim.port, "--bootloader-port", esp32,
                         "--firmware", path, "--sha256", sha, "--mp-version", "9.9.9",
                         "--backup-dir", str(tmp_path / "backup"),
                         "--build-dir", str(tmp_path / "b")])
    out, err = capsys.readouterr()
    assert rc == 1
    assert "saved 1 file (9 bytes)" in out
    assert "flashing MicroPython 9.9.9 from %s (board reports" % path in out
    assert "restored 1 file to the board" in out
    assert err.startswith("flash: error: after flashing, the board reports "
                          "MicroPython 1.29") and err.count("\n") == 1
    assert verify_flash(esp32, path)
    kept = list((tmp_path / "backup").iterdir())
    assert [(k / "scores.log").read_bytes() for k in kept] == [b"\x00\x01match-1"]
    assert (dev / "scores.log").read_bytes() == b"\x00\x01match-1"
