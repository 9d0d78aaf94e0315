"""Progress of the long host commands (host_tools.progress): a bar on
stderr, nothing of it on stdout, and the MicroPython timing runs counted
as their lines arrive."""
import io
import os
import subprocess
import sys

from host_tools import ROOT
from host_tools.progress import Bar, run_counted


def test_bar_redraws_one_line_and_ends_it():
    out = io.StringIO()
    bar = Bar(4, "games", out=out)
    for _ in range(4):
        bar.step()
    bar.close()
    frames = out.getvalue().split("\r")[1:]
    assert len(frames) == 5 and frames[-1].startswith("games [" + "#" * 30 + "] 4/4")
    assert out.getvalue().endswith("\n") and out.getvalue().count("\n") == 1
    quiet = io.StringIO()
    Bar(4, out=quiet, enabled=False).close()
    assert quiet.getvalue() == ""
    count = io.StringIO()
    Bar(None, "actions", out=count).step()
    assert "actions 1 done" in count.getvalue()


def test_run_counted_steps_on_the_marked_lines(capfd):
    code, out, err = run_counted([sys.executable, "-c",
                                  "import sys\nfor i in range(3): print('{\"ms\": 1, \"i\": %d}' % i)\n"
                                  "print('{\"done\": 3}'); sys.stderr.write('tail')"], 3, "positions")
    assert code == 0 and out.count("\n") == 4 and err == "tail"
    seen = capfd.readouterr()
    assert "positions [" + "#" * 30 + "] 3/3" in seen.err and seen.out == ""


def test_a_silent_run_is_stopped_and_says_so():
    """Before: a hung unix port held `gin think` (and the bench) for good."""
    code, out, err = run_counted([sys.executable, "-c",
                                  "import time\nprint('{\"i\": 0}', flush=True)\ntime.sleep(60)"],
                                 2, "positions", stall=1)
    assert code != 0 and out == '{"i": 0}\n', (code, out)
    assert err.endswith("no output for 1 s: stopped"), err


def test_bench_shows_progress_on_stderr_only(tmp_path):
    p = subprocess.run([sys.executable, "-m", "host_tools", "bench", "--positions", "3", "--no-mp",
                        "--out", str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                       timeout=600)
    assert p.returncode == 0, p.stderr[-800:]
    for label in ("ours, CPython", "rummikub-solver", "peak memory, ours"):
        assert label + " [" + "#" * 30 + "] 3/3" in p.stderr, p.stderr
    assert "[#" not in p.stdout and "\r" not in p.stdout
    assert os.path.exists(os.path.join(str(tmp_path), "bench.json"))
