"""The SSD1683 e-paper driver on its own: draw, refresh, sleep.

For a 4.2" 400x300 SSD1683 panel (Waveshare 4.2" V2) wired as in
hardware/pins.json, on a board running stock MicroPython with the app's
modules on it (`mpremote mip install --target / package.json` from a
checkout), or just these: compat.py, hal/board.py, hal/fb.py,
hal/spibus.py, hal/epd_ssd1683.py.

    mpremote run examples/epd_hello.py

The driver is a framebuf.FrameBuffer (a set bit is white): draw with the
usual calls, then choose a refresh: full (3 s, clears ghosting), fast
(about 1.2 s) or partial (a window, about 0.4 s, no flashing).
"""
import time

from machine import Pin, SPI

from hal import board
from hal.epd_ssd1683 import BLACK, HEIGHT, SSD1683, WHITE, WIDTH
from hal.spibus import SpiBus


def make_bus():
    """The panel's bus: SPI (write only) and the CS, DC, RST, BUSY lines."""
    spi = SPI(board.SPI_ID, baudrate=board.SPI_BAUD, polarity=0, phase=0,
              sck=Pin(board.SCK), mosi=Pin(board.MOSI))
    cs = Pin(board.EPD_CS, Pin.OUT, value=1)
    dc = Pin(board.EPD_DC, Pin.OUT, value=0)
    rst = Pin(board.EPD_RST, Pin.OUT, value=1)
    busy = Pin(board.EPD_BUSY, Pin.IN)
    return SpiBus(spi.write, cs.value, dc.value, rst.value, busy.value,
                  time.sleep_ms, time.ticks_ms)


def main(bus=None):
    epd = SSD1683(bus or make_bus())
    epd.init()
    epd.fill(WHITE)
    epd.rect(0, 0, WIDTH, HEIGHT, BLACK)
    epd.text("Hello, e-paper", 8, 8, BLACK)
    epd.fill_rect(8, 24, WIDTH // 2, 16, BLACK)
    epd.refresh_full()
    # a counter in a small window: partial refreshes, no flashing
    for n in range(3):
        epd.fill_rect(8, 48, 64, 8, WHITE)
        epd.text("n = %d" % n, 8, 48, BLACK)
        epd.refresh_partial(8, 48, 64, 8)
    epd.sleep()
    print("drew, refreshed full once and partially 3 times, asleep")


if __name__ == "__main__":
    main()
