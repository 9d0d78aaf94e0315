"""The stand-in device: MicroPython unix port serving sync on its stdio
(a raw pty), from the folder that plays its flash.  After BYE it goes back
to serving, as the handheld would when the user opens sync again."""
import sys
import micropython
from hal.usbserial import UsbSerial
from sync.endpoint import Endpoint, serve
from sync.scorelog import ScoreLog

micropython.kbd_intr(-1)
quiet = int(sys.argv[1]) if len(sys.argv) > 1 else 50
port = UsbSerial()
while serve(port, Endpoint(ScoreLog("scores.log")), quiet):
    pass
