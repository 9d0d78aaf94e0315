"""What a manifest freezes, read by MicroPython's own tools/manifestfile.py
(taken from the release tarball, so the freezer and this agree).

    frozen_files(manifest)   sorted target paths ("ui/app.py", ...)
"""
import importlib.util
import os
import tarfile
import tempfile

from host_tools.mp32 import build

MEMBER = "micropython-%s/tools/manifestfile.py" % build.VERSION


def _manifestfile():
    tmp = tempfile.mkdtemp(prefix="mp32-manifestfile-")
    path = os.path.join(tmp, "manifestfile.py")
    with tarfile.open(build.TARBALL) as t, open(path, "wb") as f:
        f.write(t.extractfile(MEMBER).read())
    spec = importlib.util.spec_from_file_location("mp_manifestfile", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def frozen_files(manifest):
    mf = _manifestfile()
    m = mf.ManifestFile(mf.MODE_FREEZE, {"MPY_LIB_DIR": None})
    m.execute(os.path.abspath(manifest))
    return sorted(f.target_path.replace(os.sep, "/") for f in m.files())
