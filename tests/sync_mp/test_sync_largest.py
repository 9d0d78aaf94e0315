"""The largest match records a real match can produce are logged and
streamed whole (issue 24 D5; CPython + MicroPython): 6 players on the XP
set, the most rounds a match takes, the longest names, every rule variant
changed, the latest date a record holds and every seat an AI (the match
facts of sync.matchinfo); a Gin game of the most hands a record keeps.  records.MAX_MATCH
(derived from those bounds) fits a frame, and the encoder refuses what
the bounds do not allow with a ValueError naming it."""
import struct

from sync import messages as M
from sync import protocol as P
from sync import matchid
from sync import records as R
from sync.endpoint import Endpoint
from sync.limits import NAME_MAX
from hal.clock import EPOCH_2000
from sync.matchinfo import pairs
from sync.scorelog import ScoreLog
from synctmp import scratch, remove
from endpoint_frames import ask

NAMES6 = ["W" * NAME_MAX, "M" * NAME_MAX, "%" * NAME_MAX, "@" * NAME_MAX,
          "Q" * NAME_MAX, "#" * NAME_MAX]
# every Rummikub variant at its longest value
RUMMIKUB_RULES = {"tile_set": "xp", "first_player": "random", "initial_meld": 999,
                  "initial_meld_table_use": True, "freed_joker_with_rack_tiles": True,
                  "timer_s": 999, "failed_play_penalty": 999, "extra_draws": True,
                  "joker_penalty": 999, "exhausted_winner": "tiles", "match_winner": "points"}
GIN_RULES = {"knock_limit": 0, "oklahoma": True, "gin_layoff": False, "target": 1000}
LATEST = EPOCH_2000 + 0x7FFFFFFE        # the last date a record holds (2068)


def rules_checked():
    from rummikub.rules import Rules
    from gin.rules import GinRules
    r = Rules(**RUMMIKUB_RULES)
    assert sorted(r.changed()) == sorted(RUMMIKUB_RULES)
    assert sorted(GinRules(**GIN_RULES).changed()) == sorted(GIN_RULES)


def largest_rummikub():
    nr = R.MAX_CELLS // 6
    rows = [[-32768 + r, 32767, -1, 0, 1, r] for r in range(nr)]
    return NAMES6, rows, [-(1 << 31), (1 << 31) - 1, 0, 1, 2, 3], [255, 0, 1, 2, 3, 4], 1, \
        pairs(RUMMIKUB_RULES, "rummikub", LATEST, ["expert"] * 6)


def largest_gin():
    names = ["AI medium", "Z" * NAME_MAX]
    rows = [[r % 200, 0] if r % 3 else [0, 31] for r in range(255)]
    return names, rows, [31000, 2700], [170, 85], 0, \
        pairs(GIN_RULES, "gin", LATEST, ["medium", "human"])


# the longest match id the scheme takes (a console id as long as
# hal.devid keeps, the highest log id and number)
LONGEST_ID = matchid.make("~" * 40, 0xFFFFFFFF, 0xFFFFFFFF)


def check_streamed(match):
    """Log match (under the longest match id), stream the log through the
    endpoint, decode it back."""
    path = scratch("big")
    log = ScoreLog(path)
    mid = LONGEST_ID
    names, rows, totals, wins, winner, rules = match
    log.append_round(mid, len(rows), names, rows[-1], [65535] * len(names), winner, True)
    seq = log.append_match(mid, names, rows, totals, wins, winner, rules)
    frames, _ = ask(Endpoint(ScoreLog(path), "dev", "v"), M.GET, 7, struct.pack("<IB", 0, 16))
    assert [f[0] for f in frames] == [P.LOG_START, P.ROUND2, P.MATCH2, M.END]
    assert frames[2][1] == seq
    body = frames[2][2]
    d = R.decode(P.MATCH2, body)
    assert (d["match_id"], d["names"], d["rounds"], d["totals"], d["wins"], d["winner"],
            d["rules"]) == (mid, names, rows, totals, wins, winner, rules)
    remove(path, path + ".synced")
    return len(body)


def test_largest_rummikub_match_is_logged_and_streamed():
    rules_checked()
    n = check_streamed(largest_rummikub())
    assert 512 < n <= R.MAX_MATCH <= P.MAX_PAYLOAD, (n, R.MAX_MATCH)
    assert n == 1570, n          # docs/figures.md, "Score log records"


def test_largest_gin_game_is_logged_and_streamed():
    n = check_streamed(largest_gin())
    assert 512 < n <= R.MAX_MATCH
    assert n == 1183, n


def refused(fn, *args):
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    raise AssertionError("not refused")


def test_what_the_bounds_do_not_allow_is_refused():
    names, rows, totals, wins, winner, rules = largest_rummikub()
    assert "name" in refused(R.encode_match, 1, names[:5] + ["X" * (R.NAME_BYTES + 1)],
                             rows, totals, wins, winner, rules)
    assert "1..6 players" in refused(R.encode_round, 1, 1, ["A"] * 7, [0] * 7, [0] * 7, 0)
    assert "round scores" in refused(R.encode_match, 1, names, rows + [rows[0]], totals,
                                     wins, winner, rules)
    big = {"x%d" % i: "y" * 40 for i in range(6)}
    assert "rules" in refused(R.encode_match, 1, names, rows, totals, wins, winner, big)
    longer = "~" + LONGEST_ID
    assert "log.number" in refused(R.encode_match, longer, names, rows, totals, wins,
                                           winner, rules)


def test_name_max_is_what_the_screens_fit():
    """sync.limits.NAME_MAX: the longest name fits the widest line that
    shows a whole name, "Pool empty: NAME wins" at twice the size (the
    round result's title), and one more character would not."""
    from ui.gfx import text_width
    from ui.layout import W
    assert text_width("Pool empty: %s wins" % ("W" * NAME_MAX), 2) <= W
    assert text_width("Pool empty: %s wins" % ("W" * (NAME_MAX + 1)), 2) > W
    assert text_width("%s wins the match!" % ("W" * NAME_MAX), 2) <= W
