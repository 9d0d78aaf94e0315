"""The device id score sync reports (hal.devid via hal.parts.device_id): the
board's unique id on the ESP32, a stable generated one elsewhere."""
import os
import subprocess
import sys
import types

from hal import devid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MP = os.path.join(ROOT, ".venv", "bin", "micropython")


def test_generated_id_is_kept(tmp_path):
    folder = str(tmp_path) + "/"
    a = devid.stored_id(folder)
    assert a.startswith("sim-") and len(a) == 16
    assert devid.stored_id(folder) == a == open(folder + "device_id").read()
    assert devid.device_id(folder) == a          # CPython has no machine module


def test_board_unique_id_wins(tmp_path, monkeypatch):
    fake = types.ModuleType("machine")
    fake.unique_id = lambda: b"\x24\x0a\xc4\x12\x34\x56"
    monkeypatch.setitem(sys.modules, "machine", fake)
    assert devid.board_id() == "240ac4123456"
    assert devid.device_id(str(tmp_path) + "/") == "240ac4123456"
    assert not os.path.exists(str(tmp_path / "device_id"))


def test_emulator_id_is_stable_across_reboots(tmp_path):
    from host_tools.emulator.backend import EmulatorHal
    from hal.parts import device_id
    a = device_id(EmulatorHal(str(tmp_path), log=lambda s: None))
    b = device_id(EmulatorHal(str(tmp_path), log=lambda s: None))
    assert a == b and a.startswith("sim-")
    assert device_id(EmulatorHal(str(tmp_path / "other"), log=lambda s: None)) != a


def test_unix_port_generates_and_keeps_an_id(tmp_path):
    """The unix port has a machine module without unique_id: generated."""
    code = "from hal.devid import device_id; print(device_id())"
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    out = [subprocess.run([MP, "-c", code], cwd=str(tmp_path), env=env, capture_output=True,
                          text=True, timeout=30).stdout.strip() for _ in range(2)]
    assert out[0] == out[1] and out[0].startswith("sim-"), out


def test_a_damaged_id_file_gives_a_new_id(tmp_path):
    folder = str(tmp_path) + "/"
    for junk in (b"\xff\xfe\x00garbage", b"", b"   ", b"x" * 500, b"two\nlines"):
        with open(folder + "device_id", "wb") as f:
            f.write(junk)
        a = devid.stored_id(folder)
        assert a.startswith("sim-") and devid.stored_id(folder) == a, junk
    with open(folder + "device_id", "wb") as f:
        f.write(b"handheld-7\n")
    assert devid.stored_id(folder) == "handheld-7"
