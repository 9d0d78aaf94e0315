"""`make firmware` (host_tools.flash.image_build): the dry run prints the
exact commands of both routes and touches nothing; without ESP-IDF or
mpbuild it says so in one line.  `flash --frozen` writes the built image
through real esptool to the ROM-bootloader simulator, keeps the board's data
but not stale app code, and a second run with the same image writes nothing."""
import json
import os
import shlex

from host_tools.flash import command as flash
from host_tools.flash import image_build
from host_tools.flash.common import sha256_file


def _dry(capsys, *extra):
    assert image_build.main(["--dry-run"] + list(extra)) == 0
    return capsys.readouterr().out.splitlines()


def test_dry_run_prints_the_exact_idf_commands_and_touches_nothing(tmp_path, capsys):
    tree = str(tmp_path / "mp")
    out = _dry(capsys, "--route", "idf", "--src", tree)
    cmds = [shlex.split(line[2:]) for line in out if line.startswith("$ ")]
    wrapper = os.path.join(tree, image_build.APP_DIR, image_build.WRAPPER)
    assert [c[3:] for c in cmds] == [
        ["git", "clone", "--depth", "1", "--branch", "v1.28.0",
         "https://github.com/micropython/micropython.git", tree],
        ["make", "-j2", "-C", "mpy-cross"],
        ["make", "-j2", "-C", "ports/esp32", "BOARD=ESP32_GENERIC", "submodules"],
        ["make", "-j2", "-C", "ports/esp32", "BOARD=ESP32_GENERIC", "FROZEN_MANIFEST=" + wrapper],
    ]
    assert [c[1] for c in cmds] == [image_build.ROOT, tree, tree, tree]
    # the wrapper keeps the port's own frozen modules (_boot.py mounts the
    # filesystem the app saves to), then the app's manifest
    assert '#   include("$(PORT_DIR)/boards/manifest.py")' in out
    assert not os.path.exists(tree)


def test_dry_run_of_the_mpbuild_route_names_the_same_build(tmp_path, capsys):
    tree = str(tmp_path / "mp")
    os.makedirs(os.path.join(tree, "py"))          # a checkout already there: no clone
    out = _dry(capsys, "--route", "mpbuild", "--src", tree)
    cmds = [shlex.split(line[2:]) for line in out if line.startswith("$ ")]
    assert len(cmds) == 1 and cmds[0][4] == "-c"
    code = cmds[0][5]
    assert "build_board('ESP32_GENERIC', None, ['FROZEN_MANIFEST=%s'], mpy_dir=%r)" % (
        os.path.join(tree, image_build.APP_DIR, image_build.WRAPPER), tree) in code


def test_routes_and_the_one_line_without_a_toolchain(capsys, monkeypatch):
    none = lambda name: None  # noqa: E731
    assert image_build.route({"IDF_PATH": "/opt/esp-idf"}, none) == "idf"
    assert image_build.route({}, lambda n: "/usr/bin/idf.py" if n == "idf.py" else None) == "idf"
    assert image_build.route({}, none) is None
    monkeypatch.setattr(image_build, "route", lambda: None)
    assert image_build.main([]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no ESP-IDF" in err and "DRY_RUN=1" in err


def test_the_staged_app_and_the_collected_image(tmp_path, monkeypatch):
    tree = str(tmp_path / "mp")
    wrapper = image_build.stage_app(tree)
    text = open(wrapper).read()
    staged = os.path.join(tree, image_build.APP_DIR, "app", "manifest.py")
    assert text == image_build.wrapper_text(staged) and os.path.isfile(staged)
    assert os.path.isfile(os.path.join(tree, image_build.APP_DIR, "app", "hal", "esp32.py"))
    built = os.path.join(tree, "ports", "esp32", "build-ESP32_GENERIC")
    os.makedirs(built)
    with open(os.path.join(built, "firmware.bin"), "wb") as f:
        f.write(b"\xe9" + bytes(4095))
    out = str(tmp_path / "out")
    info = image_build.collect(tree, out)
    assert info["sha256"] == sha256_file(os.path.join(out, "firmware.bin"))
    assert json.load(open(os.path.join(out, "firmware.json"))) == info
    assert (info["version"], info["board"]) == ("1.28.0", "ESP32_GENERIC")


# -- flash --frozen, on the esp32 ROM-bootloader simulator and devsim's REPL
from test_flash_esptool import esp32, image, verify_flash  # noqa: E402,F401


def _frozen_image(tmp_path, seed, version, machine):
    path, sha = image(tmp_path, seed)
    with open(os.path.join(os.path.dirname(path), "firmware.json"), "w") as f:
        json.dump({"version": version, "board": "ESP32_GENERIC", "machine": machine,
                   "sha256": sha, "commit": "abc"}, f)
    return path, sha


def test_flash_frozen_writes_the_image_keeps_data_and_drops_stale_code(esp32, tmp_path, capsys):
    from host_tools.flash.board import Board
    from host_tools.devsim import DevSim
    dev = tmp_path / "flash"
    (dev / "ui").mkdir(parents=True)
    (dev / "scores.log").write_bytes(b"\x00\x01match-1")
    (dev / "ui" / "app.mpy").write_bytes(b"M\x06stale")     # would shadow the frozen ui.app
    with DevSim(str(dev)) as sim:
        with Board(sim.port) as b:
            version, machine = b.firmware()
        fw = tmp_path / "fw"
        fw.mkdir()
        path, sha = _frozen_image(fw, 11, version, machine)
        args = ["--port", sim.port, "--bootloader-port", esp32, "--frozen", path,
                "--backup-dir", str(tmp_path / "backup"), "--boot-timeout", "20"]
        rc = flash.main(args)
        out, err = capsys.readouterr()
        assert rc == 0, err
        assert "saved 1 file" in out and "restored 1 file to the board" in out
        assert verify_flash(esp32, path)
        assert json.loads((dev / "version.json").read_text())["image"] == sha
        assert (dev / "scores.log").read_bytes() == b"\x00\x01match-1"
        # same image again: nothing is written
        rc = flash.main(args)
        out, err = capsys.readouterr()
        assert rc == 0 and "board runs this image" in out and "flashing" not in out


def test_flash_frozen_refuses_an_image_that_is_not_the_one_built(esp32, tmp_path, capsys):
    path, sha = _frozen_image(tmp_path, 12, "1.28.0", "ESP32")
    with open(path, "r+b") as f:
        f.write(b"\x01")
    rc = flash.main(["--port", esp32, "--frozen", path])
    err = capsys.readouterr().err
    assert rc == 1 and err.count("\n") == 1 and "firmware hash mismatch" in err
    assert not verify_flash(esp32, path)
    os.remove(os.path.join(os.path.dirname(path), "firmware.json"))
    assert flash.main(["--port", esp32, "--frozen", path]) == 1
    assert "build the image with `make firmware`" in capsys.readouterr().err
