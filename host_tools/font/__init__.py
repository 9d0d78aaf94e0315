"""Bitmap fonts for the handheld, made from free TrueType fonts.

fontgen  `python -m host_tools.font.fontgen`: renders a font's printable
         ASCII at a pixel size into a compact MicroPython module (one
         bytes constant of packed glyph rows, the way Peter Hinch's
         font_to_py does it) and `render()` draws a string from it on any
         framebuf, so its look and its heap cost can be measured.
"""
