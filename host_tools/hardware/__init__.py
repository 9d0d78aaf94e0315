"""The reference build: everything derived from hardware/pins.json.

generate   `python -m host_tools hardware [--check]`: writes (or checks) all outputs
pins       the pin map: load, the ESP32 pin rules, firmware/hal/board.py
wiring     hardware/wiring.svg
power      the power model and hardware/power.md (labelled inputs, measured.json)
schematic  SKiDL circuit + ERC, hardware/schematic.net and schematic.svg
enclosure  the parametric case: the parts' sizes, layout, build123d solids, STEP/STL
render     the case's pictures: enclosure.png and the guide's step drawings
guide      hardware/assembly.md (order, print, wire, flash, bring-up), button_board.svg
prose      the markdown templates beside these (assembly.template.md, power.template.md):
           the guides' prose, with {fields} for the figures
schematic, enclosure and render need requirements-hardware.txt.
"""
