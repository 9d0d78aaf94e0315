"""hal.battery: the divider against the ADC's range, the stored calibration,
what a reading means.  Runs on CPython and the MicroPython unix port."""
from hal import board
from hal.base import EXTERNAL_MV
from hal.battery import (ADC_MAX_MV, ADC_MIN_MV, CALIBRATION, CELL_MAX_MV, calibrate,
                         load_ratio, pin_range_mv)
from hal.storage import Storage

ROOT = "/tmp/hal_battery_check"


def _storage():
    import os
    try:
        os.mkdir(ROOT)
    except OSError:
        pass
    st = Storage(ROOT, log=lambda s: None)
    st.delete(CALIBRATION)
    return st


def test_a_whole_cell_lands_in_the_accurate_range_at_11_db():
    # whatever pins.json's divider is: 3.0 V (empty) and 4.2 V (full)
    # through it must read accurately, or the low-battery stop is guesswork
    low, high = pin_range_mv(board.BATTERY_RATIO)
    assert ADC_MIN_MV <= low < high <= ADC_MAX_MV, (low, high)
    # the divider the issue found cited elsewhere (1.435) would not do
    assert pin_range_mv(1.435)[1] > ADC_MAX_MV


def test_usb_is_told_apart_from_a_full_cell():
    # a full cell reads under the USB line;
    # 5 V through the divider reads over it (or clips at the pin's top)
    assert CELL_MAX_MV < EXTERNAL_MV
    assert min(5000, ADC_MAX_MV * board.BATTERY_RATIO) > EXTERNAL_MV


def test_calibration_is_stored_and_read_back():
    st = _storage()
    nominal = board.BATTERY_RATIO
    assert load_ratio(st, nominal) == nominal          # none stored yet
    pin_uv = int(3900 * 1000 / (nominal * 1.04))       # the divider reads 4% low
    r = calibrate(st, pin_uv, 3900, nominal)
    assert abs(r - nominal * 1.04) < 0.001
    assert load_ratio(st, nominal) == r
    assert int(pin_uv * r) // 1000 in (3899, 3900)


def test_a_calibration_that_cannot_be_right_is_refused_and_nothing_is_lost():
    st = _storage()
    nominal = board.BATTERY_RATIO
    good = calibrate(st, int(4000 * 1000 / nominal), 4000, nominal)
    for pin_uv, mv in ((int(4000 * 1000 / nominal), 40000),    # typed 40 V
                       (int(4000 * 1000 / nominal), 2500),     # below any cell
                       (int(1000 * 1000 / nominal), 4000),     # 4x off: a probe slip
                       (0, 4000)):
        try:
            calibrate(st, pin_uv, mv, nominal)
            raise AssertionError("stored %r" % ((pin_uv, mv),))
        except ValueError as e:
            assert "\n" not in str(e)
        assert load_ratio(st, nominal) == good
    # a damaged or foreign record: the nominal ratio, never a crash
    for raw in (b"{", b"[1]", b'{"battery_ratio": "2"}', b'{"battery_ratio": 9.0}'):
        st.save(CALIBRATION, raw)
        assert load_ratio(st, nominal) == nominal
