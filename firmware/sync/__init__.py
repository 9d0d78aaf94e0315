"""Score log on flash and the serial sync endpoint.

Public surface: `scorelog.ScoreLog` (append-only records, the log's state
beside them), `gamelog` (`log_round`, `log_match`), `ginlog`
(`log_gin_hand`, `log_gin_match`), `records` (record payloads), `matchid` (match ids),
`protocol` (frames), `endpoint.run()` (the device side of `host_tools
sync`), `inbox` (pushed names/settings, firmware version; loaded for
those requests only), `logtail` (closes a torn log before an append).

Match ids: one scheme, `matchid` (reserve, make, split, shared, local;
link play and the host use it, nothing else makes one).
"""

# What stays loaded at each moment of the app (ui.unload):
#   "logged": nothing.  The log is written once a round and read by the
#   history screen; between those moments its code is not in RAM.
#   "ai": nothing.  limits (read by ui.settings_file when settings or names are
#   checked) is not needed while an AI seat thinks.
KEEP = {"logged": (), "ai": ()}
