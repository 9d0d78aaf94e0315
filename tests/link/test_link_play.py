"""Consoles that play together, proven as CI runs them: each console a
separate 32-bit MicroPython process (host_tools/mp32, plain), scripted
players, one seeded Rummikub round to its end over the simulated radio
(host_tools.link.air), read back from every console's flash afterwards.

- a faulty radio (20% loss, 5% duplication, 5% reordering, up to 30 ms
  delay) with a joined console's power cut and then the host's, mid-round:
  every console shows each turn's table, the rejoined console its rack as
  it was, and every score log holds the round once, the round a console
  alone plays with the same deal and players;
- every frame each joined console received, read in plaintext with the
  protocol's own decoders: no other player's tile;
- thousands of junk frames (random, oversized, truncated, flipped,
  replayed, from strangers, forged moves, wrong codes) and a console cut
  off for 30 s: every console plays on (the cut-off one reported quiet),
  and the round is the same round.
"""
import json

import pytest

from hal.storage import Storage
from host_tools.link import air as A
from host_tools.link import run as R
from host_tools.link.console_mp import choose
from host_tools.mp32 import build
from link import frames as F
from link import messages as M
from link import save
from rummikub.game import PLAYING, Game
from rummikub.rules import Rules

WHY = build.missing()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")
SEED = 3


def alone(names, seed, level="medium"):
    """The round's scores as one console plays it, no radio: the same
    deal, the same scripted players (their choices depend on the table only)."""
    g = Game(Rules(), len(names), seed, 1, names)
    while g.phase == PLAYING:
        after = choose(level, g, g.current)
        if after is None or not g.play(after).valid:
            g.draw()
    return g.round_rows


def outputs(result):
    return "\n".join("== %s\n%s" % (c["name"], c["out"][-3000:]) for c in result.consoles)


def one_round_in_every_log(result):
    logs = [R.score_log(c["dir"]) for c in result.consoles]
    for c, log in zip(result.consoles, logs):
        assert [k for k, r in log] == ["round", "match"], (c["name"], log)
        assert log == logs[0], c["name"]
    rnd = logs[0][0][1]
    assert [rnd["scores"]] == alone(rnd["names"], SEED), "the round is not the round a console alone plays"
    return rnd


def test_a_round_over_a_faulty_radio_through_two_power_cuts(tmp_path):
    faults = A.Faults(loss=0.2, dup=0.05, reorder=0.05, delay_ms=30)
    kills = [A.Kill("Bo", 90000, 15000, 2), A.Kill("Ann", 180000, 20000, 3)]
    result = R.Table(str(tmp_path), 3, SEED, faults=faults, kills=kills, run=build.plain(),
                     think="2000-4000", capture=True).play()
    assert result.ok, "%s\n%s" % (result.problem, outputs(result))
    assert R.check(result) == [], outputs(result)
    s = result.stats
    assert s["lost"] > 300 and s["duplicated"] > 40 and s["reordered"] > 40, s
    # most changes reach the joined consoles on their first frames: before
    # the first retransmission (250 ms of the virtual clock)
    # the radio's duty cycle: each console's radio on a small part of its
    # powered time, woken every beat; frames to a radio off were lost
    for c in result.consoles:
        share = c["radio_on_ms"] / c["alive_ms"]
        assert 0.05 < share < 0.35 and c["wakes"] > 2 * c["alive_ms"] / 1000, (c["name"], share, c["wakes"])
    assert s["radio off"] > 100, s
    shown, median, p95, most = R.reach(result)
    assert shown > 150 and median < 250 <= most, R.reach(result)
    ann, bo, cy = result.consoles
    # both cuts were planned, came mid-round (the round ended after them)
    # and each console came back from its save
    end = max(v["t"] for v in ann["shown"] if "table" in v)
    for c, n in ((bo, 1), (ann, 1)):
        assert c["boots"] == 2 and len(c["exits"]) == 2
        t, code, planned = c["exits"][0]
        assert planned and code == -9 and 60000 < t < end - 60000, c["exits"]
    # while Bo was down the others were told, and told again when it was back
    seat = 1 << int(list([v for v in bo["shown"] if "table" in v][0]["racks"])[0])
    cut, back = bo["exits"][0][0], bo["exits"][0][0] + 15000
    for c in (ann, cy):
        marks = [(v["t"], v["quiet"]) for v in c["shown"] if set(v) == {"quiet", "t"}]
        assert any(cut < t < back + 10000 and q == seat for t, q in marks), (c["name"], marks)
        assert any(t > back and q == 0 for t, q in marks), (c["name"], marks)
    resumed = [w for w in ann["out"].splitlines() if "resumed from the save at version" in w]
    assert len(resumed) == 1 and int(resumed[0].split()[-1]) > 10
    # the joined console rejoined with its rack as it was
    after_boot = bo["shown"][[i for i, v in enumerate(bo["shown"]) if "boot" in v][0]:]
    boot, first = after_boot[0], [v for v in after_boot if "table" in v][0]
    seat = list(first["racks"])[0]
    assert boot["rack"] and boot["rack"] == first["racks"][seat]
    rnd = one_round_in_every_log(result)
    assert sorted(rnd["names"]) == ["Ann", "Bo", "Cy"]
    privacy(str(tmp_path), result)


def privacy(folder, result):
    """Every frame each joined console received, read in plaintext: DATA
    frames under the session keys its save's pairing and the WELCOMEs it
    received give, joined into messages, read by the protocol's decoders
    (which refuse a byte left over); the rest have fixed sizes.  No VIEW
    holds another seat's rack, no draw shows another's tiles, and the own
    rack is the host's record of it at that version."""
    made = {v["v"]: v for v in result.consoles[0]["shown"] if "table" in v}
    fixed = {F.ACK: 4, F.WELCOME: 16, F.CALL: 8, F.PAIRED: 17, F.REFUSED: 9}
    for c in result.consoles[1:]:
        st = json.loads(Storage(c["dir"]).load(save.GUEST))
        seats = st["pair"]["seats"]
        got, sessions = R.received(folder, c["name"], F.Key(bytes.fromhex(st["pair"]["key"])))
        for frame in got:
            kind = F.head(frame)[0]
            if kind not in (F.BEACON, F.DATA):
                assert len(frame) == F.HEAD + fixed[kind] + F.TAG, F.NAMES[kind]
        views = sum(check_message(m, seats, made) for msgs in sessions for m in msgs)
        assert views >= len(made) // 2, (c["name"], views, len(made))


def check_message(msg, seats, made):
    if msg[0] == M.VIEW:
        v = M.read_view(msg)
        assert list(v.racks) == seats, "a VIEW with racks %s for seats %s" % (list(v.racks), seats)
        if v.last and v.last[0] != 1:
            assert (v.last[2] is not None) == (v.last[1] in seats), "another's drawn tiles"
        assert list(v.racks[seats[0]]) == made[v.version]["racks"][seats[0]]
        return 1
    if msg[0] == M.TABLE:
        M.read_table(msg)
    else:
        assert msg[0] in (M.VERDICT, M.QUIET), hex(msg[0])
    return 0


def test_thousands_of_junk_frames_and_a_partition_leave_every_console_playing(tmp_path):
    cut = [(60000, 90000, {"Cy"})]
    # the radio always on (no duty cycle): junk lands only on a radio that
    # listens, and this test wants thousands of it on every console
    result = R.Table(str(tmp_path), 3, SEED, faults=A.Faults(loss=0.05, partitions=cut),
                     fuzz_per_s=10, run=build.plain(), think="2000-4000", duty=False).play()
    assert result.ok, "%s\n%s" % (result.problem, outputs(result))
    assert R.check(result, cut) == [], outputs(result)
    assert result.stats["cut off"] > 10
    marks = [(v["t"], v["quiet"]) for v in result.consoles[0]["shown"] if set(v) == {"quiet", "t"}]
    assert any(60000 < t < 90000 and q for t, q in marks) and marks[-1][1] == 0, marks
    junk = result.junk
    assert sum(junk.values()) >= 3000 and min(junk.values()) >= 250, junk
    assert result.stats["dropped (buffer full)"] > 0
    refused = {}
    for c in result.consoles:
        line = [w for w in c["out"].splitlines() if "link console ok" in w][0]
        counts = eval(line.split("refused ")[1].split("; radio")[0])
        for why, n in counts.items():
            refused[why] = refused.get(why, 0) + n
    for why in (F.MALFORMED, F.FORGED, F.UNPAIRED, F.OTHER_TABLE, F.UNEXPECTED):
        assert refused.get(why, 0) >= 50, refused
    one_round_in_every_log(result)
