"""The bench's ESP32 scale factor comes from pystone_lowmem fetched by hash."""
import hashlib
import io
import os
import sys
import tarfile

import pytest

from host_tools.bench import pystone_ref

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
FAKE = (b"def main(loops=500):\n"
        b"    print('Pystone(1.2) time for %d passes = 1ms' % loops)\n"
        b"    print('This machine benchmarks at %d pystones/second' % (loops * 3))\n")


def _tarball(tmp_path, body):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        info = tarfile.TarInfo("micropython-pystone_lowmem-3.4.2-4/pystone_lowmem.py")
        info.size = len(body)
        tar.addfile(info, io.BytesIO(body))
    path = tmp_path / "pl.tar.gz"
    path.write_bytes(buf.getvalue())
    return path


def test_the_pinned_tarball_is_unpacked_and_run(tmp_path, monkeypatch):
    tgz = _tarball(tmp_path, FAKE)
    monkeypatch.setattr(pystone_ref, "URL", tgz.as_uri())
    monkeypatch.setattr(pystone_ref, "SHA256", hashlib.sha256(tgz.read_bytes()).hexdigest())
    path = pystone_ref.fetch(str(tmp_path / "cache"))
    assert path and open(path, "rb").read() == FAKE
    assert pystone_ref.score(MP, path, loops=1000, runs=1) == 3000.0


@pytest.mark.parametrize("what", ["other file", "offline"])
def test_anything_but_the_pinned_file_is_refused(tmp_path, monkeypatch, what):
    tgz = _tarball(tmp_path, FAKE)
    url = tgz.as_uri() if what == "other file" else (tmp_path / "missing").as_uri()
    monkeypatch.setattr(pystone_ref, "URL", url)
    assert pystone_ref.fetch(str(tmp_path / "cache")) is None
    assert not (tmp_path / "cache").exists()
