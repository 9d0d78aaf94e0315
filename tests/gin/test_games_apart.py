"""Each game loads only its own code: a Gin game never loads a module of
rummikub/ (nor a Rummikub match one of gin/), so neither pays RAM for the
other.  Each check runs in a fresh interpreter: the test process has both
games loaded already."""
import os
import subprocess
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "firmware")


def loaded_after(code, prefix):
    """The modules starting with prefix that a fresh interpreter holds after code."""
    out = subprocess.run(
        [sys.executable, "-c", "import sys\n%s\nprint(sorted(m for m in sys.modules"
         " if m.startswith(%r)))" % (code, prefix)],
        cwd=FIRMWARE, capture_output=True, text=True, check=True).stdout
    return out.strip()


def test_the_gin_engine_loads_nothing_of_rummikub():
    code = "import gin.game, gin.rules, gin.savefile, gin.scoring, gin.melds"
    assert loaded_after(code, "rummikub") == "[]"


def test_rule_error_is_one_class_for_both_games():
    """Also after the app's unloading before an AI turn (common, the package
    holding it, is never dropped: imported again it would be a second class)."""
    import rummikub.rules
    from gin.rules import GinRules
    from ui import unload
    unload("ai")
    from common import RuleError
    assert rummikub.rules.RuleError is RuleError
    try:
        GinRules(knock=3)
    except RuleError as e:
        assert str(e).startswith("unknown gin rule 'knock'")
    else:
        raise AssertionError("an unknown gin rule was taken")


ROOT = os.path.dirname(FIRMWARE)


def test_a_rummikub_match_woken_from_sleep_loads_nothing_of_gin(tmp_path):
    """The boot after an idle sleep looks for a gin game by its flash key
    alone: waking into a Rummikub match loads no gin module."""
    code = """
import sys
sys.path[:0] = [%r, %r, %r]
from host_tools.emulator.headless import Runner
from driver import Driver
d = Driver(%r)
d.keys("a start")                       # a new game against the AI
while d.screen.name != "play":
    d.key("a")
d.r.run(10 * 60 * 1000)                 # idle: the device sleeps
assert d.r.asleep
d.key("a")                              # the wake
assert not d.r.asleep and d.screen.name == "play", d.screen.name
print(sorted(m for m in sys.modules if m.startswith(("gin", "ui.gin", "ai.gin"))))
""" % (FIRMWARE, ROOT, os.path.join(ROOT, "tests", "ui"), str(tmp_path / "flash"))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr[-800:]
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_leaving_a_gin_game_unloads_its_screens(tmp_path):
    """Gin's screens live in its package (ui/gin/gin_*.py); going to another
    screen unloads them as it does ui/screens/ ones (ui.screen_class)."""
    from host_tools.emulator.headless import Runner
    from gin_keys import GinKeys
    r = Runner(str(tmp_path / "flash"), None)
    k = GinKeys(r)
    k.to_gin()
    k.key("start")
    assert k.screen.name == "gin_play" and "ui.gin.gin_play" in sys.modules
    assert not [m for m in sys.modules if m.startswith("ui.screens.")]
    k.key("b", long=True)                    # save and quit
    assert k.screen.name == "title" and r.app.match is None
    assert [m for m in sys.modules if m.startswith(("ui.gin.gin_", "ui.screens."))] == \
        ["ui.screens.title"]


def test_a_gin_game_loads_no_rummikub_engine(tmp_path):
    """A Gin game started from the title holds none of Rummikub's engine
    (the title's decor tiles leave only rummikub.tiles, the tile codes);
    woken from an idle sleep, a boot with an empty heap, it holds no
    module of rummikub/ at all."""
    code = """
import sys
sys.path[:0] = [%r, %r, %r]
from host_tools.emulator.headless import Runner
from gin_keys import GinKeys
r = Runner(%r, None)
k = GinKeys(r)
k.to_gin()
k.key("start")
for _ in range(4):
    k.turn()
assert k.screen.name.startswith("gin_"), k.screen.name
print(sorted(m for m in sys.modules if m.startswith("rummikub")))
r.run(10 * 60 * 1000)                   # idle: the device sleeps
assert r.asleep
for m in [m for m in sys.modules if m.split(".")[0] in
          ("ui", "ai", "gin", "rummikub", "common", "sync", "compat")]:
    del sys.modules[m]                  # deep sleep: the heap starts empty
from ui.app import App
r.App = App
k.key("a")                              # the wake
assert not r.asleep and k.screen.name == "gin_play", k.screen.name
for _ in range(4):
    k.turn()
assert k.screen.name.startswith("gin_"), k.screen.name
print(sorted(m for m in sys.modules if m.startswith("rummikub")))
""" % (FIRMWARE, ROOT, os.path.join(ROOT, "tests", "gin"), str(tmp_path / "flash"))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr[-800:]
    from_title, woken = out.stdout.strip().splitlines()[-2:]
    assert from_title == "['rummikub', 'rummikub.tiles']", from_title
    assert woken == "[]", woken
