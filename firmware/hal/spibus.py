"""The e-paper bus over a real SPI port and four GPIO lines.

Platform neutral: the backend hands in plain callables, so the same class
serves machine.SPI/Pin (ESP32) and busio/digitalio (Blinka):
    write(buf)      send bytes on SPI (MOSI, SCK)
    cs(v), dc(v), rst(v)   drive a line to 0/1
    busy() -> int   read the BUSY line (1 = busy)
    sleep_ms(ms), ticks_ms()
"""


class SpiBus:
    def __init__(self, write, cs, dc, rst, busy, sleep_ms, ticks_ms):
        self._write = write
        self._cs = cs
        self._dc = dc
        self._rst = rst
        self._busy = busy
        self.sleep_ms = sleep_ms
        self.ticks_ms = ticks_ms
        self._one = bytearray(1)
        cs(1)

    def command(self, c):
        self._one[0] = c
        self._dc(0)
        self._cs(0)
        self._write(self._one)
        self._cs(1)

    def data(self, buf):
        self._dc(1)
        self._cs(0)
        self._write(buf)
        self._cs(1)

    def reset(self):
        # Waveshare timing: high 100 ms (cut to 20), low 2 ms, high and settle
        self._rst(1)
        self.sleep_ms(20)
        self._rst(0)
        self.sleep_ms(2)
        self._rst(1)
        self.sleep_ms(20)

    def busy(self):
        return bool(self._busy())
