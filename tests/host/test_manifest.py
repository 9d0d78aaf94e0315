"""firmware/manifest.py (the frozen image) and the .mpy bundle `flash`
deploys hold the same device modules, and no host-only one; the staged
copy the freezer compiles has the viper functions as decorators; the
32-bit build tool skips in one line where it cannot build."""
import os

import pytest

from host_tools import FIRMWARE
from host_tools.codecheck.mpycheck import HOST_ONLY
from host_tools.flash.deploy import KEEP_SOURCE, build_bundle
from host_tools.codecheck.mpycheck import MANIFEST, VIPER_MARK, firmware_sources
from host_tools.mp32 import build, command

needs_source = pytest.mark.skipif(not os.path.isfile(build.TARBALL),
                                  reason="no MicroPython source at %s" % build.TARBALL)


def _frozen(manifest):
    from host_tools.mp32.listing import frozen_files
    return frozen_files(manifest)


def _bundled(bundle):
    return sorted(p if p in KEEP_SOURCE else p[:-4] + ".py" for p in bundle.files)


@needs_source
def test_manifest_freezes_what_the_bundle_deploys(tmp_path):
    frozen = _frozen(os.path.join(FIRMWARE, MANIFEST))
    everything = sorted(os.path.relpath(p, FIRMWARE).replace(os.sep, "/")
                        for p in firmware_sources())
    # each module is frozen or host-only (mpycheck.HOST_ONLY and the manifest's
    # own HOST_ONLY name the same ones)
    assert sorted(frozen + list(HOST_ONLY)) == everything, \
        set(everything).symmetric_difference(frozen + list(HOST_ONLY))
    assert _bundled(build_bundle(str(tmp_path / "b"), march="x64")) == frozen
    assert "ui/app.py" in frozen and "main.py" in frozen and MANIFEST not in frozen


@needs_source
def test_a_module_the_two_lists_disagree_on_is_caught(tmp_path):
    """What the check above sees when a module is host-only for the bundle
    but the manifest was not told (its own HOST_ONLY)."""
    for name in os.listdir(FIRMWARE):
        os.symlink(os.path.join(FIRMWARE, name), str(tmp_path / name))
    os.remove(str(tmp_path / MANIFEST))
    src = os.path.join(FIRMWARE, MANIFEST)
    text = open(src).read()
    assert text.count('"unixport.py", ') == 1
    (tmp_path / MANIFEST).write_text(text.replace('"unixport.py", ', ""))
    frozen = _frozen(str(tmp_path / MANIFEST))
    assert sorted(frozen) == sorted(_frozen(src) + ["hal/unixport.py"])
    assert "hal/unixport.py" in HOST_ONLY      # so the check above fails


def test_staged_copy_makes_viper_marks_decorators(tmp_path):
    manifest = build.stage(str(tmp_path / "s"))
    assert open(manifest).read() == open(os.path.join(FIRMWARE, MANIFEST)).read()
    kernel = open(str(tmp_path / "s" / "ai" / "kernel.py")).read()
    plain = open(os.path.join(FIRMWARE, "ai", "kernel.py")).read()
    n = plain.count("  # viper\n")
    assert n > 0 and kernel.count("@micropython.viper\ndef ") == n
    assert kernel.replace("@micropython.viper\n", "") == plain
    key = build.tree_digest(str(tmp_path / "s"))
    with open(str(tmp_path / "s" / "ui" / "app.py"), "a") as f:
        f.write("\n")
    assert build.tree_digest(str(tmp_path / "s")) != key     # an edit rebuilds


def test_without_the_source_one_skip_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(build, "TARBALL", str(tmp_path / "none.tar.gz"))
    assert command.main([]) == 0
    out = capsys.readouterr().out
    assert out == "SKIP 32-bit MicroPython: no MicroPython source at %s\n" % (
        tmp_path / "none.tar.gz")


@pytest.mark.skipif(bool(build.missing()), reason=str(build.missing()))
def test_the_frozen_build_keeps_the_viper_functions_native():
    build.frozen()
    marks = sum(open(p).read().count(VIPER_MARK + "\n") for p in firmware_sources())
    with open(build.frozen_content()) as f:
        frozen_c = f.read()
    assert marks > 0 and frozen_c.count("MP_CODE_NATIVE_VIPER") == marks
