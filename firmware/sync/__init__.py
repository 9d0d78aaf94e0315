"""Score log on flash and the serial sync endpoint.

Public surface: `scorelog.ScoreLog` (append-only records, the log's state
beside them), `gamelog` (`log_round`, `log_match`), `ginlog`
(`log_gin_hand`, `log_gin_match`), `records` (record payloads, match
ids), `protocol` (frames), `endpoint.run()` (the device side of
`host_tools sync`), `inbox` (pushed names/settings, firmware version;
loaded for those requests only), `logtail` (closes a torn log before an
append).

Match ids (the scheme; link play and the host use it, nothing else makes
one).  A match's id is reserved in the score log when the match starts,
whatever the game, and never handed out again: ScoreLog.reserve_match()
gives "LLLLLLLL.N", this console's log id (8 hex digits) and the next
number of that log's counter, kept in the log's state and written there
before the id is handed out.  A match another console started (link
play) is logged under that console's id in front, "CONSOLE.LLLLLLLL.N",
CONSOLE its device id (hal.devid: 1..40 printable ASCII characters, no
space).  records.match_id() and records.split_id() make and read them;
saves keep them as that text.  So an id is unique across both games (one
counter a log), across consoles (a console's id, implicit in its own
log) and across wiped logs (a new log draws a new random log id).  When
the flash takes no write at all the id is a one-off, a random log id and
number 1.  In a record (format 2: kinds ROUND2, MATCH2) the id is its
three parts, console as a short string ("" for the console whose log
holds it), log id u32, number u32.  Format 1 records (kinds ROUND,
MATCH: firmware before the scheme, or a match saved then and resumed
now, which keeps its id) carry a 32-bit id, (log id & 0xFFFF) << 16 |
counter, that means something only with the log holding it.  The host
keys a format 2 match by (console, log id, number), whichever console's
log brings it; a format 1 match by (device, log id, id)
(host_tools.sync.db.match_key).
"""

# What stays loaded at each moment of the app (ui.unload):
#   "logged": nothing.  The log is written once a round and read by the
#   history screen; between those moments its code is not in RAM.
#   "ai": nothing.  limits (read by ui.settings_file when settings or names are
#   checked) is not needed while an AI seat thinks.
KEEP = {"logged": (), "ai": ()}
