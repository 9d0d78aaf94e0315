"""Bitmap fonts for the handheld: the screen's own, and made from TrueType.

art      `python -m host_tools.font.art`: the screen's 8x8 font, drawn
         pixel by pixel in screen8.txt, into firmware/hal/font.py (the
         font every text on the glass is drawn in); `--check` says
         whether that module is up to date.

fontgen  `python -m host_tools.font.fontgen`: renders a font's printable
         ASCII at a pixel size into a compact MicroPython module (one
         bytes constant of packed glyph rows, the way Peter Hinch's
         font_to_py does it) and `render()` draws a string from it on any
         framebuf, so its look and its heap cost can be measured.
"""
