"""Device entry point: the ESP32 backend first (it reads which button woke
the board before that press is released), then the app, which never
returns (idle sleep powers down; a button boots the board into here again).
The score log goes to the filesystem root, where the sync endpoint reads it.
On the MicroPython unix port (the device simulator, host_tools.devsim)
the same app runs on hal.unixport.
"""
from hal.native import native

hal = native()

from ui.app import App  # noqa: E402

app = App(hal, log_dir="")
try:
    app.run()
except Exception as e:    # never a frozen screen: one line, power down
    app.crashed(e)
