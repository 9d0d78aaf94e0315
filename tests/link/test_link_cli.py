"""`pocket emulate --link N --headless`: consoles as processes from the
command line, and its options refused in one line."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pocket(*args):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}     # no windows
    p = subprocess.run([sys.executable, "-m", "host_tools", "emulate"] + list(args), cwd=ROOT,
                       capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL,
                       env=env)
    return p.returncode, p.stdout, p.stderr


def test_two_consoles_play_a_match_and_it_is_checked(tmp_path):
    d = str(tmp_path / "consoles")
    rc, out, err = pocket("--link", "2", "--headless", "--seed", "5", "--loss", "10%",
                          "--think", "500-1500", "--kill", "Bo@30+8", "--dir", d)
    assert rc == 0, out + err
    assert "Bo: 2 boots; match" in out and "PROBLEM" not in out, out
    assert "checked: every console showed each turn's table" in out
    assert sorted(os.listdir(d)) == ["ann", "ann.out", "bo", "bo.out"]
    # the same folder again would resume finished matches: refused
    rc, out, err = pocket("--link", "2", "--headless", "--dir", d)
    assert rc == 2 and "is not empty" in err and len(err.splitlines()) == 1, err


def test_two_consoles_play_a_gin_game(tmp_path):
    d = str(tmp_path / "consoles")
    rc, out, err = pocket("--link", "2", "--headless", "--game", "gin", "--target", "40",
                          "--seed", "5", "--loss", "10%", "--dup", "5%", "--think", "300-900",
                          "--dir", d)
    assert rc == 0, out + err
    assert out.startswith("link play: Gin Rummy, 2 consoles") and "PROBLEM" not in out, out
    assert "game over: Ann" in out and "each score log holds every hand and the game once" in out


def test_bad_options_are_refused_in_one_line():
    for args, says in ((["--link", "5", "--headless"], "consoles from 2 to 4"),
                       (["--link", "3"], "no windows (DISPLAY is not set)"),
                       (["--link", "3", "--headless", "--loss", "120%"], "between 0 and 1"),
                       (["--link", "3", "--headless", "--loss", "nan"], "between 0 and 1"),
                       (["--link", "3", "--headless", "--kill", "Bo"], "NAME@AT+DOWN"),
                       (["--link", "2", "--headless", "--kill", "Cy@10+5"], "no console Cy"),
                       (["--link", "3", "--headless", "--partition", "Cy@x"], "NAME[,NAME]@FROM-TO"),
                       (["--link", "3", "--headless", "--think", "9-2"], "LO-HI"),
                       (["--link", "3", "--headless", "--runtime", "/no/such/mp"], "no program"),
                       (["--link", "3", "--headless", "--game", "gin"], "Gin Rummy is for 2 consoles"),
                       (["--link", "2", "--headless", "--game", "chess"], "invalid choice")):
        rc, out, err = pocket(*args)
        assert rc == 2 and says in err and "Traceback" not in err, (args, err)
        assert len(err.splitlines()) == 1, err
