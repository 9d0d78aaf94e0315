"""Scores off the device: `command` (`python -m host_tools sync`), `db` (the SQLite
store), `scores` (leaderboard, CSV, plot).
"""
