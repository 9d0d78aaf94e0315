"""Deploy with mpremote to the MicroPython unix port standing in for the board
(devsim), then look at what landed in the folder that stands for its flash."""
import hashlib
import json
import os
import pty
import shutil

import pytest

from host_tools import FIRMWARE
from host_tools.flash import command as flash
from host_tools.flash.board import Board
from host_tools.flash.deploy import (KEEP_SOURCE, VERSION_FILE, build_bundle, check,
                               deploy, git_commit, version_info)
from host_tools.devsim import DevSim
from host_tools.flash.common import FlashError


@pytest.fixture
def src(tmp_path):
    """A private copy of firmware/ the test may edit."""
    d = tmp_path / "src"
    shutil.copytree(FIRMWARE, d, ignore=shutil.ignore_patterns("__pycache__"))
    return d


@pytest.fixture
def board(tmp_path):
    with DevSim(str(tmp_path / "flash")) as sim:
        yield sim


def folder_hashes(root):
    out = {}
    for d, _, files in os.walk(root):
        for f in files:
            p = os.path.join(d, f)
            out[os.path.relpath(p, root).replace(os.sep, "/")] = \
                hashlib.sha256(open(p, "rb").read()).hexdigest()
    return out


def test_flash_command_deploys_then_second_run_copies_nothing(tmp_path, src, board,
                                                               capsys):
    with Board(board.port) as b:
        ver, machine = b.firmware()
    argv = ["--port", board.port, "--source", str(src), "--build-dir",
            str(tmp_path / "build"), "--mp-version", ver, "--machine", machine[:5],
            "--march", "x64"]
    before = git_commit()        # other sessions may commit meanwhile
    assert flash.main(argv) == 0
    commits = (before, git_commit())
    out = capsys.readouterr().out
    bundle = build_bundle(str(tmp_path / "build2"), source=str(src), march="x64")
    n = len(bundle.files)
    assert "bundle: %d files" % n in out and "(%d bytes)" % bundle.size in out
    assert "firmware step skipped" in out
    assert "deploy: %d copied, 0 removed, 0 unchanged" % n in out

    landed = folder_hashes(tmp_path / "flash")
    version = json.loads(open(tmp_path / "flash" / VERSION_FILE).read())
    assert version["commit"] in commits
    assert version == {"commit": version["commit"], "bundle": bundle.digest, "files": n}
    assert "device reports version %s, bundle %s: done" % (
        version["commit"], bundle.digest[:12]) in out
    del landed[VERSION_FILE]
    assert landed == bundle.hashes
    assert set(p for p in landed if p.endswith(".py")) <= set(KEEP_SOURCE)  # compiled

    resets = board.resets
    assert flash.main(argv) == 0
    out = capsys.readouterr().out
    assert "deploy: 0 copied, 0 removed, %d unchanged" % n in out
    assert board.resets > resets            # it still soft-reset and re-checked
    # the board runs the compiled engine
    with Board(board.port) as b:
        got = b.run("from rummikub.tiles import parse_tile, fmt_tile\n"
                    "print(fmt_tile(parse_tile('R5')))")
    assert got.strip() == "R5"


def test_only_the_edited_module_is_copied_and_stale_code_removed(tmp_path, src, board):
    dev = tmp_path / "flash"
    bundle = build_bundle(str(tmp_path / "b1"), source=str(src), march="x64")
    with Board(board.port) as b:
        first = deploy(b, bundle, version_info(bundle, "c1"), log=lambda s: None)
    assert len(first.copy) == len(bundle.files)

    (src / "newpkg" / "deep").mkdir(parents=True)      # a new package, two deep
    (src / "newpkg" / "deep" / "__init__.py").write_text("DEPTH = 2\n")
    with open(src / "rummikub" / "tiles.py", "a") as f:
        f.write("\n\ndef _deploy_probe():\n    return 42\n")
    (dev / "rummikub" / "gone.mpy").write_bytes(b"M\x06old")   # stale module
    (dev / "compat.py").write_text("raise ImportError\n")      # would shadow .mpy
    (dev / "scores.log").write_bytes(b"keep me")               # user data
    bundle2 = build_bundle(str(tmp_path / "b2"), source=str(src), march="x64")
    assert bundle2.digest != bundle.digest
    with Board(board.port) as b:
        second = deploy(b, bundle2, version_info(bundle2, "c2"), log=lambda s: None)
        probe = b.run("from rummikub.tiles import _deploy_probe\nimport compat\n"
                      "from newpkg.deep import DEPTH\nprint(_deploy_probe() + DEPTH)")
    assert second.copy == ["newpkg/deep/__init__.mpy", "rummikub/tiles.mpy"]
    assert second.remove == ["compat.py", "rummikub/gone.mpy"]
    assert probe.strip() == "44"
    assert (dev / "scores.log").read_bytes() == b"keep me"
    assert not (dev / "rummikub" / "gone.mpy").exists()
    assert json.loads((dev / VERSION_FILE).read_text())["commit"] == "c2"


def test_native_code_must_match_the_board(tmp_path, src, board):
    (src / "fastmod.py").write_text(
        "from compat import micropython\n\n@micropython.native\n"
        "def twice(x):\n    return x * 2\n")
    esp = build_bundle(str(tmp_path / "esp"), source=str(src))   # xtensawin
    with Board(board.port) as b:
        # (the solver's kernel is native code too: it may be named first)
        with pytest.raises(FlashError, match=r"cannot load \S+\.mpy: its native "
                           "code is mpy v6.3 for xtensawin, the board runs v6.3 x64"):
            deploy(b, esp, version_info(esp, "c"), log=lambda s: None)
        assert not (tmp_path / "flash" / "fastmod.mpy").exists()   # refused up front
        host = build_bundle(str(tmp_path / "x64"), source=str(src), march="x64")
        deploy(b, host, version_info(host, "c"), log=lambda s: None)
        assert b.run("import fastmod\nprint(fastmod.twice(21))").strip() == "42"


def test_check_catches_a_board_that_differs(tmp_path, board):
    bundle = build_bundle(str(tmp_path / "b"), march="x64")
    info = version_info(bundle, "abc")
    dev = tmp_path / "flash"
    with Board(board.port) as b:
        deploy(b, bundle, info, log=lambda s: None)
        (dev / "rummikub" / "tiles.mpy").write_bytes(b"broken")
        with pytest.raises(FlashError, match="differ from the bundle.*rummikub/tiles.mpy"):
            check(b, bundle, info)
        deploy(b, bundle, info, log=lambda s: None)      # repairs just that file
        (dev / VERSION_FILE).write_text('{"commit": "other"}')
        with pytest.raises(FlashError, match="device reports version"):
            check(b, bundle, info)


def test_silent_device_is_one_line_error(tmp_path, capsys):
    master, slave = pty.openpty()        # a port with nothing behind it
    try:
        rc = flash.main(["--port", os.ttyname(slave), "--skip-firmware",
                         "--repl-timeout", "0.5", "--build-dir", str(tmp_path / "b")])
    finally:
        os.close(master)
        os.close(slave)
    err = capsys.readouterr().err
    assert rc == 1
    assert err.count("\n") == 1
    assert "never answered the MicroPython REPL" in err


def test_board_files_survive_an_erase(tmp_path, board):
    """What flash does around esptool's erase: save every file the deploy
    will not bring back, (the erase), write them back."""
    from host_tools.flash import board_backup
    dev = tmp_path / "flash"
    (dev / "data" / "2026").mkdir(parents=True)
    (dev / "data" / "2026" / "scores.log").write_bytes(bytes(range(256)) * 3)
    (dev / "settings.json").write_text('{"names": ["Ana"]}')
    (dev / "mine.py").write_text("print('my own script')\n")
    (dev / "app.mpy").write_bytes(b"M\x06code")       # the deploy brings it back
    (dev / VERSION_FILE).write_text("{}")
    with Board(board.port) as b:
        saved = board_backup.save(b, str(tmp_path / "backup"), skip={"app.mpy"})
    assert sorted(saved) == ["data/2026/scores.log", "mine.py", "settings.json"]
    kept = list((tmp_path / "backup").iterdir())[0]
    assert (kept / "data" / "2026" / "scores.log").read_bytes() == bytes(range(256)) * 3

    shutil.rmtree(dev)                   # the erase, and the reboot after it
    dev.mkdir()
    board.hard_reset()
    with Board(board.port) as b:
        board_backup.restore(b, saved)
    assert (dev / "data" / "2026" / "scores.log").read_bytes() == bytes(range(256)) * 3
    assert (dev / "settings.json").read_text() == '{"names": ["Ana"]}'
    assert (dev / "mine.py").read_text() == "print('my own script')\n"
    assert not (dev / "app.mpy").exists()


def test_port_held_by_another_program_is_named(tmp_path, board, capsys):
    import serial
    other = serial.serial_for_url(board.port, exclusive=True)   # e.g. a terminal
    try:
        rc = flash.main(["--port", board.port, "--skip-firmware",
                         "--build-dir", str(tmp_path / "b")])
    finally:
        other.close()
    assert rc == 1
    assert capsys.readouterr().err == (
        "flash: error: %s is busy: close other serial programs (screen, Thonny, "
        "mpremote)\n" % board.port)
