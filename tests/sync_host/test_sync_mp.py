"""Runs tests/sync_mp/test_*.py under the MicroPython unix port (the device's
runtime); pytest runs the same files on CPython directly."""
import glob
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MP = os.path.join(ROOT, ".venv", "bin", "micropython")


def test_sync_modules_under_micropython(tmp_path):
    files = sorted(glob.glob(os.path.join(ROOT, "tests", "sync_mp", "test_*.py")))
    assert files
    env = dict(os.environ, SYNC_TMP=str(tmp_path),
               MICROPYPATH="firmware:tests/engine:tests/sync_mp")
    r = subprocess.run([MP, "tests/mp_runner.py"] + files, cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert " 0 failed" in r.stdout and "passed" in r.stdout
