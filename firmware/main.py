"""Device entry point: the ESP32 backend first (it reads which button woke
the board before that press is released), then the app, which never
returns (idle sleep powers down; a button boots the board into here again).
The score log goes to the filesystem root, where the sync endpoint reads it.
On the MicroPython unix port (the device simulator, host_tools.devsim)
the same app runs on hal.unixport.
"""
import sys

if sys.platform == "esp32":
    from hal.esp32 import Esp32Hal
    hal = Esp32Hal()
else:
    from hal.unixport import UnixHal
    hal = UnixHal()

from ui.app import App  # noqa: E402

app = App(hal, log_dir="")
try:
    app.run()
except Exception as e:    # never a frozen screen: one line, power down
    app.crashed(e)
