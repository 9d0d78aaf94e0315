"""Assertion helpers that work on CPython and MicroPython alike (no pytest)."""


def raises(exc, fn, *args, **kw):
    """Call fn and return the exception it raised; fail if it raised none."""
    try:
        fn(*args, **kw)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))


def refuses_every_damage(exc, loads, data):
    """loads raises exc for every truncation of data and for data with the
    lowest or highest bit of any one byte flipped (the saves' checks)."""
    for i in range(len(data)):
        raises(exc, loads, data[:i])
        for bit in (0x01, 0x80):
            b = bytearray(data)
            b[i] ^= bit
            raises(exc, loads, b)
