"""ESP32 chip facts the esp32 backend needs (ESP32 datasheet / TRM).

RTC_GPIO maps a GPIO number to its RTC_GPIO index: only these pins can wake
the chip from deep sleep through ext1, and the ext1 wake-status register
reports them by RTC index.  MicroPython has no call for that status, so the
backend reads the register itself (RTC_CNTL_EXT_WAKEUP1_STATUS_REG).
"""
RTC_GPIO = {36: 0, 37: 1, 38: 2, 39: 3, 34: 4, 35: 5, 25: 6, 26: 7, 33: 8,
            32: 9, 4: 10, 0: 11, 2: 12, 15: 13, 13: 14, 12: 15, 14: 16, 27: 17}
EXT1_STATUS_REG = 0x3FF480D0     # DR_REG_RTCCNTL_BASE 0x3FF48000 + 0xD0
EXT1_STATUS_MASK = 0x3FFFF       # bits 0..17, one per RTC_GPIO
INPUT_ONLY = (34, 35, 36, 37, 38, 39)   # no output driver, no internal pulls


def buttons_from_ext1(status, button_pins):
    """Button bitmask (hal.buttons order) from the ext1 wake status."""
    bits = 0
    for i, gpio in enumerate(button_pins):
        if status & (1 << RTC_GPIO[gpio]):
            bits |= 1 << i
    return bits
