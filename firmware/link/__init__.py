"""Link play: consoles at one table, each its own, over the radio
(hal.link).  One host console is the authority; the others show what
their person may see and send what their person chose.

  frames    the radio frames: layout, pairing and session keys, tags
  channel   one pair's session: sequence numbers, acks, retransmission,
            messages split into frames and joined again
  messages  what a Rummikub match says inside those messages (TABLE,
            VIEW, VERDICT, QUIET, PLAY, DRAW): a rack goes to its owner only
  gin_messages  a Gin Rummy game's (GTABLE, GVIEW, GMOVE): a hand goes to
            its owner only, until the hand's end lays both down;
            gin_table: a joined console's Gin game read as a GinGame
  peer      the far end of a pairing, and the loop both sides share
  host      the host's side: lobby, the game, views, the gate, quiet consoles
  guest     a joined console's side: joining, the view, moves
  save      each side's save; logbook: each finished round and match into
            every console's score log, once
Both sides import these same modules, as sync.protocol is for score sync.
The engine knows nothing of them: a linked seat is a seat whose moves
arrive as frames.
"""

# What stays loaded at each moment of the app (ui.unload): a linked match
# listens to the radio through every moment (an AI seat thinking, a person
# playing, the score log written), so the session's modules stay; save
# and logbook are loaded for their moment only.
# A Gin game's own (gin_messages, gin_table) stay too: a Rummikub match
# never loads them.
_SESSION = ("frames", "channel", "messages", "peer", "host", "guest", "gin_messages",
            "gin_table")
KEEP = {"ai": _SESSION, "human": _SESSION, "logged": _SESSION}
