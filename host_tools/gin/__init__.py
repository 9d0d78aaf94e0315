"""Gin Rummy host tools: `python -m host_tools gin <subcommand>`.

- `command`     dispatches the subcommands
- `score`       `gin score`: score one knock given as JSON on stdin
- `tournament`  `gin tournament`: AI levels over mirrored deals, games to 100
- `think`       `gin think`: AI time per action on the MicroPython unix port
                (`think_mp` is the script it runs there), ESP32 estimate
"""
