"""`python -m host_tools flash --port PORT` (`make flash PORT=...`).

1. compile firmware/ to .mpy (build/flash) and report the bundle size;
2. make sure the board runs the pinned MicroPython (ask its REPL, resetting
   a silent board once; if not, save the board's files, erase + write +
   verify with esptool, wait for the REPL, put the files back);
3. deploy the bundle with mpremote, copying only changed files, write
   version.json, soft-reset and check the board reports that version.
Every failure is one line on stderr and exit status 1.  Without --port it
lists the serial ports it can see.
"""
import argparse
import errno
import os
import sys
import time

from host_tools import FIRMWARE
from host_tools.options import Parser, emptied_dir, in_dir, in_file, out_dir, real, sha256_hex
from host_tools.flash.common import FlashError

URL_SCHEMES = ("socket://", "rfc2217://", "loop://")


def list_ports(out=None):
    """USB serial ports first (a board is one of them), then the rest."""
    from serial.tools import list_ports as lp
    out = out or sys.stdout
    ports = sorted(lp.comports(), key=lambda p: (p.vid is None, p.device))
    usb = [p for p in ports if p.vid is not None]
    if usb:
        print("serial ports (pass one as PORT=..., e.g. make flash PORT=%s):"
              % usb[0].device, file=out)
    else:
        print("no USB serial port found: is the board plugged in (and its USB "
              "driver loaded)?%s" % (" Other serial ports:" if ports else ""), file=out)
    for p in ports:
        desc = p.description if p.description not in (None, "n/a") else ""
        if p.vid is not None:
            desc += " [USB %04x:%04x]" % (p.vid, p.pid or 0)
        print("  %-16s %s" % (p.device, desc.strip()), file=out)


def check_port(port, wait=1.0):
    """Open and close the port once so the common mistakes get named.  A port
    busy for a moment (a board re-enumerating) gets `wait` seconds."""
    import serial
    if not port.startswith(URL_SCHEMES) and not os.path.exists(port):
        raise FlashError("no such port: %s (run `make flash` without PORT to "
                         "list ports)" % port)
    deadline = time.monotonic() + wait
    while True:
        try:
            serial.serial_for_url(port, baudrate=115200, timeout=0.1,
                                  exclusive=True).close()
            return
        except serial.SerialException as e:
            code = e.errno if e.errno is not None else getattr(e.__cause__, "errno", None)
            text = str(e)
            busy = code in (errno.EBUSY, errno.EAGAIN) or "busy" in text.lower() \
                or "lock" in text
            if busy and time.monotonic() < deadline:
                time.sleep(0.05)
                continue
            if code == errno.EACCES or "Permission denied" in text:
                raise FlashError("permission denied on %s: add yourself to the "
                                 "port's group (e.g. sudo usermod -aG dialout $USER) "
                                 "and log in again" % port) from None
            if busy:
                raise FlashError("%s is busy: close other serial programs "
                                 "(screen, Thonny, mpremote)" % port) from None
            raise FlashError("cannot open %s: %s" % (port, text)) from None


def report_bundle(bundle):
    print("bundle: %d files, %.1f KiB (%d bytes), hash %s" % (
        len(bundle.files), bundle.size / 1024.0, bundle.size, bundle.digest[:12]))


def ensure_micropython(port, release, args, bundle, force=False):
    """Step 2: return the (version, machine) the board runs afterwards
    (force: write even if it reports the release, as for a frozen image)."""
    from host_tools.flash import board_backup
    from host_tools.flash.board import Board, reset_board, wait_for_repl
    from host_tools.flash.esp_write import write_image
    from host_tools.flash.firmware_cache import check_image, firmware_image
    if args.firmware:       # a named file is checked before the board is touched
        check_image(args.firmware, release)
    try:
        with Board(port, timeout=args.repl_timeout) as b:
            ver, machine = b.firmware()
    except FlashError:
        # Asleep, or in a mode that ignores Ctrl-C?  Reset it and ask again
        # before an erase could take its files with it.
        print("no REPL answer: resetting the board and asking again")
        reset_board(port)
        try:
            ver, machine = wait_for_repl(port, args.reset_wait)
        except FlashError:
            ver, machine = None, ""
            print("still no REPL: nothing on the board can be saved before "
                  "the erase (a new board has nothing to lose)")
    if not force and ver == release.version and release.machine in machine:
        print("board runs MicroPython %s (%s): firmware step skipped" % (ver, machine))
        return ver, machine
    seen = "board reports %s (%s)" % (ver, machine) if ver else "no REPL answered"
    image = firmware_image(release, args.firmware, args.cache_dir)
    saved = {}
    if ver:                 # the erase wipes the filesystem: keep what is ours
        with Board(port, timeout=args.repl_timeout) as b:
            saved = board_backup.save(b, args.backup_dir, skip=set(bundle.files))
    print("flashing MicroPython %s from %s (%s)" % (release.version, image, seen))
    write_image(args.bootloader_port or port, image, chip=args.chip)
    print("waiting for the REPL ...")
    ver, machine = wait_for_repl(port, args.boot_timeout)
    if saved:               # whatever runs now, the data goes back first
        with Board(port, timeout=args.repl_timeout) as b:
            board_backup.restore(b, saved)
    if ver != release.version or release.machine not in machine:
        raise FlashError("after flashing, the board reports MicroPython %s (%s), "
                         "expected %s (%s)" % (ver, machine, release.version,
                                               release.machine))
    return ver, machine


def run(args):
    from host_tools.flash import deploy
    from host_tools.flash import firmware_cache
    from host_tools.flash.board import Board
    release = firmware_cache.PINNED
    if args.sha256:
        release = release._replace(sha256=args.sha256.lower())
    if args.mp_version:
        release = release._replace(version=args.mp_version)
    if args.machine is not None:
        release = release._replace(machine=args.machine)

    check_port(args.port)
    if args.frozen:
        from host_tools.flash.frozen import flash_frozen
        return flash_frozen(args, ensure_micropython)
    bundle = deploy.build_bundle(args.build_dir, source=args.source, march=args.march)
    report_bundle(bundle)
    if not args.skip_firmware:
        ensure_micropython(args.port, release, args, bundle)
    info = deploy.version_info(bundle, deploy.git_commit())
    with Board(args.port, timeout=args.repl_timeout) as b:
        deploy.deploy(b, bundle, info)
        b.start_app()
    print("device reports version %s, bundle %s: done" % (info["commit"],
                                                          info["bundle"][:12]))


def parser():
    from host_tools.flash.firmware_cache import PINNED, default_cache_dir, named
    from host_tools.options import shown_default
    from host_tools.flash.deploy import BUILD_DIR
    from host_tools.flash.board_backup import default_backup_dir
    from host_tools.flash.image_build import IMAGE
    ap = Parser(
        "flash",
        description="Put the app on a board: build the .mpy bundle, make sure the board "
                    "runs %s (flashed with esptool if not), then deploy only what changed "
                    "(`make flash`; docs/maker.md)." % named())
    ap.add_argument("--port", help="serial port of the board, e.g. /dev/ttyUSB0 "
                    "(or socket://host:port) (default: list the ports and stop)")
    ap.add_argument("--firmware", metavar="FILE", type=in_file,
                    help="MicroPython image to use instead of the cached download (default: "
                    "the pinned release, downloaded once)")
    ap.add_argument("--frozen", nargs="?", const=IMAGE, metavar="IMAGE", type=in_file,
                    help="write the image `make firmware` built, the app frozen in "
                    "(IMAGE default: %s), instead of stock MicroPython + the .mpy bundle"
                    % shown_default(IMAGE))
    ap.add_argument("--sha256", type=sha256_hex, help="expected SHA-256 of the image (default: "
                    "the pinned release's)")
    ap.add_argument("--mp-version", help="MicroPython version the board must "
                    "report (default %s)" % PINNED.version)
    ap.add_argument("--machine", help="text the board's sys.implementation._machine "
                    "must contain (default %r)" % PINNED.machine)
    ap.add_argument("--chip", default="ESP32", help="chip esptool must find")
    ap.add_argument("--bootloader-port", help="the ROM bootloader's port when it "
                    "is not --port (boards whose native USB re-enumerates; default: --port)")
    ap.add_argument("--skip-firmware", action="store_true",
                    help="only deploy the app")
    ap.add_argument("--cache-dir", type=out_dir, default=default_cache_dir(),
                    help="where the downloaded release is kept")
    ap.add_argument("--backup-dir", type=out_dir, default=default_backup_dir(),
                    help="where the board's data files are saved before an erase")
    ap.add_argument("--source", type=in_dir, default=FIRMWARE, help=argparse.SUPPRESS)
    ap.add_argument("--build-dir", type=emptied_dir("main.py", "rummikub"), default=BUILD_DIR,
                    help="where the .mpy bundle is built")
    ap.add_argument("--march", default="xtensawin",
                    help="mpy-cross native-code target (ESP32: xtensawin)")
    ap.add_argument("--repl-timeout", type=real(0.1, 600), default=3.0,
                    help="seconds to wait for a REPL answer")
    ap.add_argument("--boot-timeout", type=real(0.1, 600), default=30.0,
                    help="seconds to wait for the REPL after flashing")
    ap.add_argument("--reset-wait", type=real(0, 600), default=6.0,
                    help="seconds to wait for the REPL after resetting a board "
                    "that did not answer")
    return ap


def main(argv):
    args = parser().parse_args(argv)
    if not args.port:
        list_ports()        # `make flash` without PORT: show where to look
        return 0
    try:
        run(args)
    except FlashError as e:
        print("flash: error: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("flash: interrupted", file=sys.stderr)
        return 130
    return 0
