"""Run test_* functions of the given test files under MicroPython.

Usage: MICROPYPATH=firmware:tests/engine_mp micropython tests/mp_runner.py FILE...
pytest runs the same files on CPython; this is the unix-port half.  Each
file's folder goes on sys.path (after MICROPYPATH) before any file loads, so
a test file finds the helpers beside it.
"""
import sys

# The script's own folder (tests/) comes first on sys.path; its tests/hal,
# tests/ui, ... would hide firmware's packages of the same names.
if sys.path and sys.path[0].endswith("/tests"):
    sys.path.pop(0)


def module_name(path):
    name = path.split("/")[-1]
    if name.endswith(".py"):
        name = name[:-3]
    return name


def folder(path):
    """The folder part of path ("" for a bare file name: MICROPYPATH finds it)."""
    i = path.rfind("/")
    return (path[:i] or "/") if i >= 0 else ""


def run(paths):
    for path in paths:
        d = folder(path)
        if d and d not in sys.path:
            sys.path.append(d)
    passed = failed = 0
    for path in paths:
        name = module_name(path)
        try:
            mod = __import__(name)
        except Exception as e:  # a file that cannot load fails alone
            failed += 1
            print("FAIL %s (import): %s: %s" % (name, type(e).__name__, e))
            sys.print_exception(e)
            continue
        for attr in sorted(dir(mod)):
            if not attr.startswith("test_"):
                continue
            fn = getattr(mod, attr)
            if not callable(fn):
                continue
            try:
                fn()
                passed += 1
            except Exception as e:  # report and go on, like pytest
                failed += 1
                print("FAIL %s::%s: %s: %s" % (name, attr, type(e).__name__, e))
                sys.print_exception(e)
    print("micropython: %d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:]) else 0)
