"""Assertion helpers that work on CPython and MicroPython alike (no pytest)."""


def raises(exc, fn, *args, **kw):
    """Call fn and return the exception it raised; fail if it raised none."""
    try:
        fn(*args, **kw)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))
