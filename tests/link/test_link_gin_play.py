"""Gin Rummy linked between two consoles, proven as CI runs them: each
console a separate 32-bit MicroPython process (host_tools/mp32, plain),
the Gin AI at each seat as its scripted person, one seeded game to its
end over the simulated radio (host_tools.link.air) with 20% loss, 5%
duplication, 5% reordering and up to 30 ms delay, and the joined
console's power cut mid-game, then the host's:

- every version the host made, the joined console showed with the host's
  pile, stock count, moves and scores and its own hand as the host had it
  (host_tools.link.run.check), and it came back from its save with its
  hand as it was;
- every frame the joined console received, read in plaintext with the
  protocol's decoders: no card of the host's hand before the hand's end;
- both score logs hold every hand and the game once, the same records,
  and the hands are the hands one console plays with the same deal and
  the same players, no radio.
"""
import json

import pytest

from hal.storage import Storage
from host_tools.link import air as A
from host_tools.link import run as R
from host_tools.link.console_mp import gin_player
from host_tools.mp32 import build
from link import frames as F
from link import gin_messages as G
from link import save

WHY = build.missing()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")
SEED = 3


def alone(names, seed, target):
    """The game's hands as one console plays it: the same deal, the same
    players (their choices depend on what they see only)."""
    from gin.game import GinGame, HAND_OVER
    from gin.rules import GinRules
    g = GinGame(GinRules(target=target), seed, names)
    players = [gin_player("medium", p) for p in (0, 1)]
    while not g.is_over():
        if g.phase == HAND_OVER:
            g.next_hand()
        players[g.current].act(g)
    return g.history, g.scores


def outputs(result):
    return "\n".join("== %s\n%s" % (c["name"], c["out"][-3000:]) for c in result.consoles)


def test_a_gin_game_over_a_faulty_radio_through_two_power_cuts(tmp_path):
    faults = A.Faults(loss=0.2, dup=0.05, reorder=0.05, delay_ms=30)
    kills = [A.Kill("Bo", 40000, 8000, 2), A.Kill("Ann", 90000, 10000, 3)]
    result = R.Table(str(tmp_path), 2, SEED, faults=faults, kills=kills, run=build.plain(),
                     think="500-1500", capture=True, game="gin", target=60).play()
    assert result.ok, "%s\n%s" % (result.problem, outputs(result))
    assert R.check(result) == [], outputs(result)
    s = result.stats
    assert s["lost"] > 100 and s["duplicated"] > 10 and s["reordered"] > 10, s
    ann, bo = result.consoles
    for c in (ann, bo):
        assert c["boots"] == 2 and c["exits"][0][2], (c["name"], c["exits"])
    resumed = [w for w in ann["out"].splitlines() if "resumed from the save at version" in w]
    assert len(resumed) == 1 and int(resumed[0].split()[-1]) > 5
    # Bo rejoined with its hand as it was
    after = bo["shown"][[i for i, v in enumerate(bo["shown"]) if "boot" in v][0]:]
    boot, first = after[0], [v for v in after if "table" in v][0]
    assert boot["rack"] and boot["rack"] == first["racks"][str(list(first["racks"])[0])]
    # both logs: every hand and the game once, the same records, the game alone's
    logs = [R.score_log(c["dir"]) for c in result.consoles]
    assert logs[0] == logs[1]
    hands = [r for k, r in logs[0] if k == "round"]
    assert [k for k, r in logs[0]] == ["round"] * len(hands) + ["match"]
    history, scores = alone(hands[0]["names"], SEED, 60)
    assert [r["scores"] for r in hands] == [[h[1] if h[0] == p else 0 for p in (0, 1)]
                                            for h in history]
    assert [sum(r["scores"][p] for r in hands) for p in (0, 1)] == scores
    assert {r["game"] for r in hands} == {2} and len(hands) >= 2
    privacy(str(tmp_path), result)


def privacy(folder, result):
    """Every DATA frame Bo received, read in plaintext under the session
    keys its pairing and the WELCOMEs give, joined into messages: no GVIEW
    holds the host's hand before the hand's end, and its own hand is the
    host's record of it at that version."""
    made = {v["v"]: v for v in result.consoles[0]["shown"] if "table" in v}
    bo = result.consoles[1]
    st = json.loads(Storage(bo["dir"]).load(save.GUEST))
    seat = st["pair"]["seats"][0]
    got, sessions = R.received(folder, "Bo", F.Key(bytes.fromhex(st["pair"]["key"])))
    views = 0
    for msg in [m for msgs in sessions for m in msgs]:
        if msg[0] == G.GVIEW:
            v = G.read_view(msg)
            assert sorted(v.hands) == ([0, 1] if v.phase == 3 else [seat]), \
                "a GVIEW at phase %d with hands %s" % (v.phase, sorted(v.hands))
            assert list(v.hands[seat]) == made[v.version]["racks"][seat]
            views += 1
        elif msg[0] == G.GTABLE:
            G.read_table(msg)
        else:
            assert msg[0] in (0x23, 0x24), hex(msg[0])      # VERDICT, QUIET
    assert views >= len(made) // 2, (views, len(made))
