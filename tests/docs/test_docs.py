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


def tracked(*paths):
    r = subprocess.run(["git", "ls-files", "--"] + list(paths), cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_the_committed_screenshots_are_what_the_golden_screens_make(tmp_path):
    """docs/img is committed (the guides show it on GitHub, the site builds
    from a checkout); a screen that changes changes a pixel of its golden
    image, and then this fails until `make docs-img` writes docs/img again
    (UPDATE_GOLDEN=1 here does the same) and the new pictures are committed."""
    from host_tools.docs import shots
    if os.environ.get("UPDATE_GOLDEN"):
        shots.make()
    made = shots.make(str(tmp_path))
    stale = [os.path.basename(p) for p in made
             if not shots.same_pixels(os.path.join(shots.IMG, os.path.basename(p)),
                                      __import__("PIL.Image").Image.open(p))]
    assert not stale, ("docs/img differs from the golden screens in %s: run `make docs-img` "
                       "and commit docs/img" % ", ".join(stale))
    names = sorted(os.path.basename(p) for p in made)
    assert sorted(os.listdir(shots.IMG)) == names          # nothing left over
    assert sorted(os.path.basename(p) for p in tracked("docs/img")) == names, \
        "docs/img is not all committed (git add docs/img)"


def test_the_pixel_check_sees_one_pixel(tmp_path):
    from PIL import Image
    from host_tools.docs import shots
    im = Image.open(os.path.join(shots.IMG, "play.png"))
    path = str(tmp_path / "play.png")
    im.save(path)
    assert shots.same_pixels(path, im)
    changed = im.copy()
    changed.putpixel((401, 299), 1 - im.convert("1").getpixel((401, 299)) // 255)
    assert not shots.same_pixels(path, changed)
    assert not shots.same_pixels(str(tmp_path / "missing.png"), im)


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


def test_the_site_builds_strict_from_what_git_holds(tmp_path):
    """Only the committed files of docs/ and mkdocs.yml, plain MkDocs, no
    step before it: what a fresh clone (or a docs host) builds."""
    for f in tracked("docs", "mkdocs.yml"):
        os.makedirs(str(tmp_path / os.path.dirname(f)), exist_ok=True)
        shutil.copy(os.path.join(ROOT, f), str(tmp_path / f))
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                        "-d", str(tmp_path / "site")], cwd=str(tmp_path),
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "site" / "img" / "play.png").exists()


def github_slugs(text):
    """The anchors GitHub gives a Markdown file's headings: lower case,
    punctuation but - and _ dropped, each space a -, repeats numbered."""
    out, seen = set(), {}
    inside = False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        m = re.match(r"(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if inside or not m:
            continue
        title = re.sub(r"`([^`]*)`", r"\1", m.group(2))
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else "%s-%d" % (slug, n))
    return out


MARKDOWN = ["README.md"] + ["docs/" + f for f in sorted(os.listdir(os.path.join(ROOT, "docs")))
                            if f.endswith(".md")]


@pytest.mark.parametrize("page", MARKDOWN)
def test_every_link_renders_on_github(page):
    """Read on GitHub, every link and picture is a relative path to a file
    git holds, and every #anchor is one GitHub's heading slugs give (MkDocs
    makes the same for these headings, and checks its own in strict mode)."""
    with open(os.path.join(ROOT, page)) as f:
        text = f.read()
    held = set(tracked("."))
    here = os.path.dirname(page)
    bad = []
    for target in LINK.findall(text):
        if "://" in target or target.startswith("mailto:"):
            continue
        path, _, anchor = target.partition("#")
        if path.startswith("/"):
            bad.append("%s: absolute" % target)
            continue
        full = os.path.normpath(os.path.join(here, path)) if path else page
        if full not in held and not any(h.startswith(full + "/") for h in held):
            bad.append("%s: not committed" % target)
            continue
        if anchor and full.endswith(".md"):
            with open(os.path.join(ROOT, full)) as f:
                if anchor not in github_slugs(f.read()):
                    bad.append("%s: no such heading on GitHub" % target)
    assert not bad, bad


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
