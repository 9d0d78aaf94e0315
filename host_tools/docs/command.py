"""`python -m host_tools docs [--out DIR]`: the screenshots, then the site.

Builds docs/ (mkdocs.yml) into build/site/ with MkDocs in strict mode, so
a broken link, a missing page or image, or an anchor that is not there
fails the build with the warning that says which.
"""
import os
import subprocess
import sys

from host_tools import ROOT
from host_tools.options import Parser, emptied_dir
from host_tools.docs import shots

SITE = os.path.join(ROOT, "build", "site")


def main(argv):
    ap = Parser("docs", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=emptied_dir("sitemap.xml"), default=SITE, help="where the site goes (default build/site)")
    args = ap.parse_args(argv)
    made = shots.make()
    print("docs: %d screenshots in %s" % (len(made), os.path.relpath(shots.IMG, ROOT)))
    return subprocess.call([sys.executable, "-m", "mkdocs", "build", "--strict",
                            "--config-file", os.path.join(ROOT, "mkdocs.yml"),
                            "--site-dir", os.path.abspath(args.out)])
