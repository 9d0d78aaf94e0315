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
    from common.rules import RuleError
    from rummikub.rules import RuleError as R1
    from gin.rules import GinRules
    assert R1 is RuleError
    try:
        GinRules(knock=3)
    except RuleError as e:
        assert str(e).startswith("unknown gin rule 'knock'")
    else:
        raise AssertionError("an unknown gin rule was taken")
