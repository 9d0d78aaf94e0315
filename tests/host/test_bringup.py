"""`python -m host_tools bringup` end to end against the device simulator
(the MicroPython unix port on a real pty, driven through mpremote's
transport and pyserial): buttons pressed through the simulator's keys file,
the battery pin read from its battery_uv file; the report lands in a copy of
hardware/measured.json with every earlier key kept."""
import json
import os
import shutil

from host_tools import FIRMWARE, ROOT
from host_tools.flash import bringup
from host_tools.flash.devsim import DevSim

KEYS = "up down left right a b start"


def _board(tmp_path, keys=KEYS, pin_uv=1950000):
    dev = tmp_path / "flash"
    shutil.copytree(FIRMWARE, str(dev), ignore=shutil.ignore_patterns("__pycache__", "main.py"))
    (dev / "keys").write_text(keys)
    if pin_uv:
        (dev / "battery_uv").write_text(str(pin_uv))
    out = tmp_path / "measured.json"
    shutil.copyfile(os.path.join(ROOT, "hardware", "measured.json"), str(out))
    return dev, out


def _run(dev, out, *extra):
    with DevSim(str(dev)) as sim:
        return bringup.main(["--port", sim.port, "--out", str(out), "--loops", "300",
                             "--press-ms", "4000"] + list(extra))


def test_bringup_report_lands_in_measured_json(tmp_path, capsys):
    dev, out = _board(tmp_path)
    before = json.loads(out.read_text())
    assert _run(dev, out, "--cell-mv", "4000") == 0, capsys.readouterr().err
    said = capsys.readouterr().out
    assert "bringup: press up" in said and "bringup: start ok" in said
    m = json.loads(out.read_text())
    assert set(before) <= set(m)                          # no key lost
    for k in before:
        if k not in ("t_full", "t_fast", "t_partial"):
            assert m[k] == before[k]
    b = m[bringup.REPORT]
    assert b["buttons"] == {n: "ok" for n in KEYS.split()}
    assert 0 < b["heap_free_app"] < b["heap_free_boot"]
    assert b["pystone_per_s"] > 0
    assert b["cpu_hz"] is None                  # the unix port has no machine.freq
    assert all(isinstance(m[k], float) and m[k] >= 0 for k in ("t_full", "t_fast", "t_partial"))
    # 4000 mV measured, 1.95 V at the pin: the ratio stored on the board
    assert abs(b["battery_ratio"] - 4000 / 1950.0) < 1e-3
    assert b["battery_mv"] == int(1950000 * 2.0) // 1000 and abs(b["battery_mv_calibrated"] - 4000) <= 1
    assert (dev / "data" / "calib").exists()
    # no clock in the report (the simulator's): taken at the app's
    from hal.base import CPU_HZ
    assert bringup.measured_pystones(str(out)) == (b["pystone_per_s"], CPU_HZ)
    # and the power model still reads the file (the report is no model input)
    from host_tools.hardware.pins import load
    from host_tools.hardware.power import inputs
    assert inputs(load(), m)["t_full"].value == m["t_full"]


def test_crossed_wires_and_a_wrong_voltage_are_named(tmp_path, capsys):
    dev, out = _board(tmp_path, keys="up down right left a b start")
    assert _run(dev, out, "--cell-mv", "9000") == 1
    said = capsys.readouterr().out
    assert "bringup: left FAILED (got right)" in said
    b = json.loads(out.read_text())[bringup.REPORT]
    assert b["buttons"]["left"] == "right" and b["buttons"]["right"] == "left"
    assert "battery_ratio" not in b and "9000 mV" in b["battery_error"]
    assert not (dev / "data" / "calib").exists()
    assert "check the wiring of: left, right" in said


def test_no_battery_pin_and_no_measured_file_yet(tmp_path, capsys):
    dev, out = _board(tmp_path, pin_uv=0)
    os.remove(str(out))
    assert _run(dev, out, "--cell-mv", "0") == 0
    b = json.loads(out.read_text())[bringup.REPORT]
    assert b["battery_mv"] is None and "battery_ratio" not in b
    assert bringup.measured_pystones(str(tmp_path / "none.json")) == (None, None)


def test_the_esp32_factor_uses_the_boards_own_pystones_when_measured(tmp_path, monkeypatch):
    """Every "ESP32 est." (make bench, presses, gin think) divides the unix
    port's pystones by bench.estimate.ESP32_PYSTONES: the forum's 1166 until a
    bring-up run recorded the board's figure, then that one, with the unix
    port scored by the same program (pystone_mp.py) the board ran; either
    scaled from the clock it was measured at to the app's (hal.base.CPU_HZ)."""
    import importlib
    from hal.base import CPU_HZ
    from host_tools.bench import estimate
    out = tmp_path / "measured.json"
    monkeypatch.setattr(bringup, "MEASURED", str(out))
    try:
        # a board measured before its clock was set (ESP-IDF's 160 MHz)
        out.write_text(json.dumps({"t_full": None, bringup.REPORT: {
            "pystone_per_s": 1000, "cpu_hz": 160000000}}))
        importlib.reload(estimate)
        assert estimate.ESP32_PYSTONES == 1000.0 * CPU_HZ / 160000000 == 1500.0
        out.write_text(json.dumps({"t_full": None, bringup.REPORT: {"pystone_per_s": 1400}}))
        importlib.reload(estimate)
        assert estimate.ESP32_PYSTONES == 1400.0
        mp = os.path.join(ROOT, ".venv", "bin", "micropython")
        stones, program = estimate.pystones(mp, str(tmp_path))
        assert stones > 0 and program.startswith("host_tools/bench/pystone_mp.py (as on the board")
    finally:
        monkeypatch.undo()
        importlib.reload(estimate)
    # the forum's figure was measured at 240 MHz, the clock the app sets
    assert estimate.ESP32_PYSTONES == estimate.FORUM_PYSTONES == 1166.0
    assert estimate.FORUM_HZ == CPU_HZ


def test_the_typed_voltage_is_checked_before_the_board_is_touched(capsys, monkeypatch):
    assert bringup.ask_cell_mv(lambda prompt: " 3987 ") == 3987
    assert bringup.ask_cell_mv(lambda prompt: "") == 0           # Enter: no calibration
    monkeypatch.setattr("builtins.input", lambda prompt: "3.98 V")
    assert bringup.main(["--port", "/dev/nonexistent-port"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["bringup: error: '3.98 V' is not a voltage in mV (e.g. 3987)"]
    monkeypatch.setattr("builtins.input", lambda prompt: "")
    assert bringup.main(["--port", "/dev/nonexistent-port"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("bringup: error: no such port: /dev/nonexistent-port")


def test_no_one_to_type_the_voltage_is_one_line(capsys, monkeypatch):
    """stdin closed (a script, CI): the question cannot be answered; the
    tool says to pass --cell-mv instead of showing EOFError's traceback."""
    def closed(prompt):
        raise EOFError
    monkeypatch.setattr("builtins.input", closed)
    assert bringup.main(["--port", "/dev/nonexistent-port"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("bringup: error: no answer") and "--cell-mv" in err[0]
