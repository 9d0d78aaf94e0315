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

from host_tools.__main__ import COMMANDS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# what the package is built from (a copy, so the build leaves the checkout alone)
SOURCES = ["pyproject.toml", "README.md", "requirements.txt", "requirements-dev.txt",
           "requirements-hardware.txt", "host_tools", "firmware"]
TURN = ('{"table": "R5 R6 R7 | B9 K9 Y9", "rack": "R8 K2 J", '
        '"after": "R5 R6 R7 R8 | B9 K9 Y9", "melded": true, "rules": {}}')


def firmware_files(top):
    out = set()
    for d, dirs, files in os.walk(top):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        out.update(os.path.relpath(os.path.join(d, f), top) for f in files if f.endswith(".py"))
    return out


def test_pip_install_gives_the_pocket_command(tmp_path):
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
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    r = subprocess.run([sys.executable, "-m", "pip", "--python", py, "install", "-q",
                        "--no-deps", "--no-build-isolation", "--no-index", str(src)],
                       capture_output=True, text=True, cwd=str(tmp_path), env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    shutil.rmtree(str(src))           # nothing may come from the sources now
    pocket = str(venv / "bin" / "pocket")
    r = subprocess.run([pocket, "--help"], capture_output=True, text=True,
                       cwd=str(tmp_path), env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: pocket <command>")
    for name in COMMANDS:
        assert "\n  %s " % name in r.stdout, name
    r = subprocess.run([pocket, "check"], input=TURN, capture_output=True, text=True,
                       cwd=str(tmp_path), env=env)
    assert r.returncode == 0 and '"valid": true' in r.stdout, r.stdout + r.stderr
    r = subprocess.run([py, "-c", "import host_tools; print(host_tools.__file__); "
                        "print(host_tools.FIRMWARE)"], capture_output=True, text=True,
                       cwd=str(tmp_path), env=env)
    where, firmware = r.stdout.split()
    assert where.startswith(site), where
    assert firmware_files(firmware) == firmware_files(os.path.join(ROOT, "firmware"))
