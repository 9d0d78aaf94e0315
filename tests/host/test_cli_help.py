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


def help_text(*argv):
    r = subprocess.run([sys.executable, "-m", "host_tools"] + list(argv) + ["--help"],
                       cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    return r.stdout


# every command line with a --help: the commands, gin's subcommands, and
# emulate's linked consoles (a parser of their own)
HELPS = sorted(COMMANDS) + ["gin score", "gin think", "gin tournament",
                            "emulate --link 3 --headless"]


def options(text):
    """{option: its help text} for the options of argparse help text that
    take a value (a flag's default is off), but the required ones."""
    out = {}
    for block in re.split(r"\n(?=  -)", text.split("\noptions:\n", 1)[-1]):
        head = block.strip().split("\n")[0]
        m = re.match(r"(-\S+)(?:, (--\S+))?( [A-Z][A-Z0-9_.=\[\]]*)?(\s|$)", head.strip())
        if m and m.group(3) and "-h" != m.group(1):
            out[m.group(2) or m.group(1)] = " ".join(block.split())
    return out


def required(text):
    """Options the usage line shows outside brackets."""
    usage = text.split("\n\n")[0]
    return set(re.findall(r"(?<![\[|]) (--[a-z-]+) [A-Z]", re.sub(r"\[[^\]]*\]", "", usage)))


@pytest.mark.parametrize("cmd", HELPS)
def test_every_command_has_help_describing_every_option(cmd):
    text = help_text(*cmd.split())
    assert len(text.splitlines()) >= 3, text
    if "options:" in text:
        assert undescribed(text) == [], text
        assert text.startswith("usage: python -m host_tools %s" % cmd.split()[0]), text[:200]


@pytest.mark.parametrize("cmd", HELPS)
def test_every_help_says_what_the_command_is_for(cmd):
    """A sentence or more of purpose after the usage, not a usage line
    again (`mpycheck --help` had none, `tournament --help` repeated its
    usage: issue 39)."""
    text = help_text(*cmd.split())
    if text.startswith("usage:"):
        paragraphs = text.split("\n\n")
        about = " ".join(paragraphs[1].split()) if len(paragraphs) > 1 else ""
    else:                       # check, solve, gin score: their own text
        about = " ".join(text.split("\n\n")[0].split())
    assert len(about.split()) >= 8, text[:600]
    assert "python -m host_tools" not in about.split(":")[0] or cmd in ("check", "solve",
                                                                        "gin score"), about


@pytest.mark.parametrize("cmd", [c for c in HELPS if c not in ("check", "solve", "gin",
                                                                "gin score", "hardware")])
def test_every_option_that_takes_a_value_states_its_default(cmd):
    """(default: X) from options.Help for a set default, or the help's own
    words for what happens without the option (web --port, sync --timeout,
    tournament --games went without: issue 39)."""
    text = help_text(*cmd.split())
    need = required(text)
    missing = [o for o, h in options(text).items() if o not in need and "default" not in h]
    assert not missing, (missing, text)


def test_the_stated_defaults_are_the_real_ones():
    for argv, option, value in ((["web"], "--port", "8000"), (["sync"], "--timeout", "1.0"),
                                (["tournament"], "--games", "100"), (["sync"], "--retries", "10"),
                                (["emulate"], "--scale", "2")):
        h = options(help_text(*argv))[option]
        assert re.search(r"default:? %s\b" % re.escape(value), h), (argv, h)
    assert "default: build/web)" in options(help_text("web"))["--out"]      # relative


def test_flash_and_firmware_name_one_micropython_and_board():
    """Issue 31 settled one MicroPython and the plain ESP32_GENERIC image:
    both commands name them the same way, and no other version."""
    from host_tools.flash.firmware_cache import PINNED, named
    for cmd in ("flash", "firmware"):
        text = " ".join(help_text(cmd).split())
        assert named() in text, (cmd, text)
        versions = set(re.findall(r"MicroPython v?(\d+\.\d+(?:\.\d+)?)", text))
        assert versions == {PINNED.version}, (cmd, versions)
        assert "SPIRAM" not in text


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
