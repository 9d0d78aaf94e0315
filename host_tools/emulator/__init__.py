"""The handheld on this computer: emulated hal (backend.py), SSD1683 simulator.

The window/headless runner and the `emulate` command live alongside
(owned by the UI work); backend.py is the hal the app runs on here.
"""
