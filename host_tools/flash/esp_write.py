"""Write a MicroPython image to an ESP32 with esptool (used as a library).

Connect to the ROM bootloader, refuse any chip but the one the image is for,
erase, write at 460800 baud (esptool checks each region's MD5 as it goes),
verify the whole image once more, and hard-reset into it.  esptool draws its
own progress bar for the write.
"""
from host_tools.flash.common import FlashError

BAUD = 460800
OFFSET = 0x1000      # where MicroPython's ESP32 image (bootloader first) starts


def _one_line(e):
    text = str(e).strip().splitlines()
    return text[0] if text else e.__class__.__name__


def write_image(port, image, chip="ESP32", baud=BAUD, offset=OFFSET, attempts=3):
    """Flash image (a path) to the chip on port; FlashError on any failure."""
    import esptool
    from esptool.cmds import (attach_flash, detect_chip, erase_flash, reset_chip,
                              run_stub, verify_flash, write_flash)
    try:
        esp = detect_chip(port, connect_attempts=attempts)
    except esptool.FatalError as e:
        raise FlashError("no ESP32 bootloader answered on %s: %s"
                         % (port, _one_line(e))) from None
    try:
        if esp.CHIP_NAME != chip:
            raise FlashError("wrong chip on %s: found %s, this firmware needs %s"
                             % (port, esp.CHIP_NAME, chip))
        esp = run_stub(esp)
        if baud != esp.ESP_ROM_BAUD:
            esp.change_baud(baud)
        attach_flash(esp)
        erase_flash(esp)
        write_flash(esp, [(offset, image)])
        verify_flash(esp, [(offset, image)])
        reset_chip(esp, "hard-reset")
    except esptool.FatalError as e:
        raise FlashError("esptool on %s: %s" % (port, _one_line(e))) from None
    finally:
        esp._port.close()
