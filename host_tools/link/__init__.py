"""Link play on this computer: consoles as separate processes on a
simulated radio.

- `air`        the radio between them: ESP-NOW's limits, a real radio's
               faults, a virtual clock (firmware/hal/simradio.py is a
               console's end)
- `fuzz`       junk frames the air delivers among the real ones
- `console_mp` a headless console with a scripted person (MicroPython
               unix port or CPython)
- `run`        N consoles on one match, then each console's flash read
               back and checked
- `command`    `pocket emulate --link N --headless`
"""
