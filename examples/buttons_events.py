"""The seven buttons on their own: debounce, press, release, click, long
press and auto-repeat, printed as they happen.

On a board running stock MicroPython with the app's modules on it
(`mpremote mip install --target / package.json`), or just hal/board.py
and hal/buttons.py; the buttons wired as in hardware/pins.json (each
pulls its GPIO high when pressed, a 100k pull-down on the board):

    mpremote run examples/buttons_events.py      # Ctrl-C stops it

hal.buttons is pure logic: it takes the lines as a bitmask sampled every
few tens of ms (interrupts would see contact bounce) and returns events.
"""
import time

from machine import Pin

from hal import board
from hal.buttons import Buttons, KIND_NAMES, NAMES

POLL_MS = 20


def read(pins):
    """The lines as a bitmask in hal.buttons order (bit set: pressed)."""
    bits = 0
    for i, p in enumerate(pins):
        if p.value():
            bits |= 1 << i
    return bits


def watch(pins, buttons, polls=-1):
    """Sample every POLL_MS and print each event; `polls` samples (-1: for ever)."""
    while polls:
        for kind, button in buttons.update(read(pins), time.ticks_ms()):
            print(KIND_NAMES[kind], NAMES[button])
        time.sleep_ms(POLL_MS)
        polls -= 1


def main():
    pins = [Pin(n, Pin.IN) for n in board.BUTTON_PINS]
    print("press the buttons (hold one for a long press)")
    watch(pins, Buttons())


if __name__ == "__main__":
    main()
