"""The cell as the console reads it: divider, ADC range, calibration, USB.

The battery divider (hal.board.BATTERY_RATIO, from hardware/pins.json)
feeds an ADC1 pin read at 11 dB attenuation, whose accurate range on the
ESP32 is ADC_MIN_MV..ADC_MAX_MV at the pin (ESP-IDF ADC guide, ESP32,
"ADC attenuation": 150-2450 mV at 11 dB).  pin_range_mv() gives where a
CELL_MIN_MV..CELL_MAX_MV cell lands through a ratio; the tests check it
lies inside that range for whatever board.py says.

Calibration: the bring-up run (hal.selftest.calibrate) divides a voltage
the maker measured at the cell by what the pin reads and stores that
ratio as the CALIBRATION record; the ESP32 backend reads it at boot and
uses it from then on.  A stored ratio more than RATIO_SLACK from the
nominal one is refused (a typo or a wrong probe, not the divider).

USB: the reference board's divider may see the external supply instead of
the cell while USB is in (uPesy's board guide).  A reading above
hal.base.EXTERNAL_MV is no cell voltage: the app (ui.power) shows a plug
and neither warns nor stops on it.  With a cell that is charging the
reading is the cell at its charge voltage (up to CELL_MAX_MV): full, never
low.  Only the ESP32 backend and the bring-up run import this module.
"""
import json

CELL_MIN_MV = 3000     # LiPo discharge end; the ESP32-WROOM-32E's minimum VDD
CELL_MAX_MV = 4200     # LiPo charge end
ADC_MIN_MV = 150       # 11 dB: accurate range at the pin
ADC_MAX_MV = 2450
RATIO_SLACK = 0.15     # a calibrated ratio within 15% of the nominal one
CALIBRATION = "calib"  # storage record: {"battery_ratio": r}


def pin_range_mv(ratio):
    """(low, high) mV at the ADC pin for an empty and a full cell."""
    return CELL_MIN_MV / ratio, CELL_MAX_MV / ratio


def ratio_ok(ratio, nominal):
    return isinstance(ratio, (int, float)) and abs(ratio - nominal) <= nominal * RATIO_SLACK


def load_ratio(storage, nominal):
    """The calibrated divider ratio if one is stored and sane, else nominal."""
    raw = storage.load(CALIBRATION)
    if raw is None:
        return nominal
    try:
        r = json.loads(raw).get("battery_ratio")
    except (ValueError, AttributeError):
        return nominal
    return r if ratio_ok(r, nominal) else nominal


def calibrate(storage, pin_uv, cell_mv, nominal):
    """Store cell_mv / pin voltage as the divider ratio; returns it.

    ValueError (one line) if the pair cannot be a cell on this divider."""
    if not CELL_MIN_MV <= cell_mv <= CELL_MAX_MV:
        raise ValueError("battery %d mV: a cell reads %d-%d mV" % (cell_mv, CELL_MIN_MV, CELL_MAX_MV))
    if pin_uv <= 0:
        raise ValueError("the battery pin reads 0 V: no divider on it?")
    r = cell_mv * 1000 / pin_uv
    if not ratio_ok(r, nominal):
        raise ValueError("ratio %.3f is more than %d%% from the divider's %.3f: not stored"
                         % (r, int(RATIO_SLACK * 100), nominal))
    storage.save(CALIBRATION, json.dumps({"battery_ratio": r}).encode())
    return r


def calibrate_battery(hal, cell_mv):
    """Make hal's battery_mv() read cell_mv from now on: the ratio stored
    (calibrate) and read again at its next reading; returns the ratio.
    ValueError without a pin.  (Here, not a Hal method: only the bring-up
    run calibrates, and a method's name is interned wherever the hal is.)"""
    uv = hal.battery_pin_uv()
    if uv is None:
        raise ValueError("no battery pin on the %s backend" % hal.name)
    r = calibrate(hal.storage, uv, cell_mv, hal.battery_ratio)
    hal._ratio = None          # hal.base's copy of the ratio: load_ratio again
    return r
