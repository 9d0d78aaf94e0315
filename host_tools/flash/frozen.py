"""`flash --frozen`: write the image `make firmware` built (MicroPython with
the app frozen in, host_tools.flash.image_build) instead of the stock
release plus the .mpy bundle.

The image is checked against the firmware.json built beside it (SHA-256,
version, board) before the board is touched.  The board's data files are
saved and put back across the erase as for a stock flash, but not the app's
code (a .py or .mpy of an app module left on the filesystem would be
imported instead of the frozen one).  version.json records which image the
board got, so a second run with the same image writes nothing.
"""
import json
import os

from host_tools import FIRMWARE
from host_tools.flash.common import FlashError
from host_tools.flash.deploy import VERSION_FILE
from host_tools.flash.firmware_cache import Release
from host_tools.codecheck.mpycheck import firmware_sources


def release_of(image):
    """(Release, info) from the firmware.json beside image."""
    path = os.path.join(os.path.dirname(os.path.abspath(image)), "firmware.json")
    try:
        with open(path) as f:
            info = json.load(f)
        return Release(version=info["version"], board=info["board"], port="esp32",
                       page="make firmware", sha256=info["sha256"],
                       machine=info["machine"]), info
    except (OSError, ValueError, KeyError, TypeError):
        raise FlashError("no readable firmware.json beside %s: build the image with "
                         "`make firmware`" % image) from None


class AppCode:
    """Stands in for the bundle where ensure_micropython asks which files
    the deploy brings back: the app's modules, as source or .mpy."""

    def __init__(self):
        names = set()
        for src in firmware_sources():
            rel = os.path.relpath(src, FIRMWARE).replace(os.sep, "/")
            names.update((rel, rel[:-3] + ".mpy"))
        self.files = names


def flash_frozen(args, ensure_micropython):
    from host_tools.flash.board import Board
    from host_tools.flash.firmware_cache import check_image
    release, info = release_of(args.frozen)
    check_image(args.frozen, release)
    want = {"image": info["sha256"], "commit": info.get("commit", "unknown")}
    with Board(args.port, timeout=args.repl_timeout) as b:
        try:
            have = json.loads(b.read(VERSION_FILE) or "{}")
        except ValueError:
            have = {}
    if have.get("image") == want["image"]:
        print("board runs this image (%s): nothing to write" % want["image"][:12])
    else:
        args.firmware = args.frozen
        ensure_micropython(args.port, release, args, AppCode(), force=True)
    with Board(args.port, timeout=args.repl_timeout) as b:
        b.write(VERSION_FILE, json.dumps(want, sort_keys=True).encode())
        b.start_app()
    print("device runs the frozen image %s (app %s): done" % (want["image"][:12], want["commit"]))
