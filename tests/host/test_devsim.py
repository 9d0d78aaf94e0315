"""devsim: the MicroPython unix port as a board, driven by the real mpremote CLI."""
import hashlib
import os
import subprocess
import sys
import time

import pytest

from host_tools.flash.board import Board
from host_tools.devsim import DevSim
from host_tools.mp32 import build as mp32

MPREMOTE = os.path.join(os.path.dirname(sys.executable), "mpremote")


def mpremote(port, *args):
    r = subprocess.run([MPREMOTE, "connect", port, *args], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr + r.stdout
    return r.stdout


def test_mpremote_files_land_in_the_folder_and_soft_reset_restarts(tmp_path):
    blob = bytes(range(256)) * 9 + b"\r\n\x03\x04\x01"   # control bytes too
    (tmp_path / "blob.bin").write_bytes(blob)
    dev = tmp_path / "flash"
    with DevSim(str(dev)) as sim:
        out = mpremote(sim.port, "exec", "zz = 5", "+", "exec", "print('zz' in globals())",
                       "+", "soft-reset", "+", "exec", "print('zz' in globals())",
                       "+", "fs", "mkdir", "d", "+",
                       "fs", "cp", str(tmp_path / "blob.bin"), ":d/blob.bin",
                       "+", "fs", "sha256sum", ":d/blob.bin")
        resets = sim.resets
    lines = out.split()
    assert lines[:2] == ["True", "False"]          # the reset wiped the interpreter
    assert resets >= 1
    assert (dev / "d" / "blob.bin").read_bytes() == blob
    assert hashlib.sha256(blob).hexdigest() in out  # hashed on the "device"


def test_tcp_port_and_cwd_is_the_folder(tmp_path):
    with DevSim(str(tmp_path), tcp_port=0) as sim:
        assert sim.port.startswith("socket://127.0.0.1:")
        out = mpremote(sim.port, "exec", "import os; print(os.getcwd())")
        # a second connection finds the same board, still answering
        with Board(sim.port) as b:
            assert b.run("print(6 * 7)").strip() == "42"
    assert out.strip() == os.path.realpath(str(tmp_path))


def test_command_line_prints_its_port(tmp_path):
    p = subprocess.Popen([sys.executable, "-m", "host_tools.devsim", str(tmp_path),
                          "--tcp", "0"], stdout=subprocess.PIPE, text=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(
                             os.path.abspath(__file__)))))
    try:
        port = p.stdout.readline().strip()
        assert port.startswith("socket://")
        with Board(port) as b:
            b.write("hello.txt", b"hi")
        assert (tmp_path / "hello.txt").read_bytes() == b"hi"
    finally:
        p.terminate()
        p.wait(10)


def test_run_main_follows_board_reset_rules(tmp_path):
    """main.py runs at power-on, after a hard reset and after a friendly soft
    reset, but not after a soft reset from the raw REPL (as on a board)."""
    (tmp_path / "main.py").write_text(
        "f = open('boots.txt', 'a')\nf.write('x')\nf.close()\nprint('app up')\n")
    boots = tmp_path / "boots.txt"

    def wait_boots(n):
        for _ in range(500):
            if boots.exists() and len(boots.read_text()) == n:
                return True
            time.sleep(0.02)
        return False

    with DevSim(str(tmp_path), run_main=True) as sim:
        assert wait_boots(1)
        with Board(sim.port) as b:
            b.soft_reset()                       # raw REPL: main.py skipped
            assert b.run("print(1)").strip() == "1"
            assert len(boots.read_text()) == 1
            b.start_app()                        # friendly Ctrl-D: main.py runs
        assert wait_boots(2)
        sim.hard_reset()
        assert wait_boots(3)
        with Board(sim.port) as b:               # and the REPL is there after it
            assert b.run("print(2)").strip() == "2"


def test_a_host_hanging_up_mid_output_leaves_the_board_answering(tmp_path):
    """The TCP bridge: a host that closes while the board still prints
    (flash, then sync, each connect and go) loses that output; the next
    host finds the board answering (the bridge's thread once died on it)."""
    import socket
    with DevSim(str(tmp_path), tcp_port=0) as sim:
        host, port = sim.port[len("socket://"):].split(":")
        for _ in range(20):
            s = socket.create_connection((host, int(port)), timeout=10)
            s.sendall(b"\r\x03\x03\x02for i in range(2000): print('%04d' % i, 'x' * 60)\r\n")
            time.sleep(0.05)
            s.close()
        with Board(sim.port) as b:
            assert b.run("print(6 * 7)").strip() == "42"



@pytest.mark.skipif(bool(mp32.missing()), reason=str(mp32.missing()))
def test_what_the_host_sends_while_the_board_boots_is_not_lost(tmp_path):
    """The unix port's REPL sets its terminal with TCSAFLUSH, dropping what
    was typed before; a board's UART keeps it.  An interpreter slow to start
    (a loaded CI machine; here a wrapper that waits first) still gets the
    host's first Ctrl-C/Ctrl-A: the REPL answers, where the host used to
    wait out its timeout (bringup failed so on CI).  The 32-bit build is the
    one that drops the bytes (the pip launcher's binary happens not to)."""
    slow = tmp_path / "slow-micropython"
    slow.write_text("#!/bin/sh\nsleep 1\nexec %s \"$@\"\n" % mp32.plain())
    slow.chmod(0o755)
    with DevSim(str(tmp_path / "flash"), exe=str(slow)) as sim:
        with Board(sim.port, timeout=5) as b:
            assert b.run("print(6 * 7)").strip() == "42"
