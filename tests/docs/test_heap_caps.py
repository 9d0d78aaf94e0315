"""The heap caps `make test` plays under are set in one place, the
Makefile (GAME_HEAP, GIN_HEAP, MP32_GAME_HEAP, MP32_GIN_HEAP).  A doc that
states one names its variable beside it (`GAME_HEAP=45k`), so this test
finds every such statement and holds it to the Makefile's value."""
import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CAP = re.compile(r"^(\w+_HEAP) \?= (\d+k)$", re.M)
STATED = re.compile(r"\b(\w+_HEAP)=(\d+k)\b")
NAMES = ("GAME_HEAP", "GIN_HEAP", "MP32_GAME_HEAP", "MP32_GIN_HEAP")


def makefile_caps():
    with open(os.path.join(ROOT, "Makefile")) as f:
        return dict(CAP.findall(f.read()))


def docs():
    paths = [os.path.join(ROOT, p) for p in ("README.md", "NOTES.md")]
    return paths + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def stated(text):
    return STATED.findall(text)


def mismatches(caps, texts):
    """(file, name, value stated) for each cap a text states otherwise."""
    return [(os.path.relpath(path, ROOT), name, value)
            for path, text in texts for name, value in stated(text) if caps.get(name) != value]


def read_docs():
    out = []
    for path in docs():
        with open(path) as f:
            out.append((path, f.read()))
    return out


def test_the_makefile_sets_each_cap_once():
    with open(os.path.join(ROOT, "Makefile")) as f:
        found = CAP.findall(f.read())
    assert sorted(n for n, _ in found) == sorted(NAMES), found


def test_each_cap_a_doc_states_is_the_makefiles():
    caps = makefile_caps()
    texts = read_docs()
    assert not mismatches(caps, texts), "the Makefile says %s" % caps
    # the developer guide says what `make test` plays under: every cap
    named = {name for _, text in texts for name, _ in stated(text)}
    assert named >= set(NAMES), sorted(set(NAMES) - named)


def test_no_guide_states_a_cap_without_its_name():
    """`-X heapsize=45k` in a guide would be a cap this test cannot hold to
    the Makefile; docs/figures.md's commands measure heaps (not caps), and
    NOTES.md's items may quote a run."""
    loose = [(os.path.relpath(path, ROOT), m) for path, text in read_docs()
             if os.path.basename(path) not in ("figures.md", "NOTES.md")
             for m in re.findall(r"heapsize=\d+k", text)]
    assert not loose, loose


def test_a_cap_stated_otherwise_is_caught():
    caps = {"GAME_HEAP": "45k"}
    text = "plays under `GAME_HEAP=44k`; the Gin game under `GIN_HEAP=41k`"
    assert mismatches(caps, [(os.path.join(ROOT, "docs", "x.md"), text)]) == [
        (os.path.join("docs", "x.md"), "GAME_HEAP", "44k"), (os.path.join("docs", "x.md"), "GIN_HEAP", "41k")]
