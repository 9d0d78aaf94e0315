"""`pocket emulate --link N` opens N windows (SDL's dummy video driver
here), each the whole app in its own process on the simulated radio; the
command stopped, every window goes with it."""
import os
import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("pygame")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_emulate_link_3_opens_three_windows_on_the_radio(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    p = subprocess.Popen([sys.executable, "-m", "host_tools", "emulate", "--link", "3",
                          "--dir", str(tmp_path)], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    outs = [tmp_path / (n + ".out") for n in ("ann", "bo", "cy")]
    try:
        t0 = time.monotonic()
        while time.monotonic() - t0 < 60:
            if all(o.exists() and "on the simulated radio" in o.read_text() for o in outs):
                break
            time.sleep(0.5)
        for o, name in zip(outs, ("Ann", "Bo", "Cy")):
            assert "%s's console is on the simulated radio" % name in o.read_text()
    finally:
        p.send_signal(signal.SIGTERM)
        out = p.communicate(timeout=30)[0]
    assert "3 windows (Ann, Bo, Cy)" in out
    left = subprocess.run(["pgrep", "-f", "--save-dir %s" % tmp_path], capture_output=True,
                          text=True).stdout.split()
    assert left == [], "windows left running: %s" % left
