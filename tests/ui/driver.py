"""The scripted human (tests/ui_mp/ui_driver.py) on the emulator backend."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "ui_mp"))
from host_tools.emulator.headless import Runner, HOLD_MS, LONG_MS  # noqa: E402
from ui_driver import KeyDriver, Stuck  # noqa: E402,F401


class Driver(KeyDriver):
    def __init__(self, root, shots=None):
        self.r = Runner(root, shots)
        super().__init__(lambda name, long: self.r.press(name, LONG_MS if long else HOLD_MS),
                         lambda: self.r.app)
