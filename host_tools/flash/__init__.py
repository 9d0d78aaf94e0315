"""Putting the app on a board: `command` (`python -m host_tools flash`),
`deploy` (bundle + mpremote copy), `firmware_cache` (the pinned MicroPython
image), `image_build` (the image with the app frozen in), `frozen` (flashing
that image), `esp_write` (esptool), `board` / `board_backup` (talking to a
board's REPL, saving its files), `bringup` (a new board measures itself),
`mip` (package.json for `mpremote mip install`), `common` (shared errors and
helpers).  The board simulator is `host_tools.devsim`; the compiler check,
`host_tools.codecheck`.
"""
