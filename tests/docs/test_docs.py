"""The docs: README.md is a short front door whose links all resolve, and
docs/ builds as a MkDocs site in strict mode (a broken link fails it)."""
import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def readme():
    with open(os.path.join(ROOT, "README.md")) as f:
        return f.read()


def test_readme_is_a_short_front_door():
    text = readme()
    assert len(text.splitlines()) < 200
    for page in ("docs/player.md", "docs/maker.md", "docs/developer.md", "docs/figures.md"):
        assert "(%s)" % page in text, page


def test_every_link_and_picture_in_the_readme_is_there():
    targets = [t for t in LINK.findall(readme()) if "://" not in t]
    assert targets
    missing = [t for t in targets if not os.path.exists(os.path.join(ROOT, t.split("#")[0]))]
    assert not missing, missing


def test_the_screenshots_are_the_golden_screens_at_twice_the_size(tmp_path):
    from PIL import Image
    from host_tools.docs import shots
    made = shots.make(str(tmp_path))
    assert len(made) == len(shots.SHOTS) + len(shots.COPIES)
    golden = Image.open(os.path.join(ROOT, shots.SHOTS["play.png"]))
    shot = Image.open(str(tmp_path / "play.png"))
    assert shot.size == (golden.width * shots.SCALE, golden.height * shots.SCALE)
    for x, y in ((0, 0), (123, 45), (golden.width - 1, golden.height - 1), (200, 250)):
        assert shot.getpixel((x * shots.SCALE + 1, y * shots.SCALE + 1)) == golden.getpixel((x, y))


def test_the_site_builds_in_strict_mode(tmp_path):
    out = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "host_tools", "docs", "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    for page in ("index.html", "player/index.html", "maker/index.html",
                 "developer/index.html", "figures/index.html", "img/play.png"):
        assert (out / page).exists(), page


@pytest.mark.parametrize("bad", ["[a page](nowhere.md)", "[an anchor](player.md#no-such-section)",
                                 "![a picture](img/nothing.png)"])
def test_a_broken_link_fails_the_build(tmp_path, bad):
    """The same config over a copy of docs/ with one broken link added."""
    shutil.copytree(os.path.join(ROOT, "docs"), str(tmp_path / "docs"))
    shutil.copy(os.path.join(ROOT, "mkdocs.yml"), str(tmp_path / "mkdocs.yml"))
    with open(str(tmp_path / "docs" / "index.md"), "a") as f:
        f.write("\n%s\n" % bad)
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                        "-d", str(tmp_path / "site")], cwd=str(tmp_path),
                       capture_output=True, text=True)
    said = r.stdout + r.stderr
    assert r.returncode != 0, said
    assert "Aborted" in said and bad.split("(")[1].rstrip(")") in said, said
