import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
# firmware, every tests/*_mp folder (the files that also run under
# MicroPython and their helpers: CPython tests use them too) and the root
MP_FOLDERS = sorted(os.path.join(TESTS, d) for d in os.listdir(TESTS) if d.endswith("_mp"))
for p in [os.path.join(ROOT, "firmware")] + MP_FOLDERS + [ROOT]:
    if p not in sys.path:
        sys.path.insert(0, p)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _modules_come_back():
    """The app drops modules to free RAM (ui.unload, ui.forget), and a
    later import makes a new module object; a test module that holds the
    old one (to patch it, or to compare) would then miss: whatever a test
    dropped or replaced is put back when it ends (the AI tests failed
    after a UI test had unloaded ai.* in the same worker)."""
    before = dict(sys.modules)
    yield
    for name, mod in before.items():
        if sys.modules.get(name) is not mod:
            sys.modules[name] = mod
            i = name.rfind(".")
            pkg = sys.modules.get(name[:i]) if i > 0 else None
            if pkg is not None:
                setattr(pkg, name[i + 1:], mod)
