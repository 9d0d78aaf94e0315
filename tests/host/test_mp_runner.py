"""tests/mp_runner.py: a test file that cannot even load (say it uses
os.path, which the unix port lacks) is one counted failure, and the files
after it still run (it used to stop the whole MicroPython run)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MP = os.path.join(os.path.dirname(sys.executable), "micropython")


def test_a_file_that_fails_to_load_is_counted_and_the_rest_run(tmp_path):
    (tmp_path / "test_loads_badly.py").write_text("import os\nos.path.join('a')\n"
                                                  "def test_never():\n    pass\n")
    (tmp_path / "test_after.py").write_text("def test_ran():\n    print('after ran')\n")
    r = subprocess.run([MP, os.path.join(ROOT, "tests", "mp_runner.py"),
                        "test_loads_badly.py", "test_after.py"],
                       env=dict(os.environ, MICROPYPATH=str(tmp_path)),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert "FAIL test_loads_badly (import): AttributeError" in r.stdout
    assert "after ran" in r.stdout
    assert "micropython: 1 passed, 1 failed" in r.stdout


def test_a_file_finds_the_helpers_beside_it(tmp_path):
    """Each file's folder goes on the path: one MICROPYPATH for every
    tests/*_mp folder (make test-mp runs them all in one process)."""
    for sub, value in (("one_mp", 1), ("two_mp", 2)):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / ("helper_%s.py" % sub)).write_text("VALUE = %d\n" % value)
        (tmp_path / sub / ("test_%s.py" % sub)).write_text(
            "from helper_%s import VALUE\ndef test_value():\n    assert VALUE == %d\n" % (sub, value))
    r = subprocess.run([MP, os.path.join(ROOT, "tests", "mp_runner.py"),
                        "one_mp/test_one_mp.py", "two_mp/test_two_mp.py"],
                       cwd=str(tmp_path), env=dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware")),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "micropython: 2 passed, 0 failed" in r.stdout
