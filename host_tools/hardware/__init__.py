"""The reference build: `generate` (`python -m host_tools hardware`) writes the
files derived from hardware/pins.json.
"""
