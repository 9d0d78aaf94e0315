"""The USB serial line (the REPL's stdin/stdout) as a byte port with
timeouts, for score sync.  On the ESP32 and the unix port alike the line
is sys.stdin/sys.stdout; `select.poll` tells when bytes are waiting.

    port = UsbSerial()
    port.read(timeout_ms)   bytes waiting (up to 64); b'' on timeout;
                            None when the line is closed
    port.write(data)
"""
import select
import sys


class UsbSerial:
    def __init__(self):
        self.inp = sys.stdin.buffer
        self.out = sys.stdout.buffer
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)

    def read(self, timeout_ms):
        if not self.poll.poll(timeout_ms):
            return b""
        out = bytearray()
        while len(out) < 64:
            b = self.inp.read(1)
            if not b:
                return bytes(out) if out else None
            out.extend(b)
            if not self.poll.poll(0):
                break
        return bytes(out)

    def write(self, data):
        self.out.write(data)
        try:
            self.out.flush()
        except AttributeError:
            pass
