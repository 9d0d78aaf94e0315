"""`sync --repl` against a light-sleeping board (issue 24, minor items):
its UART loses the bytes that wake it, so the first interrupts never
arrive.  The tool knocks again until the raw REPL answers."""
from devlink import Device, FaultProxy
from synccheck import played
from test_sync_cli import tool


def test_repl_interrupt_is_sent_until_the_board_answers(tmp_path):
    folder = tmp_path / "device"
    played(folder, 8, 9)
    with Device(folder, repl=True) as dev, \
            FaultProxy(dev, host="pty", raw=True, asleep=5) as proxy:
        rc, out, err = tool("sync", "--port", proxy.url, "--db", str(tmp_path / "s.db"),
                            "--repl", "--timeout", "0.5")
        assert rc == 0, err
        assert "dev-test: 10 new records" in out
        assert proxy.asleep == 0 and proxy.counts["asleep"] >= 5
        dev.proc.wait(5)               # the unix port's soft reset ends the process
        assert dev.stderr() == ""
