"""Device entry point: the ESP32 backend first (it reads which button woke
the board before that press is released), then the app, which never
returns (idle sleep powers down; a button boots the board into here again).
The score log goes to the filesystem root, where the sync endpoint reads it.
"""
from hal.esp32 import Esp32Hal

hal = Esp32Hal()

from ui.app import App  # noqa: E402

App(hal, log_dir="").run()
