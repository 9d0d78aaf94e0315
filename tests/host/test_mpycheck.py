"""Native code is a build step: firmware compiles as plain bytecode for any
MicroPython, and `# viper` marks become native functions in native builds."""
import os

from host_tools.codecheck.mpycheck import compile_all, native_source

SRC = ("from compat import micropython\n\n\n"
       "def add(a: int, b: int) -> int:  # viper\n    return a + b\n\n\n"
       "def plain(x):\n    return x  # viper is only a mark at the end of a def\n")


def _arch(mpy):
    with open(mpy, "rb") as f:
        return f.read(3)[2] >> 2          # 0: bytecode only


def test_a_mark_becomes_a_decorator_and_nothing_else_changes():
    out = native_source(SRC)
    assert out.count("@micropython.viper") == 1
    assert "@micropython.viper\ndef add(" in out
    assert out.replace("@micropython.viper\n", "") == SRC
    assert native_source("def f():\n    pass\n") is None


def test_the_firmware_builds_both_ways(tmp_path):
    plain, errs = compile_all(str(tmp_path / "plain"), native=False)
    assert not errs and plain
    native, errs = compile_all(str(tmp_path / "native"))
    assert not errs and len(native) == len(plain)
    arch = {rel: _arch(mpy) for rel, mpy in native}
    kernel = os.path.join("ai", "kernel.py")
    assert arch[kernel] != 0                       # machine code for this host
    assert all(_arch(mpy) == 0 for _, mpy in plain)


def test_each_mpy_names_its_module_not_a_second_path(tmp_path):
    """The source name in a .mpy is the module's dotted name (interned by
    the import anyway), so a match interns ~60 fewer strings: it stayed
    under the qstr pool's doubling point (1217 names, not 1276: 18 KB)."""
    import os
    from host_tools.codecheck.mpycheck import compile_all, module_name
    assert module_name("ui/screens/play.py") == "ui.screens.play"
    assert module_name(os.path.join("ui", "__init__.py")) == "ui"
    done, errors = compile_all(str(tmp_path))
    assert not errors
    data = open(os.path.join(str(tmp_path), "ui", "app.mpy"), "rb").read()
    assert b"ui.app" in data and b"ui/app.py" not in data
