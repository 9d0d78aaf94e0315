"""ai.kernel's D/P layout (the indices of the search's arrays and
parameters) is private to the kernel on MicroPython; ai.prepare, which
sets those arrays up, and ai.dp, which reads a few, keep private
copies of the entries they use (no names in module dicts on the device
heap).  On CPython every const()
name is a module attribute, so each copy is checked against the kernel's
own entry here."""
import re

from ai import dp, kernel, prepare


def _layout(mod):
    return {n: getattr(mod, n) for n in dir(mod) if re.match(r"_?[DP]_[A-Z0-9_]+$", n)}


def test_each_copy_is_the_kernels_entry():
    own = {}
    for n, v in _layout(kernel).items():
        own[n.lstrip("_")] = v
    for mod in (dp, prepare):
        copies = _layout(mod)
        with open(mod.__file__) as f:
            used = set(re.findall(r"\b_[DP]_[A-Z0-9_]+\b", f.read()))
        assert copies and used == set(copies), (mod.__name__, used ^ set(copies))
        for n, v in copies.items():
            assert own.get(n.lstrip("_")) == v, (mod.__name__, n, v, own.get(n.lstrip("_")))


def test_the_kernels_layout_has_one_index_per_entry():
    # a copy can only be checked against an unambiguous original
    d = {}
    for n, v in _layout(kernel).items():
        d.setdefault((n.lstrip("_")[0], v), []).append(n)
    assert all(len(names) == 1 for names in d.values()), d
