"""Run a script under the MicroPython unix port (tests' helper, CPython side)."""
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
HAL_MP = os.path.join(ROOT, "tests", "hal_mp")


def micropython():
    exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    return exe if os.path.exists(exe) else shutil.which("micropython")


def run(args, path=(FIRMWARE, HAL_MP), heap=None, timeout=60):
    """Run micropython with MICROPYPATH=path; return CompletedProcess (text)."""
    cmd = [micropython()]
    if heap:
        cmd += ["-X", "heapsize=%s" % heap]
    env = dict(os.environ, MICROPYPATH=":".join(path))
    return subprocess.run(cmd + list(args), env=env, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)
