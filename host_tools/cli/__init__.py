"""Engine and solver on the command line: `check` (one turn), `solve` (best move);
`jsonio` reads their JSON input.
"""
