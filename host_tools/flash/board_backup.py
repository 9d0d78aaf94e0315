"""Keep what is on the board across a firmware erase.

Erasing flash wipes the filesystem.  The app comes back with the deploy;
everything else (score log, settings, the user's own scripts, boot.py) exists
only on the board, so before an erase it is copied to the host, and written
back once the new MicroPython answers.
"""
import os
import time

from host_tools import count
from host_tools.flash.deploy import VERSION_FILE


def default_backup_dir():
    """Outside the repo and its build folder, so `make clean` keeps it."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pocket-rummikub", "board-backup")


def save(board, backup_root, skip=()):
    """Copy every file but those in skip (what the deploy brings back) and the
    version file to backup_root/<time>/; return {path: bytes} (an empty dict,
    and no folder, when there is nothing to keep)."""
    keep = [p for p in sorted(board.files()) if p not in skip and p != VERSION_FILE]
    saved = {p: board.read_bytes(p) for p in keep}
    if saved:
        folder = os.path.join(backup_root, time.strftime("%Y%m%d-%H%M%S"))
        for p, data in saved.items():
            dst = os.path.join(folder, *p.split("/"))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "wb") as f:
                f.write(data)
        print("saved %s (%s) from the board to %s"
              % (count(len(saved), "file"), count(sum(map(len, saved.values())), "byte"),
                 folder))
    return saved


def restore(board, saved):
    """Write the saved files back, folders first."""
    board.mkdirs({p.rsplit("/", 1)[0] for p in saved if "/" in p})
    for p in sorted(saved):
        board.write(p, saved[p])
    if saved:
        print("restored %s to the board" % count(len(saved), "file"))
