"""The 32-bit model of the ESP32's heap (host_tools/mp32: the unix port
with the esp32 port's split heap, growing into a simulated ESP-IDF heap)
behaves as the esp32 port does: it grows only after a collection fails, an
area a collection empties goes back, the IDF budget is never exceeded,
gc.mem_free() counts the room; and the profiles and their report.  (That
the floor profile still plays the whole match is `make test-mp32`.)"""
import json
import os
import re
import subprocess

import pytest

from host_tools.mp32 import build as mp32
from host_tools.mp32 import profiles

pytestmark = pytest.mark.skipif(bool(mp32.missing()), reason=str(mp32.missing()))

HEAP = 56 * 1024


def run(script, regions, tmp_path, heap=HEAP):
    """stdout lines of a MicroPython script on the plain model build with
    that IDF heap, and the report it wrote at exit."""
    report = tmp_path / "report"
    src = tmp_path / "script.py"
    src.write_text(script)
    p = subprocess.run([mp32.plain(), "-X", "heapsize=%d" % heap, str(src)],
                       env=dict(os.environ, MP32_IDF_HEAP=",".join(str(r) for r in regions),
                                MP32_IDF_REPORT=str(report)),
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout.splitlines(), profiles.read_report(str(report))


def values(lines, tag):
    """The JSON after `tag ` on the line that starts with it."""
    return json.loads(next(ln for ln in lines if ln.startswith(tag + " "))[len(tag) + 1:])


def test_it_grows_only_when_a_collection_leaves_no_room(tmp_path):
    lines, rep = run("""
import json, gc, idfheap
gc.collect()
for i in range(300):            # 600 KB of garbage: collections always free it
    bytearray(2000)
print('garbage', idfheap.stats()['added'])
keep = []
gc.collect()
while gc.mem_free() - 110592 > 9000:     # live data up to the heap's edge
    keep.append(bytearray(2000))
    gc.collect()
for i in range(300):            # and garbage again, beside it
    bytearray(2000)
print('full', json.dumps([idfheap.stats()['added'], len(keep)]))
keep.append(bytearray(12000))   # no room left after a collection: grow
print('grown', idfheap.stats()['added'])
""", [110592], tmp_path)
    assert values(lines, "garbage") == 0
    added, kept = values(lines, "full")
    assert added == 0 and kept >= 20                # 40 KB and more of it live
    assert values(lines, "grown") == 1
    # the first area doubles the heap, as py/gc.c gc_try_add_heap sizes it
    assert rep["added"] == 1 and HEAP <= rep["most"] <= HEAP + 64


def test_an_emptied_area_is_given_back_and_taken_again(tmp_path):
    # (nothing long-lived may be made while the area is there: a new qstr
    # pool, say, would keep it, on the device as here)
    lines, rep = run("""
import gc, idfheap
def fill():
    return [bytearray(1000) for i in range(80)]     # 80 KB live: more than 56 KB
for n in range(3):
    keep = fill()
    print('held', idfheap.stats()['taken'], idfheap.info()[0][1])
    keep = None
    gc.collect()
    print('back', idfheap.stats()['taken'], idfheap.info()[0][1])
""", [110592], tmp_path)
    held = [[int(w) for w in ln.split()[1:]] for ln in lines if ln.startswith("held")]
    back = [[int(w) for w in ln.split()[1:]] for ln in lines if ln.startswith("back")]
    assert len(held) == len(back) == 3
    for (taken, free), (taken_after, free_after) in zip(held, back):
        assert taken > 0 and free == 110592 - taken
        assert taken_after == 0 and free_after == 110592
    assert rep["added"] == rep["freed"] == 3 and rep["taken"] == 0


def test_the_budget_is_never_exceeded(tmp_path):
    """Two regions: the heap grows into the larger, then the smaller, then
    MemoryError (not a crash); nothing is left for a radio's driver."""
    lines, rep = run("""
import json, gc, idfheap
keep = []
try:
    while True:
        keep.append(bytearray(1000))
except MemoryError:
    pass
n = len(keep)
keep = None
print('info', json.dumps([list(r) for r in idfheap.info()]))
try:
    idfheap.take(1000)
    print('radio', 'started')
except OSError as e:
    print('radio', json.dumps(e.errno))
""", [20000, 30000], tmp_path)
    info = values(lines, "info")
    assert [r[0] for r in info] == [20000, 30000]
    assert all(r[3] == 0 for r in info)             # each region ran dry, none below 0
    assert rep["most"] == 50000 and rep["room"] == 50000
    assert values(lines, "radio") == 12             # ENOMEM


def test_mem_free_counts_the_room(tmp_path):
    script = """
import gc, micropython
used = free = 0                 # the globals first: storing them allocates nothing
gc.collect()
used = gc.mem_alloc()
free = gc.mem_free()
print('mem', used, free)
micropython.mem_info()
"""
    for regions in ([110592], [30720], []):
        lines, rep = run(script, regions, tmp_path)
        gc_line = next(ln for ln in lines if ln.startswith("GC:"))
        got = dict((k.strip(), int(v)) for k, v in
                   (kv.split(":") for kv in gc_line[len("GC:"):].split(",")))
        assert got["total"] == 56000                # the esp32 port's 56 KB, as it reports it
        assert got["max new split"] == sum(regions)
        used, free = (int(w) for w in next(ln for ln in lines if ln.startswith("mem "))
                      .split()[1:])
        assert free == got["total"] - used + sum(regions)
        assert rep["added"] == 0


def test_the_largest_block_is_what_first_fit_leaves(tmp_path):
    """Blocks held and given back leave holes; growth may use only the
    largest one (gc_get_max_new_split), as on the IDF heap."""
    lines, _ = run("""
import json, idfheap, micropython
a = idfheap.take(30000)
b = idfheap.take(30000)
idfheap.give(a)
print('info', json.dumps(list(idfheap.info()[0])))
micropython.mem_info()
""", [100000], tmp_path)
    assert values(lines, "info") == [100000, 70000, 40000, 40000]
    assert any(re.search(r"max new split: 40000\b", ln) for ln in lines)


def test_a_bad_room_is_refused_with_one_line(tmp_path):
    # read at the first question about the room (here gc.mem_free())
    p = subprocess.run([mp32.plain(), "-c", "import gc; print(gc.mem_free())"],
                       capture_output=True, text=True, env=dict(os.environ, MP32_IDF_HEAP="110k"))
    assert p.returncode == 2
    assert p.stderr.strip() == "MP32_IDF_HEAP: 110k is not up to 8 sizes in bytes, comma-separated"


def test_profiles_and_a_boards_own_figures(tmp_path):
    off, on, floor = (profiles.get(n) for n in ("radio-off", "radio-on", "floor"))
    assert (off.heap, off.room) == (HEAP, 110592)
    assert (on.heap, on.room) == (HEAP, 30720)
    assert (floor.heap, floor.room) == (HEAP, 0)
    assert profiles.RADIO_BYTES == 110592 - 30720
    assert all(p.source for p in profiles.PROFILES.values())
    # once `make bringup` recorded a board, its largest blocks replace them
    m = tmp_path / "measured.json"
    m.write_text(json.dumps({"_bringup": {"idf_heap": {"radio-off": [98304, 0, 15000],
                                                       "radio-on": [24576]}}}))
    assert profiles.get("radio-off", str(m)).regions == (98304, 15000)
    assert profiles.get("radio-on", str(m)).regions == (24576,)
    assert profiles.get("floor", str(m)).regions == ()
    with pytest.raises(KeyError, match="radio-off, radio-on, floor"):
        profiles.get("wifi")


def frozen_run(script, profile, tmp_path):
    """stdout lines of a script on the frozen model build (the app's code in
    flash, as on the device) in a profile, and its heap report."""
    report = tmp_path / "report"
    src = tmp_path / "script.py"
    src.write_text(script)
    p = subprocess.run([mp32.frozen()] + profile.args() + [str(src)],
                       env=dict(os.environ, MICROPYPATH=".frozen", **profile.env(str(report))),
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout.splitlines(), profiles.read_report(str(report))


# an endgame (a rack of 6 tiles or fewer) played to by greedy seats, then the
# heap left as the expert finds it in the frozen match (about 19 KB free
# after a collection), and the expert's turn
AT_THE_EXPERT = """
import gc, idfheap
from rummikub.game import Game
from rummikub.rules import Rules
from ai.players import Player
from ai import move, memo
from ai.expert import Expert
from common.rng import Rng
g = Game(Rules(), 2, seed=4)     # a move to make, and more than one worth trying
p = Player('greedy', seed=1)
while min(len(r) for r in g.racks) > 6 or len(g.rack) < 8:
    p.take_turn(g)
ex = Expert(Rng(5))
gc.collect()
largest = max([r[2] for r in idfheap.info()] or [0])
ballast = bytearray(gc.mem_free() - largest - 19300)
print('room', move.room() - largest)
ex.choose(g, 2000, 8000)
print('searches', ex.solves)
m = memo.shared_memo(14)
print('memo', m.bits)
"""


@pytest.mark.parametrize("name", ["floor", "radio-on", "radio-off"])
def test_the_expert_and_the_memo_read_the_room_the_device_has(name, tmp_path):
    """With the same 19 KB free in the heap, the expert looks ahead and the
    memo is sized from the room where the heap can grow (radio-on, -off),
    and plays greedy's move with a small memo where it cannot (floor)."""
    profile = profiles.get(name)
    lines, rep = frozen_run(AT_THE_EXPERT, profile, tmp_path)
    assert 18000 < values(lines, "room") < 20000
    searches, bits = values(lines, "searches"), values(lines, "memo")
    if profile.room:
        assert searches > 1                 # the look-ahead ran
        assert 8 << bits > 19000 // 4       # a memo bigger than the heap alone allows
        assert rep["added"] >= 1            # and the heap grew for the search
    else:
        assert searches == 1                # its own move's search only
        assert 8 << bits <= 19000 // 4
        assert rep["added"] == 0
