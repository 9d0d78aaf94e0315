"""Build the app bundle (.mpy) and put it on a board, copying only what changed.

The bundle is firmware/ compiled by mpy-cross for the ESP32 (xtensawin, so
@micropython.native code runs natively); main.py and boot.py stay source
because the board runs them by file name.  Its hash (over every file's path
and SHA-256) and the git commit go into version.json on the board, written
last: an interrupted deploy never claims a version.
"""
import hashlib
import json
import os
import shutil
import subprocess
from collections import namedtuple

from host_tools import BUILD, FIRMWARE, ROOT
from host_tools.flash.common import FlashError, Progress, sha256_file
from host_tools.codecheck.mpycheck import HOST_ONLY, compile_all

VERSION_FILE = "version.json"
KEEP_SOURCE = ("main.py", "boot.py")
BUILD_DIR = os.path.join(BUILD, "flash")

# files: {device path: local path}; hashes: {device path: sha256}; size: bytes
Bundle = namedtuple("Bundle", "files hashes size digest")
Plan = namedtuple("Plan", "copy remove")


def bundle_digest(hashes):
    h = hashlib.sha256()
    for path in sorted(hashes):
        h.update(("%s %s\n" % (path, hashes[path])).encode())
    return h.hexdigest()


def build_bundle(out_dir=BUILD_DIR, source=FIRMWARE, march="xtensawin"):
    """Compile source/ into a fresh out_dir; FlashError lists what failed."""
    shutil.rmtree(out_dir, ignore_errors=True)
    extra = ["-march=" + march] if march else []
    done, errors = compile_all(out_dir, root=source, extra=extra)
    if errors:
        raise FlashError("mpy-cross failed: " + "; ".join(
            "%s: %s" % e for e in errors))
    files = {}
    for rel, mpy in done:
        rel = rel.replace(os.sep, "/")
        if rel in HOST_ONLY:
            os.remove(mpy)
        elif rel in KEEP_SOURCE:
            os.remove(mpy)
            dst = os.path.join(out_dir, rel)
            shutil.copyfile(os.path.join(source, rel), dst)
            files[rel] = dst
        else:
            files[rel[:-3] + ".mpy"] = mpy
    hashes = {p: sha256_file(f) for p, f in files.items()}
    size = sum(os.path.getsize(f) for f in files.values())
    return Bundle(files, hashes, size, bundle_digest(hashes))


def git_commit(root=ROOT):
    """Short commit of HEAD, '+dirty' when firmware/ has uncommitted edits."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=root,
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "firmware"],
                               cwd=root, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def version_info(bundle, commit):
    return {"commit": commit, "bundle": bundle.digest, "files": len(bundle.files)}


def scan_targets(bundle):
    """Top folders to walk and root files to hash on the board: everything
    the bundle owns, plus root .py files that would shadow a bundle .mpy."""
    roots, files = set(), set()
    for p in bundle.files:
        if "/" in p:
            roots.add(p.split("/", 1)[0])
        else:
            files.add(p)
            if p.endswith(".mpy"):
                files.add(p[:-4] + ".py")
    return sorted(roots), sorted(files)


def plan(bundle, device_hashes):
    """Copy what differs or is missing; remove stale code in the bundle's
    folders and any .py that would shadow a bundle .mpy (import prefers .py)."""
    copy = sorted(p for p, h in bundle.hashes.items() if device_hashes.get(p) != h)
    remove = sorted(p for p in device_hashes if p not in bundle.hashes)
    return Plan(copy, remove)


ARCHES = ["none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
          "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc"]


def mpy_mismatch(path, abi):
    """Why the board (sys.implementation._mpy == abi) cannot load this .mpy,
    or None.  Bytecode needs the same major version; native code also the
    same architecture and sub-version."""
    with open(path, "rb") as f:
        head = f.read(3)
    major, arch, sub = head[1], head[2] >> 2, head[2] & 3
    b_major, b_arch, b_sub = abi & 0xFF, abi >> 10, (abi >> 8) & 3

    def name(a):
        return ARCHES[a] if a < len(ARCHES) else str(a)
    if major != b_major:
        return "it is mpy v%d, the board loads v%d" % (major, b_major)
    if arch and (arch != b_arch or sub != b_sub):
        return "its native code is mpy v%d.%d for %s, the board runs v%d.%d %s" % (
            major, sub, name(arch), b_major, b_sub, name(b_arch))
    return None


def check_loadable(bundle, abi):
    for p in sorted(bundle.files):
        if p.endswith(".mpy"):
            why = mpy_mismatch(bundle.files[p], abi)
            if why:
                raise FlashError("the board cannot load %s: %s (rebuild with "
                                 "--march for this board)" % (p, why))


def copy_files(board, bundle, paths):
    total = sum(os.path.getsize(bundle.files[p]) for p in paths)
    with Progress("deploy", total) as bar:
        base = 0
        for p in paths:
            with open(bundle.files[p], "rb") as f:
                data = f.read()
            board.write(p, data, lambda n, b=base: bar.update(b + n))
            base += len(data)
            bar.update(base)


def deploy(board, bundle, info, log=print):
    """Bring the board to exactly this bundle, then soft-reset and check that
    it reports info.  Returns the Plan that was carried out."""
    check_loadable(bundle, board.mpy_abi())
    roots, files = scan_targets(bundle)
    todo = plan(bundle, board.hashes(roots, files))
    want = json.dumps(info, sort_keys=True)
    have = board.read(VERSION_FILE)
    if todo.copy or todo.remove or have != want:
        board.remove([VERSION_FILE] if have is not None else [])
        board.remove(todo.remove)
        board.mkdirs({p.rsplit("/", 1)[0] for p in todo.copy if "/" in p})
        if todo.copy:
            copy_files(board, bundle, todo.copy)
        board.write(VERSION_FILE, want.encode())
    log("deploy: %d copied, %d removed, %d unchanged" % (
        len(todo.copy), len(todo.remove), len(bundle.files) - len(todo.copy)))
    board.soft_reset()
    check(board, bundle, info)
    return todo


def check(board, bundle, info):
    """The board, freshly reset, must hold every bundle file byte for byte
    and report the version we wrote."""
    roots, files = scan_targets(bundle)
    got = board.hashes(roots, files)
    held = {p: got.get(p) for p in bundle.hashes}
    text = board.read(VERSION_FILE)
    if bundle_digest(held) != bundle.digest:
        bad = sorted(p for p in held if held[p] != bundle.hashes[p])
        raise FlashError("device files differ from the bundle after deploy: %s"
                         % ", ".join(bad[:5]))
    try:
        reported = json.loads(text) if text else None
    except ValueError:
        reported = None
    if reported != info:
        raise FlashError("device reports version %s, expected %s"
                         % (text, json.dumps(info, sort_keys=True)))
