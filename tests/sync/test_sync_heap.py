"""The endpoint streams a score log larger than the device's whole heap:
compiled to .mpy like the flash bundle, under `micropython -X heapsize=32k`.
Then the same log ending with the largest match record (6 seats, 99 rounds:
near records.MAX_MATCH bytes) under BIG_HEAP: this harness decodes the
stream on the same heap (on the device the host is not there), holding
that frame as well, and near the cap a kilobyte more fits or fails by
fragmentation (the record alone needs 37k here)."""
import os
import shutil
import subprocess
import tempfile

from devlink import MP, ROOT, SYNC_MP
from synccheck import Book
from host_tools.codecheck.mpycheck import mpy_cross
from sync import records as R
from sync.scorelog import ScoreLog
from sync.matchid import reserve

# 32k plays, 31k fails, from any checkout; but 32k failed once in a full
# run (the log's random log id changes the records' sizes, and near the cap
# fragmentation decides): 2k of margin, as the other heap caps have
# (SYNC_HEAP_K=31 shows the edge)
HEAP = int(os.environ.get("SYNC_HEAP_K", "34")) * 1024
BIG_HEAP = 40 * 1024


def test_stream_log_bigger_than_heap():
    # a work folder whose path is always as long: the port keeps the
    # import path on its heap, and this test runs close to the 32k cap
    # (pytest's numbered tmp folders made it pass or fail by one digit)
    work = tempfile.mkdtemp(prefix="syncheap-")
    try:
        _stream(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _stream(work):
    from pathlib import Path
    tmp_path = Path(work)
    log = tmp_path / "scores.log"
    Book(str(log), 11).play(1000)
    n = ScoreLog(str(log)).refresh().last_seq
    assert os.path.getsize(log) > 1.2 * HEAP
    _run(tmp_path, HEAP, n)
    big = ScoreLog(str(log))
    rows = [[-30000] * 6 for _ in range(R.MAX_CELLS // 6)]
    n = big.append_match(reserve(big), ["W" * 8] * 6, rows, [-180000] * 6, [0] * 6, 0,
                         {"tile_set": "xp", "freed_joker_with_rack_tiles": True})
    _run(tmp_path, BIG_HEAP, n)


def _run(tmp_path, heap, n):
    lib = tmp_path / "lib"
    for rel in ("compat.py", "sync/__init__.py", "sync/protocol.py", "sync/messages.py",
                "sync/records.py", "sync/scorelog.py", "sync/endpoint.py"):
        dst = lib / (rel[:-3] + ".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        # -s: the module's name as on the board, not the checkout's path
        # (kept in the .mpy, interned on the heap)
        subprocess.run([mpy_cross(), "-s", rel, "-o", str(dst),
                        os.path.join(ROOT, "firmware", rel)], check=True)
    # the script too runs from the fixed-length folder: its folder heads
    # sys.path, on the heap (from the checkout it passed or failed with
    # the checkout's path length)
    shutil.copy(os.path.join(SYNC_MP, "heap_stream.py"), str(tmp_path / "heap_stream.py"))
    r = subprocess.run([MP, "-X", "heapsize=%d" % heap, str(tmp_path / "heap_stream.py")],
                       cwd=tmp_path, env=dict(os.environ, MICROPYPATH=str(lib)),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "streamed %d records" % n in r.stdout and "last %d" % n in r.stdout
