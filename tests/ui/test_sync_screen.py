"""The Sync screen on a backend without a USB line (the emulator): it says
so and goes back; the title menu reaches it as its last item."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import Driver  # noqa: E402


def test_sync_screen_without_a_serial_line(tmp_path):
    d = Driver(str(tmp_path))
    assert d.screen.items[-1] == ("Sync", "sync")
    d.key("up")                      # the menu wraps: the last item
    d.key("a")
    assert d.screen.name == "sync"
    d.r.run(200)                     # the instructions, then sync mode
    assert d.screen.result == ["This device has no USB serial line."]
    assert d.screen.dev_id.startswith("sim-")
    d.key("b")
    assert d.screen.name == "title"
