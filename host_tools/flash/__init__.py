"""Putting the app on a board: `command` (`python -m host_tools flash`), `mpycheck`
(mpy-cross over firmware/), `deploy` (bundle + mpremote copy), `firmware_cache`
(the pinned MicroPython image), `esp_write` (esptool), `board` / `board_backup`
(talking to a board's REPL, saving its files), `devsim` (the unix port as a board
on a pty), `common` (shared errors and helpers).
"""
