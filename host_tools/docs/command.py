"""`python -m host_tools docs [--images] [--out DIR]`: the docs site.

Builds docs/ (mkdocs.yml) into build/site/ with MkDocs in strict mode, so
a broken link, a missing page or image, or an anchor that is not there
fails the build with the warning that says which.  --images first writes
the screenshots in docs/img again from the golden screens (host_tools.docs
.shots; `make docs-img`), to commit after the screens change.
"""
import os
import subprocess
import sys

from host_tools import ROOT, count
from host_tools.options import Parser, emptied_dir
from host_tools.docs import shots

SITE = os.path.join(ROOT, "build", "site")


def main(argv):
    ap = Parser("docs", description="The docs site: docs/ (player, maker and developer "
                "guides, measured figures) built with MkDocs in strict mode, so a broken "
                "link, picture or anchor fails it.  The screenshots in docs/img are "
                "committed; --images makes them again from the golden screens first.")
    ap.add_out(SITE, "where the site goes", type=emptied_dir("sitemap.xml"))
    ap.add_argument("--images", action="store_true",
                    help="first write docs/img's screenshots again from the golden screens")
    args = ap.parse_args(argv)
    if args.images:
        before = snapshot(shots.IMG)
        made = shots.make()
        changed = sorted(os.path.basename(p) for p in made if snapshot(shots.IMG).get(p) !=
                         before.get(p))
        print("docs: %s in %s, %s" % (count(len(made), "screenshot"),
                                      os.path.relpath(shots.IMG, ROOT),
                                      "%d changed (%s): commit them" % (len(changed),
                                                                        ", ".join(changed))
                                      if changed else "none changed"))
    return subprocess.call([sys.executable, "-m", "mkdocs", "build", "--strict",
                            "--config-file", os.path.join(ROOT, "mkdocs.yml"),
                            "--site-dir", os.path.abspath(args.out)])


def snapshot(folder):
    """{path: (size, mtime)} of the files in folder."""
    out = {}
    if os.path.isdir(folder):
        for name in os.listdir(folder):
            p = os.path.join(folder, name)
            st = os.stat(p)
            out[p] = (st.st_size, st.st_mtime_ns)
    return out
