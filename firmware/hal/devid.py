"""This device's id, as score sync reports it to the host.

    board_id()          machine.unique_id() in hex where the board has one
                        (the ESP32's factory MAC); None elsewhere
    stored_id(folder)   a random id made once and kept in folder/device_id
                        (emulator, MicroPython unix port, Linux SBC): stable
                        for as long as that file lives
    device_id(folder)   the first of the two that exists

The hal's device_id() gives the app its backend's choice; code running
without the app (sync started from the REPL) calls device_id() here.
"""
from binascii import hexlify

ID_FILE = "device_id"


def board_id():
    try:
        import machine
        return hexlify(machine.unique_id()).decode()
    except (ImportError, AttributeError):
        return None


def stored_id(folder=""):
    """folder is '' (the current folder) or ends with '/'."""
    path = folder + ID_FILE
    try:
        with open(path, "rb") as f:
            text = f.read(41).decode().strip()
        if text and len(text) <= 40 and all(" " < c < "\x7f" for c in text):
            return text
    except (OSError, ValueError):    # unreadable or not text: a new one
        pass
    from compat import urandom
    new = "sim-" + hexlify(urandom(6)).decode()
    try:
        with open(path, "w") as f:
            f.write(new)
    except OSError:
        pass            # read-only: this run still has an id
    return new


def device_id(folder=""):
    return board_id() or stored_id(folder)
