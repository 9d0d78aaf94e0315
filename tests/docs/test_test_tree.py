"""The test tree follows its rule (docs/developer.md, "The test tree"): a
folder per subject named there, `<subject>_mp/` for the files that also
run under MicroPython, and `make test-mp` / `make test-mp32` run every one
of those test files."""
import glob
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTS = os.path.join(ROOT, "tests")
MP_SUFFIX = "_mp"


def subjects():
    with open(os.path.join(ROOT, "docs", "developer.md")) as f:
        text = f.read()
    rule = re.search(r"One folder per subject:(.*?)\. A test file", text, re.S)
    assert rule, "docs/developer.md lost the test tree's rule"
    return set(re.findall(r"`([a-z]+)`", rule.group(1)))


def folders():
    return sorted(d for d in os.listdir(TESTS)
                  if os.path.isdir(os.path.join(TESTS, d)) and not d.startswith((".", "__")))


def mp_test_files():
    return sorted(os.path.relpath(p, ROOT)
                  for p in glob.glob(os.path.join(TESTS, "*" + MP_SUFFIX, "test_*.py")))


def test_every_folder_is_a_subject_or_its_micropython_half():
    named = subjects()
    assert {"engine", "sync"} <= named, named
    strays = [d for d in folders()
              if (d[:-len(MP_SUFFIX)] if d.endswith(MP_SUFFIX) else d) not in named]
    assert not strays, "folders outside the rule: %s" % strays
    plain = [d for d in folders() if not d.endswith(MP_SUFFIX)]
    assert sorted(named) == plain, "subjects without a folder: %s" % sorted(named - set(plain))


def test_no_test_file_at_the_root():
    assert not glob.glob(os.path.join(TESTS, "test_*.py"))


def dry_run(target):
    """The files a make target passes to its runner (make -n: nothing runs)."""
    stamp = os.path.join(".venv", ".installed")
    p = subprocess.run(["make", "-n", "-o", stamp, target], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return sorted(w for w in p.stdout.split() if w.startswith("tests/") and
                  os.path.basename(w).startswith("test_"))


def test_make_test_mp_runs_every_micropython_test_file():
    files = mp_test_files()
    subjects_run = {f.split("/")[1] for f in files}
    assert {"engine_mp", "gin_mp", "hal_mp", "sync_mp"} <= subjects_run, subjects_run
    assert dry_run("test-mp") == files


def test_make_test_mp32_runs_the_same_list():
    assert dry_run("test-mp32") == mp_test_files()
