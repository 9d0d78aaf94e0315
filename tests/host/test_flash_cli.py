"""flash's front door: port listing and port errors, the firmware cache and
its hash pin, the offline download, the bundle build."""
import hashlib
import os
import select
import pty
import shutil
import subprocess
import sys
import tty

import pytest

from host_tools import FIRMWARE, ROOT
from host_tools.flash import command as flash
from host_tools.flash.deploy import build_bundle
from host_tools.flash.firmware_cache import PINNED, cached_name, check_image, firmware_image
from host_tools.flash.common import FlashError, Progress

DEAD_PROXY = "http://127.0.0.1:9"        # nothing listens: every fetch fails at once


def test_no_port_lists_the_ports(capsys):
    from serial.tools.list_ports import comports
    assert flash.main([]) == 0
    out = capsys.readouterr().out
    assert "serial ports (pass one as PORT=" in out or "no USB serial port found" in out
    for p in comports():
        assert "  " + p.device in out


def test_missing_port_is_named(capsys):
    assert flash.main(["--port", "/dev/ttyUSB_nope"]) == 1
    err = capsys.readouterr().err
    assert err == "flash: error: no such port: /dev/ttyUSB_nope (run `make flash` " \
                  "without PORT to list ports)\n"


@pytest.mark.skipif(os.geteuid() != 0 or not os.path.exists("/usr/bin/python3"),
                    reason="needs root to run the tool as an unprivileged user")
def copy_for_nobody(dest):
    """What `flash` loads before it opens the port (host_tools, firmware,
    pyserial), copied into a folder anyone can read: a checkout in a private
    folder (0700, as `mktemp -d` makes) is closed to nobody, and so is the
    venv inside it."""
    import serial
    os.chmod(dest, 0o755)
    for src in (os.path.join(ROOT, "host_tools"), FIRMWARE,
                os.path.dirname(serial.__file__)):
        shutil.copytree(src, os.path.join(dest, os.path.basename(src)),
                        ignore=shutil.ignore_patterns("__pycache__"))
    for d, dirs, files in os.walk(dest):
        os.chmod(d, 0o755)
        for f in files:
            os.chmod(os.path.join(d, f), 0o644)
    return dest


def closed_to_others(path):
    """The first folder on the way to path that others cannot enter, or None."""
    while True:
        if not os.stat(path).st_mode & 0o001:
            return path
        if os.path.dirname(path) == path:
            return None
        path = os.path.dirname(path)


def test_permission_denied_is_named():
    """Root opens anything, so run the tool as nobody against a root-only pty
    (from a copy anyone can read, whatever the checkout's folder allows)."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        where = copy_for_nobody(tmp)
        closed = closed_to_others(os.path.dirname(where))
        if closed:
            pytest.skip("nobody cannot reach the temporary folder: %s is closed to others"
                        % closed)
        master, slave = pty.openpty()
        path = os.ttyname(slave)
        os.chmod(path, 0o600)
        env = {"PYTHONPATH": where, "HOME": "/tmp", "PATH": "/usr/bin:/bin"}
        # the copy's build/ is root's: nobody's bundle goes where nobody may
        # write (the folders are checked before the port, issue 37)
        build = "/tmp/flash-build-nobody-%d" % os.getpid()
        try:
            r = subprocess.run(["/usr/bin/python3", "-m", "host_tools", "flash", "--port",
                                path, "--build-dir", build], capture_output=True, text=True,
                               env=env, cwd="/", user=65534, timeout=60)
        finally:
            os.close(master)
            os.close(slave)
    assert r.returncode == 1, r.stderr
    assert r.stderr.startswith("flash: error: permission denied on %s: add yourself"
                               % path)
    assert r.stderr.count("\n") == 1


def put_in_cache(cache, data):
    p = os.path.join(str(cache), cached_name(PINNED))
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as f:
        f.write(data)
    return p


def test_cached_release_is_used_without_download(tmp_path, monkeypatch):
    monkeypatch.setenv("HTTPS_PROXY", DEAD_PROXY)
    p = put_in_cache(tmp_path, b"image bytes")
    rel = PINNED._replace(sha256=hashlib.sha256(b"image bytes").hexdigest())
    assert firmware_image(rel, cache_dir=str(tmp_path)) == p


def test_cached_or_given_file_with_wrong_hash_is_refused(tmp_path):
    p = put_in_cache(tmp_path, b"tampered")
    rel = PINNED._replace(sha256=hashlib.sha256(b"genuine").hexdigest())
    with pytest.raises(FlashError, match="firmware hash mismatch: .* has sha256 %s"
                       % hashlib.sha256(b"tampered").hexdigest()):
        firmware_image(rel, cache_dir=str(tmp_path))
    with pytest.raises(FlashError, match="firmware hash mismatch"):
        firmware_image(rel, path=p)
    with pytest.raises(FlashError, match="firmware file not found"):
        firmware_image(rel, path=str(tmp_path / "nope.bin"))


def test_an_unpinned_release_refuses_every_image(tmp_path):
    p = tmp_path / "fw.bin"
    p.write_bytes(b"x")
    with pytest.raises(FlashError, match="no SHA-256 pinned .* %s"
                       % hashlib.sha256(b"x").hexdigest()):
        check_image(str(p), PINNED._replace(sha256=None))


def test_offline_download_is_one_line(tmp_path):
    """The whole command, with no REPL on the port and no network: mpflash's
    download fails and the user gets one line saying what to do."""
    master, slave = pty.openpty()
    env = dict(os.environ, HTTPS_PROXY=DEAD_PROXY, https_proxy=DEAD_PROXY,
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("NO_PROXY", None)
    env.pop("no_proxy", None)
    try:
        r = subprocess.run([sys.executable, "-m", "host_tools", "flash", "--port",
                            os.ttyname(slave), "--repl-timeout", "0.3", "--reset-wait", "0.3",
                            "--build-dir",
                            str(tmp_path / "b"), "--sha256", "0" * 64],
                           capture_output=True, text=True, env=env, cwd=ROOT,
                           timeout=120)
    finally:
        os.close(master)
        os.close(slave)
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith("flash: error: cannot download MicroPython %s ("
                               % PINNED.version)
    assert "pass FIRMWARE=path" in r.stderr


def test_bundle_compiles_modules_and_keeps_main_as_source(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIRMWARE, src, ignore=shutil.ignore_patterns("__pycache__"))
    (src / "main.py").write_text("import compat\n")
    b = build_bundle(str(tmp_path / "build"), source=str(src))
    assert b.hashes["main.py"] == hashlib.sha256(b"import compat\n").hexdigest()
    assert "compat.mpy" in b.files and "rummikub/tiles.mpy" in b.files
    assert all(p.endswith(".mpy") for p in b.files if p != "main.py")
    assert b.size == sum(os.path.getsize(f) for f in b.files.values())
    with open(b.files["rummikub/tiles.mpy"], "rb") as f:
        assert f.read(2) == b"M\x06"                     # mpy v6

    (src / "broken.py").write_text("def f(:\n")
    with pytest.raises(FlashError, match="mpy-cross failed: broken.py"):
        build_bundle(str(tmp_path / "build"), source=str(src))


def test_progress_bar_ends_with_one_line(tmp_path):
    log = tmp_path / "log"
    with open(log, "w") as f:
        with Progress("deploy", 200, stream=f) as bar:
            bar.update(50)
            bar.advance(150)
    assert log.read_text() == "deploy     [" + "#" * 28 + "] 100% 200/200 B\n"



def _drain(fd, quiet_s=0.2):
    """Everything the pty holds: one read may return only the first chunk."""
    out = b""
    while select.select([fd], [], [], quiet_s)[0]:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out


def test_progress_bar_redraws_in_place_on_a_terminal():
    master, slave = pty.openpty()
    tty.setraw(slave)                        # the bytes exactly as written
    with os.fdopen(slave, "w") as term:
        with Progress("deploy", 100, stream=term, width=10) as bar:
            bar.update(30)
            bar.update(100)
        with pytest.raises(FlashError):
            with Progress("boot", 5, unit="s", stream=term, width=10) as bar:
                bar.update(2)
                raise FlashError("board gone")
    shown = _drain(master).decode()
    os.close(master)
    assert shown == ("\rdeploy     [###.......]  30% 30/100 B"
                     "\rdeploy     [##########] 100% 100/100 B"
                     "\rdeploy     [##########] 100% 100/100 B\n"
                     "\rboot       [####......]  40% 2/5 s\n")   # failed: no 100%
