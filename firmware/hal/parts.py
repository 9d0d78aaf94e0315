"""The console's parts only score sync and link play use: its device id,
its USB serial line, its radio.  Functions of the hal here, not Hal
methods: a method's name is interned wherever the hal is (a solo match
too), these only where they are used.

A backend with a part of its own has the method of that name, which
these call: device_id() (hal.esp32: the board's unique id), serial()
(None where there is no line: hal.web, the emulator), link() (the radio:
hal.esp32's espnow, hal.unixport's simulated one, hal.web's browser
tabs).  Without one, the defaults below.
"""


def device_id(hal):
    """This device's id for score sync and link play (hal.devid): the
    backend's own, else a random one kept in hal.id_folder ('' or a
    folder ending in '/') as device_id."""
    own = getattr(hal, "device_id", None)
    if own is not None:
        return own()
    from hal.devid import stored_id
    return stored_id(getattr(hal, "id_folder", ""))


def serial(hal):
    """The USB serial line as a byte port (hal.usbserial), or None where
    there is none."""
    own = getattr(hal, "serial", None)
    if own is not None:
        return own()
    from hal.usbserial import UsbSerial
    return UsbSerial()


def link(hal):
    """The radio to other consoles (hal.link.Link), or None where there
    is none."""
    own = getattr(hal, "link", None)
    return None if own is None else own()
