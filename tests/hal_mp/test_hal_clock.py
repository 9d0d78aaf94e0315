"""The date the console shows and logs (hal.time): the host sets it at
each sync (hal.clock); until then, and after a power cut, there is none rather than a
wrong one (CPython and MicroPython).  The ESP32's RTC: esp32_checks.py."""
from storage_fakes import in_fresh_dir

from hal.base import Hal, system_time
from hal.clock import EPOCH_2000, set_time, utc_offset
from hal.storage import Storage
from hal.unixport import UnixHal

CLOCK_FROM = 1704067200     # 2024-01-01 UTC: hal.base counts a clock set from here


class ComputerHal(Hal):
    """A computer's backend (emulator, web page): the system clock."""

    def __init__(self, root):
        super().__init__(None, Storage(root, log=lambda s: None))


@in_fresh_dir
def test_a_computer_has_the_date(d):
    h = ComputerHal(d)
    assert abs(h.time() - system_time()) <= 1 and h.time() > CLOCK_FROM
    assert utc_offset(h) == 0


@in_fresh_dir
def test_a_clock_nobody_set_is_no_date(d):
    h = ComputerHal(d)
    for t in (None, 0, EPOCH_2000, EPOCH_2000 + 86400 * 365, CLOCK_FROM - 1):
        h.board_clock = lambda: t
        assert h.time() is None, t
    h.board_clock = lambda: CLOCK_FROM
    assert h.time() == CLOCK_FROM


@in_fresh_dir
def test_the_simulated_board_has_no_date_until_a_sync_sets_it(d):
    h = UnixHal(d, log=lambda s: None)
    assert h.time() is None and utc_offset(h) == 0
    set_time(h, 1795836658, -300)             # a host at UTC-5
    assert abs(h.time() - 1795836658) <= 1
    assert utc_offset(h) == -300
    again = UnixHal(d, log=lambda s: None)   # a wake from deep sleep: the RTC ran on
    assert abs(again.time() - 1795836658) <= 2 and utc_offset(again) == -300
