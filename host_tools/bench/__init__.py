"""Measuring the AI: `speed` (`python -m host_tools bench`, the solver benchmark),
`speed_mp` (its MicroPython side; `place_mp`, the placement timing's for
`presses`; `jsonl_mp`, the line loop both run), `corpus` (seeded positions), `oracle` (the ILP
solver for comparison), `pystone_ref` / `pystone_mp` (the ESP32 speed factor),
`tournament` (AI against AI), `stats` (what every tournament shares:
the parallel game loop, Wilson intervals, percentiles), `expert_time` /
`expert_mp` (the expert's think time on the unix port).
"""
