"""`pip install .` (pyproject.toml) in a fresh venv gives a working `pocket`
command that runs without the checkout: its firmware is installed too.

Offline and quick: the fresh venv borrows the project venv's packages (a
.pth line) and pip installs only this package, --no-deps, with the
project venv's setuptools (--no-build-isolation)."""
import os
import shutil
import subprocess
import sys
import sysconfig

import pytest

from host_tools.__main__ import COMMANDS, NEEDS_CHECKOUT

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# what the package is built from (a copy, so the build leaves the checkout alone)
SOURCES = ["pyproject.toml", "README.md", "requirements.txt", "requirements-tools.txt",
           "requirements-dev.txt",
           "requirements-hardware.txt", "host_tools", "firmware"]
TURN = ('{"table": "R5 R6 R7 | B9 K9 Y9", "rack": "R8 K2 J", '
        '"after": "R5 R6 R7 R8 | B9 K9 Y9", "melded": true, "rules": {}}')
KNOCK = '{"knocker": "AS 2S 3S 7H 7D 7C 9C 10C JC KD", "defender": "2H 3H 4H 5D 6D 8C QS QH KS KH"}'
# console scripts of the borrowed packages (requirements-tools.txt) the commands run
TOOLS = (("micropython", "micropython_unix"),)


def firmware_files(top):
    out = set()
    for d, dirs, files in os.walk(top):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        out.update(os.path.relpath(os.path.join(d, f), top) for f in files if f.endswith(".py"))
    return out


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv's python, its site-packages, env, a folder outside the checkout)
    after `pip install .` of a copy of the sources (removed afterwards)."""
    tmp_path = tmp_path_factory.mktemp("package")
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SOURCES:
        path = os.path.join(ROOT, name)
        if os.path.isdir(path):
            shutil.copytree(path, str(src / name), ignore=ignore)
        else:
            os.makedirs(str(src), exist_ok=True)
            shutil.copy(path, str(src / name))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    site = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    with open(os.path.join(site, "borrowed.pth"), "w") as f:
        f.write(sysconfig.get_paths()["purelib"] + "\n")
    for exe, module in TOOLS:          # what pip puts in bin/ for the borrowed packages
        with open(str(venv / "bin" / exe), "w") as f:
            f.write("#!%s\nimport sys\nfrom %s import main\nsys.exit(main())\n" % (py, module))
        os.chmod(str(venv / "bin" / exe), 0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    r = subprocess.run([sys.executable, "-m", "pip", "--python", py, "install", "-q",
                        "--no-deps", "--no-build-isolation", "--no-index", str(src)],
                       capture_output=True, text=True, cwd=str(tmp_path), env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    shutil.rmtree(str(src))           # nothing may come from the sources now
    work = tmp_path / "elsewhere"
    work.mkdir()
    return py, site, env, work


def pocket(installed, *args, stdin=None):
    py, _, env, work = installed
    return subprocess.run([os.path.join(os.path.dirname(py), "pocket")] + list(args), input=stdin,
                          capture_output=True, text=True, cwd=str(work), env=env, timeout=120)


def test_pip_install_gives_the_pocket_command(installed):
    py, site, env, work = installed
    r = pocket(installed, "--help")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: pocket <command>")
    for name in COMMANDS:
        assert "\n  %s " % name in r.stdout, name
    r = pocket(installed, "check", stdin=TURN)
    assert r.returncode == 0 and '"valid": true' in r.stdout, r.stdout + r.stderr
    r = subprocess.run([py, "-c", "import host_tools; print(host_tools.__file__); "
                        "print(host_tools.FIRMWARE)"], capture_output=True, text=True,
                       cwd=str(work), env=env)
    where, firmware = r.stdout.split()
    assert where.startswith(site), where
    assert firmware_files(firmware) == firmware_files(os.path.join(ROOT, "firmware"))


def test_every_command_answers_help_outside_the_checkout(installed):
    for name in COMMANDS:
        r = pocket(installed, name, "--help")
        assert r.returncode == 0 and r.stdout.startswith(("usage: pocket " + name, "`")), (name, r.stdout + r.stderr)


def test_the_firmware_commands_run_installed(installed):
    """solve, gin score, emulate, mpycheck, bringup (up to the port): on the
    installed firmware; what they make lands in ./build where they run,
    never in site-packages."""
    _, site, _, work = installed
    r = pocket(installed, "solve", stdin='{"table": "R5 R6 R7", "rack": "R8 K10 K11 K12", '
               '"melded": true}\n')
    assert r.returncode == 0 and '"count": 4' in r.stdout, r.stdout + r.stderr
    r = pocket(installed, "gin", "score", stdin=KNOCK)
    assert r.returncode == 0 and '"winner": "knocker"' in r.stdout, r.stdout + r.stderr
    r = pocket(installed, "emulate", "--headless", "--keys", "A")
    assert r.returncode == 0 and "screen: setup" in r.stdout, r.stdout + r.stderr
    r = pocket(installed, "mpycheck", "--out", "mpy")
    assert r.returncode == 0 and "0 failed" in r.stdout, r.stdout + r.stderr
    assert os.path.isfile(str(work / "mpy" / "rummikub" / "game.mpy"))
    r = pocket(installed, "bringup", "--port", "/dev/nonexistent-port", "--cell-mv", "0")
    assert r.returncode == 1 and r.stderr.startswith("bringup: error: no such port"), r.stderr
    assert not os.path.exists(os.path.join(site, "build"))


def test_flash_sync_scores_on_the_board_simulator_installed(installed):
    """The installed tools end to end on `pocket devsim`: flash the app
    (its bundle built in ./build/flash), sync the scores into a SQLite
    file, show them."""
    _, site, env, work = installed
    sim = subprocess.Popen([os.path.join(os.path.dirname(installed[0]), "pocket"), "devsim",
                            "--tcp", "0", str(work / "board")], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True, cwd=str(work), env=env)
    try:
        port = sim.stdout.readline().strip()
        assert port.startswith("socket://"), port
        r = pocket(installed, "flash", "--port", port, "--skip-firmware", "--march", "x64")
        assert r.returncode == 0 and r.stdout.rstrip().endswith("done"), r.stdout + r.stderr
        assert os.path.isfile(str(work / "board" / "main.py"))
        assert os.path.isdir(str(work / "build" / "flash"))
        r = pocket(installed, "sync", "--port", port, "--repl", "--db", "s.db", "--timeout", "10")
        assert r.returncode == 0 and "synced to seq 0" in r.stdout, r.stdout + r.stderr
    finally:
        sim.terminate()
        sim.wait(10)
    r = pocket(installed, "scores", "--db", "s.db")
    assert r.returncode == 0 and r.stdout.strip() == "no matches synced yet", r.stdout + r.stderr
    assert not os.path.exists(os.path.join(site, "build"))


def test_a_checkout_command_says_so_in_one_line(installed):
    for name in NEEDS_CHECKOUT:
        r = pocket(installed, name)
        assert r.returncode == 2 and r.stdout == "", (name, r.stdout)
        assert r.stderr.count("\n") == 1 and "runs in a checkout" in r.stderr, (name, r.stderr)
