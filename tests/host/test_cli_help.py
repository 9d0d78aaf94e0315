"""`python -m host_tools`: every command answers --help with a description of
every option, and a Python without the packages gets one line saying what to
run instead of a traceback (issue 13)."""
import os
import re
import subprocess
import sys

import pytest

from host_tools.__main__ import COMMANDS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

def undescribed(text):
    """Options in argparse help text that have no description."""
    out = []
    lines = text.splitlines()
    inside = False
    for i, line in enumerate(lines):
        if re.match(r"^(options|optional arguments|positional arguments)\b.*:$", line) or \
                (line.endswith(":") and not line.startswith(" ") and inside):
            inside = True
            continue
        if not inside or not re.match(r"^  \S", line):
            continue
        m = re.match(r"^  (\S.*?)(\s{2,}\S.*)?$", line)
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if m.group(2) is None and not re.match(r"^ {4,}\S", nxt):
            out.append(m.group(1))
    return out


@pytest.mark.parametrize("cmd", sorted(COMMANDS))
def test_every_command_has_help_describing_every_option(cmd):
    r = subprocess.run([sys.executable, "-m", "host_tools", cmd, "--help"], cwd=ROOT,
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    text = r.stdout
    assert len(text.splitlines()) >= 3, text
    if "options:" in text:
        assert undescribed(text) == [], text
        assert text.startswith("usage: python -m host_tools %s" % cmd), text[:200]


def test_a_python_without_the_packages_is_told_what_to_run():
    # stand in for a bare python3: importing pyserial fails
    code = ("import sys, runpy\n"
            "class Block:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] == 'serial':\n"
            "            raise ModuleNotFoundError('No module named %r' % name, name=name)\n"
            "sys.meta_path.insert(0, Block())\n"
            "sys.argv = ['host_tools'] + sys.argv[1:]\n"
            "runpy.run_module('host_tools', run_name='__main__')\n")
    for argv in (["sync", "--port", "/dev/null"],):
        r = subprocess.run([sys.executable, "-c", code] + argv, cwd=ROOT,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=120)
        assert "Traceback" not in r.stderr, r.stderr[-2000:]
        assert r.returncode == 2
        lines = r.stderr.splitlines()
        assert len(lines) == 1, r.stderr
        assert "use .venv/bin/python or run make venv" in lines[0]
        assert "'serial'" in lines[0]
