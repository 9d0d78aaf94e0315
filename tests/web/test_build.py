"""`python -m host_tools web`'s refusals (no browser needed)."""
import subprocess
import sys

from host_tools import ROOT
from host_tools.web.build import build, BuildError

import pytest


def test_build_never_replaces_a_folder_that_is_not_a_build(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(BuildError, match="not replacing"):
        build(str(tmp_path))
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_command_says_what_is_wrong_in_one_line(tmp_path):
    (tmp_path / "x").write_text("")
    p = subprocess.run([sys.executable, "-m", "host_tools", "web", "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert p.returncode == 1
    assert p.stderr.startswith("web: error: ") and p.stderr.count("\n") == 1, p.stderr


def test_serve_without_a_build_says_so(tmp_path):
    p = subprocess.run([sys.executable, "-m", "host_tools", "web", "--serve", "--no-build",
                        "--out", str(tmp_path)], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert p.returncode == 1 and "no index.html" in p.stderr, p.stderr
