"""The refresh policy (ui.refresh.Refresher) on a display that records
what it was asked, and the play screen's turn timer: when the glass
refreshes, and how."""
import os
import sys

from ui.refresh import Refresher
from ui.layout import H

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


class Glass:
    """The driver's refresh calls, recorded; a framebuffer to change."""

    def __init__(self):
        self.buf = bytearray(50 * H)
        self.done = []

    def refresh_full(self):
        self.done.append("full")

    def refresh_fast(self):
        self.done.append("fast")

    def refresh_partial(self, x, y, w, h):
        self.done.append("partial")
        return "partial"


def change(g, k):
    g.buf[k % len(g.buf)] ^= 0xFF


def test_first_full_then_partials_of_what_changed_and_nothing_when_nothing_did():
    g = Glass()
    r = Refresher(g, limit=20)
    assert r.show() == "full"
    assert r.show() is None
    change(g, 5)
    assert r.show() == "partial"
    assert g.done == ["full", "partial"]


def test_partials_past_the_cadence_get_a_fast_clean_never_a_full():
    """After `limit` partials with no whole-screen refresh between, the next
    change is a fast refresh: a long turn blinks once (1.2 s), it does not
    go blank for the 3 s of a full refresh."""
    g = Glass()
    r = Refresher(g, limit=5, fast_limit=3)
    r.show()
    for k in range(30):
        change(g, k)
        r.show()
    assert "full" not in g.done[1:]
    assert g.done[1:] == (["partial"] * 5 + ["fast"]) * 5


def test_a_screen_changes_fast_refresh_starts_the_count_again():
    g = Glass()
    r = Refresher(g, limit=5)
    r.show()
    for turn in range(4):
        r.show("fast")              # a turn starts
        for k in range(4):
            change(g, k)
            r.show()
    assert g.done[1:] == (["fast"] + ["partial"] * 4) * 4


def test_every_fast_limit_th_screen_change_is_a_full_refresh():
    """The deep clean falls on a screen change (between turns): in place of
    the fast refresh asked for once fast_limit fast ones came since the
    last full one, those of the cadence included."""
    g = Glass()
    r = Refresher(g, limit=3, fast_limit=2)
    r.show()
    for k in range(4):              # a long turn: its cadence cleans twice
        change(g, k)
        r.show()
    assert g.done[1:] == ["partial"] * 3 + ["fast"]
    for k in range(4):
        change(g, k)
        r.show()
    assert g.done.count("fast") == 2 and g.done.count("full") == 1
    r.show("fast")                  # the next turn's start: full
    assert g.done[-1] == "full"
    r.show("fast")
    assert g.done[-1] == "fast"


def test_the_turn_timer_alone_refreshes_only_at_30_10_and_5_seconds_left(tmp_path):
    """With no key pressed the glass refreshes three times in a 60 s turn
    (it was a partial refresh at every change of the shown time: 14 of
    them); a key's refresh shows the time left as it is then."""
    from test_keys import rigged
    d = rigged(str(tmp_path), seats=("human", "hard"), timer=60)
    r = d.r
    before = dict(r.totals)
    texts = []
    for _ in range(57):
        r.run(1000)
        texts.append(d.screen._timer_text())
    got = {k: r.totals[k] - before[k] for k in r.totals}
    assert got == {"full": 0, "fast": 0, "partial": 3}, got
    assert d.screen.name == "play" and texts[-1].startswith("0:0")
    d.key("right")
    assert r.totals["partial"] - before["partial"] == 4


def test_the_seeded_round_has_no_full_refresh_inside_a_turn():
    """The refresh benchmark's round (host_tools.presses.refresh: three
    seats, a person asking the hint every turn and playing by keys): the
    3 s blank of a full refresh never falls inside a person's turn, and
    every person's turn starts with one whole-screen refresh."""
    from host_tools.presses.command import round_in_a_process
    r = round_in_a_process()
    assert r["human_turns"] >= 5
    assert r["fulls_inside_a_turn"] == 0 and r["inside"]["full"] == 0
    assert r["start"]["fast"] + r["start"]["full"] == 1.0
