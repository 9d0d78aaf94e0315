"""The ESP32's radio backend (hal.espnowlink) in consoles as processes:
two 32-bit consoles whose link is EspNowLink over the stand-in
`espnow` (tests/link_mp/fake_radio), which rides the simulated air with
its faults; the duty cycle switches the WLAN interface off and on."""
import os

from host_tools.link import air as A
from host_tools.link import run as R
from host_tools.mp32 import build

import pytest

FAKE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "link_mp", "fake_radio")
pytestmark = pytest.mark.skipif(bool(build.missing()), reason="no 32-bit MicroPython build")


def test_a_round_on_the_esp32_backend_over_a_lossy_radio(tmp_path):
    result = R.Table(str(tmp_path), 2, 5, faults=A.Faults(loss=0.2, dup=0.05), run=build.plain(),
                     think="1000-2000", radio="espnow", path=[FAKE]).play()
    outs = "\n".join(c["out"][-1500:] for c in result.consoles)
    assert result.ok, "%s\n%s" % (result.problem, outs)
    assert R.check(result) == [], outs
    assert result.stats["lost"] > 50 and result.stats["radio off"] > 50, result.stats
    for c in result.consoles:
        assert c["wakes"] > c["alive_ms"] / 1000, (c["name"], c["wakes"])   # WLAN off and on
