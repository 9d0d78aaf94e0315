"""Link play on the glass: consoles at one table, each its own (the
protocol: the top-level `link` package; the radio: hal.link).

  match         HostMatch (the host console's match: the one Game, AI
                seats and pass-and-play seats here, the others' seats
                moved by frames) and GuestMatch (a joined console's: what
                its person may see, read as a Game by the play screen)
  table_lobby   "Host a table": the seats, the pairing code, who is in
  table_join    "Join a table": the tables in range, the code entered
  table_wait    another console's person plays: their moves as they come,
                a quiet console named with how long it has been away, and
                on the host the choice to hand its seat to an AI or pause
The play screen, the privacy screen and the round's result are the
app's own (ui.screens): a linked match keeps to the same contract
(ui.seats) as any match.
"""


def news(screen):
    """A lobby screen's tick: True (redraw) once each time what it shows
    of the radio, screen._state(), has changed since it was drawn."""
    st = screen._state()
    if st != screen.shown:
        screen.shown = st
        return True
    return False
