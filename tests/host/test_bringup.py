"""`python -m host_tools bringup` end to end against the device simulator
(the MicroPython unix port on a real pty, driven through mpremote's
transport and pyserial): buttons pressed through the simulator's keys file,
the battery pin read from its battery_uv file; the report lands in a copy of
hardware/measured.json with every earlier key kept."""
import json
import os
import shutil

import pytest

from host_tools import FIRMWARE, ROOT
from host_tools.flash import bringup
from host_tools.devsim import DevSim
from host_tools.mp32 import build as mp32
from host_tools.mp32 import profiles

# the model's stand-ins for the ESP32's esp32 and network modules
SIMBOARD = os.path.join(ROOT, "host_tools", "mp32", "simboard")

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


def _model_board(tmp_path, monkeypatch, heap):
    """A simulated board on the 32-bit heap model (host_tools.mp32), the
    radio-off profile's room, the model's stand-ins for the esp32 and
    network modules in its lib/; the app as source (compiled on the board)."""
    dev, out = _board(tmp_path)
    os.mkdir(str(dev / "lib"))
    for name in ("esp32.py", "network.py"):
        shutil.copyfile(os.path.join(SIMBOARD, name), str(dev / "lib" / name))
    monkeypatch.setenv("MP32_IDF_HEAP", profiles.get("radio-off").env()["MP32_IDF_HEAP"])
    return dev, out, DevSim(str(dev), exe=mp32.plain(), heap=str(heap))


def _model_bringup(sim, out):
    with sim:
        return bringup.main(["--port", sim.port, "--out", str(out), "--loops", "300",
                             "--press-ms", "4000", "--cell-mv", "4000"])


@pytest.mark.skipif(bool(mp32.missing()), reason=str(mp32.missing()))
def test_the_memory_report_with_the_app_loaded_radio_off_and_on(tmp_path, capsys, monkeypatch):
    """mem_info and idf_heap_info with the app loaded, radio off and on,
    and the largest blocks at boot, which then replace the published
    profiles.  (A heap big enough that loading the app from source does
    not grow it: the radio's block is still there.)"""
    dev, out, sim = _model_board(tmp_path, monkeypatch, 256 * 1024)
    assert _model_bringup(sim, out) == 0, capsys.readouterr().err
    said = capsys.readouterr().out
    b = json.loads(out.read_text())[bringup.REPORT]
    assert b["idf_heap"] == {"radio-off": [110592], "radio-on": [110592 - profiles.RADIO_BYTES]}
    for radio in ("radio-off", "radio-on"):
        m = b["memory"][radio]
        gc_line = next(ln for ln in m["mem_info"] if ln.startswith("GC:"))
        assert "total: " in gc_line and "max new split: " in gc_line
        [(total, free, largest, least)] = m["idf_heap_info"]
        assert total == 110592 and largest <= free and least <= free
        assert m["cpu_hz"] is None                  # the unix port has no clock to set
        assert m["mem_free"] > largest              # the room counted in gc.mem_free()
    assert (b["memory"]["radio-on"]["idf_heap_info"][0][1]
            == b["memory"]["radio-off"]["idf_heap_info"][0][1] - profiles.RADIO_BYTES)
    assert "bringup: radio on, app loaded: GC: total:" in said
    assert "at boot the heap may grow into blocks of 110592 bytes with the radio off, 30720" in said
    # one board's figures replace the published ones
    assert profiles.get("radio-on", str(out)).regions == (30720,)
    assert profiles.get("radio-off", str(out)).regions == (110592,)


@pytest.mark.skipif(bool(mp32.missing()), reason=str(mp32.missing()))
def test_a_heap_grown_into_the_radios_room_is_named(tmp_path, capsys, monkeypatch):
    """At the device's 56 KB the app compiled from source grows the heap
    into the block the WiFi driver needs: the radio cannot start with the
    app loaded.  One line says so, the rest of the report is kept, the
    fresh interpreter's figures are still taken, and the exit status is 1."""
    dev, out, sim = _model_board(tmp_path, monkeypatch, profiles.get("radio-off").heap)
    assert _model_bringup(sim, out) == 1
    said = capsys.readouterr().out
    assert ("bringup: radio on, app loaded: FAILED (device error: OSError: Wifi Out of Memory):"
            " the heap had grown into the room the radio needs") in said
    b = json.loads(out.read_text())[bringup.REPORT]
    assert b["memory"]["radio-on"] == {"error": "device error: OSError: Wifi Out of Memory"}
    grown = next(ln for ln in b["memory"]["radio-off"]["mem_info"] if ln.startswith("GC:"))
    assert not grown.startswith("GC: total: 56000,")
    assert b["idf_heap"] == {"radio-off": [110592], "radio-on": [30720]}
    assert b["buttons"] == {n: "ok" for n in KEYS.split()}


def test_the_simulated_radio_takes_what_the_profiles_say():
    with open(os.path.join(SIMBOARD, "network.py")) as f:
        assert "RADIO_BYTES = %d\n" % profiles.RADIO_BYTES in f.read()
