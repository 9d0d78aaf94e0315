"""hal.web on CPython: the real SSD1683 driver hands the page each update
(kind, changed rows, the whole framebuffer), buttons come from `keys`,
deep sleep raises SleepWake and reboot() wakes with that button."""
import base64

import pytest

from hal.base import SleepWake, WAKE_BUTTON, WAKE_POWER
from hal.buttons import A, PRESS, bit
from hal.web import WebHal


@pytest.fixture
def hal(tmp_path):
    shown = []
    h = WebHal(str(tmp_path), lambda kind, y0, y1, data: shown.append((kind, y0, y1, data)),
               log=lambda s: None)
    h.shown = shown
    return h


def test_each_update_reaches_the_page_with_its_rows_and_frame(hal):
    d = hal.display
    drawn = []
    d.fill(1)
    d.fill_rect(0, 0, 10, 10, 0)
    d.refresh_full()
    drawn.append(bytes(d.buf))
    d.fill_rect(0, 40, 400, 20, 0)
    assert d.refresh_partial(0, 40, 400, 20) == "partial"
    drawn.append(bytes(d.buf))
    d.fill(0)
    d.refresh_fast()
    drawn.append(bytes(d.buf))
    kinds = [(k, y0, y1) for k, y0, y1, _ in hal.shown]
    assert kinds == [("full", 0, 300), ("partial", 40, 60), ("fast", 0, 300)]
    assert [base64.b64decode(data) for _, _, _, data in hal.shown] == drawn
    assert d.counts == {"full": 1, "fast": 1, "partial": 1}


def test_partial_after_sleep_is_a_fast_refresh(hal):
    d = hal.display
    d.refresh_full()
    d.sleep()
    assert d.refresh_partial(0, 0, 400, 8) == "fast"
    assert hal.shown[-1][0] == "fast"


def test_buttons_come_from_keys(hal):
    hal.keys = bit(A)
    t = hal.ticks_ms()
    ev = []
    while hal.ticks_ms() - t < 60:
        ev += hal.poll()
    assert (PRESS, A) in ev


def test_deep_sleep_and_wake(hal):
    assert hal.wake_reason() == WAKE_POWER
    with pytest.raises(SleepWake) as e:
        hal.deep_sleep()
    h = hal.reboot(SleepWake(bit(A)))
    assert h.wake_reason() == WAKE_BUTTON and h.wake_buttons() == bit(A)
    assert h.start() == [(PRESS, A)]
    assert hal.reboot(e.value).wake_reason() == WAKE_POWER


def test_no_serial_line_and_the_device_id_is_kept_with_the_saves(hal, tmp_path):
    from hal.parts import device_id, serial
    assert serial(hal) is None
    first = device_id(hal)
    assert first and (tmp_path / "device_id").exists()
    assert device_id(hal.reboot()) == first
