"""The reference build: everything derived from hardware/pins.json.

generate   `python -m host_tools hardware [--check]`: writes (or checks) all outputs
pins       the pin map: load, the ESP32 pin rules, firmware/hal/board.py
wiring     hardware/wiring.svg
power      the power model and hardware/power.md (labelled inputs, measured.json)
"""
