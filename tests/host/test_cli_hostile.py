"""`check` and `solve` against hostile input: every malformed input exits 2
with one short line naming the problem, never a traceback (issue 13)."""
import io
import json
import random

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from cli_fuzz import LINE_MAX, run, refusal, encode, hostile_bytes
from host_tools.bench.corpus import random_position
from host_tools.cli import check, solve
from rummikub.rules import Rules
from rummikub.tiles import fmt_table, fmt_tiles
from ai.solver import solve as solve_move


def assert_refused(rc, out, err, needle, cmd):
    line = refusal(rc, out, err, needle)
    if cmd == "check":
        body = json.loads(out)
        assert body["valid"] is False and body["error"]["code"] == "bad_input"
        assert body["error"]["message"] in line


def turn(**kw):
    t = {"table": "R5 R6 R7", "rack": "R8", "after": "R5 R6 R7 R8", "melded": True}
    t.update(kw)
    return t


HOSTILE = [
    ("superscript digit", json.dumps(turn(rack="R\u00b2 R8")).encode(), "R"),
    ("superscript five", json.dumps(turn(rack="R\u2075", after="R5 R6 R7 R\u2075")).encode(),
     "unknown tile"),
    ("5000-digit number", json.dumps(turn(rack="R" + "5" * 5000)).encode(), "unknown tile"),
    ("256 copies of a tile", json.dumps(turn(rack=" ".join(["R8"] * 256))).encode(),
     "tiles"),
    ("300 copies on the table", json.dumps(turn(table=" | ".join(["R5 R6 R7"] * 100))).encode(),
     "tiles"),
    ("JSON nested 30000 deep", b"[" * 30000 + b"]" * 30000, "nested"),
    ("JSON nested 100000 deep", b"[" * 100000 + b"]" * 100000, "bytes"),
    ("deep rule value", b'{"table": "", "rack": "R8", "after": "R8", "rules": {"timer_s": '
     + b"[" * 900 + b"]" * 900 + b"}}", "timer_s"),
    ("invalid UTF-8", b'{"table": "R5 R6 R7", "rack": "R8\xff"}', "UTF-8"),
    ("10 MB", b'{"table": "' + b"R5 " * 3500000 + b'", "rack": "R8"}', "bytes"),
    ("not an object", b"[1, 2]", "object"),
    ("NaN in a rule", b'{"table": "", "rack": "R8", "after": "", "rules": {"timer_s": NaN}}',
     "NaN"),
    ("rules not an object", json.dumps(turn(rules=[1])).encode(), "rules"),
    ("melded not true/false", json.dumps(turn(melded="yes")).encode(), "melded"),
    ("table set invalid", json.dumps(turn(table="R5 R6", after="R5 R6 R8")).encode(),
     "table: set 1 (R5 R6)"),
    ("megabyte-long rule value", json.dumps(turn(rules={"tile_set": "x" * 60000})).encode(),
     "tile_set"),
]


@pytest.mark.parametrize("cmd", ["check", "solve"])
@pytest.mark.parametrize("name,data,needle", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_input_exits_2_with_one_short_line(cmd, name, data, needle):
    rc, out, err = run([cmd], data + b"\n")
    assert_refused(rc, out, err, needle, cmd)
    if cmd == "solve":
        assert "line 1" in err and out == ""


@pytest.mark.parametrize("budget,needle", [
    ("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "Infinity"), ("-1", "budget_ms"),
    ('"soon"', "budget_ms"), ("1e999", "budget_ms"), ("true", "budget_ms"),
    ("1" + "0" * 5000, "digits"),
])
def test_solve_refuses_a_budget_that_is_not_milliseconds(budget, needle):
    line = b'{"table": "R5 R6 R7", "rack": "R8", "budget_ms": ' + budget.encode() + b"}\n"
    rc, out, err = run(["solve"], line)
    assert_refused(rc, out, err, needle, "solve")


def test_solve_answers_the_lines_before_a_bad_one():
    good = json.dumps({"table": "R5 R6 R7", "rack": "R8", "melded": True}).encode()
    rc, out, err = run(["solve"], good + b"\n" + b"R\xff\n" + good + b"\n")
    assert_refused(rc, "", err, "line 2", "solve")
    assert len(out.splitlines()) == 1 and json.loads(out)["placed"] == "R8"


# ---- fuzz: both commands in-process, hypothesis-driven ----------------------

FUZZ_CASES = 400            # per command; docs/developer.md quotes these counts

TOKEN = st.one_of(
    st.sampled_from(["R5", "r6", "O7", "Y13", "K1", "B12", "J", "j", "G3", "P9", "R0",
                     "R14", "R\u00b2", "R\u2075", "X9", "R", "|", "||", "R05", "B-1",
                     "R" + "9" * 40, "\u0660", "R\u0665"]),
    st.text(max_size=4))
NOTATION = st.lists(TOKEN, max_size=12).map(" ".join)
NUMBER = st.one_of(st.integers(-10 ** 30, 10 ** 30), st.floats(allow_nan=True,
                                                                allow_infinity=True),
                   st.integers(0, 200))
SCALAR = st.one_of(st.none(), st.booleans(), NUMBER, st.text(max_size=8), NOTATION)
VALUE = st.recursive(SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=8)
RULES = st.dictionaries(st.sampled_from(["tile_set", "initial_meld", "initial_meld_table_use",
                                         "freed_joker_with_rack_tiles", "timer_s", "nope"]),
                        st.one_of(st.sampled_from(["xp", "standard", True, False, 0, 30]),
                                  VALUE), max_size=3)
REQUEST = st.fixed_dictionaries({}, optional={
    "table": st.one_of(NOTATION, VALUE), "rack": st.one_of(NOTATION, VALUE),
    "after": st.one_of(NOTATION, VALUE), "melded": st.one_of(st.booleans(), VALUE),
    "rules": st.one_of(RULES, VALUE), "budget_ms": st.one_of(st.just(50), NUMBER, VALUE)})


def a_turn(seed, overrides, melded, how):
    """A well-formed request on a random position: the solver's move, the
    table cut into random pieces, or the solver's move with a tile moved."""
    rnd = random.Random(seed)
    table, hand = random_position(rnd, oracle_safe=False, sets=(0, 4), tiles=(0, 14),
                                  rack=(1, 8), joker_p=0.7)
    before = [bytearray(x) for x in table]
    rules = Rules(**overrides)
    after = [bytearray(x) for x in solve_move(before, bytearray(hand), melded, rules).table]
    tiles = [t for x in after for t in x]
    if how == "pieces" and tiles:
        rnd.shuffle(tiles)
        cuts = sorted(rnd.sample(range(1, len(tiles) + 1), min(3, len(tiles))))
        after = [bytearray(tiles[a:b]) for a, b in zip([0] + cuts, cuts + [len(tiles)])
                 if b > a]
    elif how == "moved" and len(after) > 1:
        a, b = rnd.sample(range(len(after)), 2)
        after[b].append(after[a].pop())
        after = [x for x in after if x]
    return {"table": fmt_table(before), "rack": fmt_tiles(hand), "after": fmt_table(after),
            "melded": melded, "rules": overrides, "budget_ms": 50}


TURN = st.builds(a_turn, st.integers(0, 2 ** 31),
                 st.sampled_from([{}, {"initial_meld_table_use": True},
                                  {"freed_joker_with_rack_tiles": True}]),
                 st.sampled_from([True, True, False]),
                 st.sampled_from(["solved", "pieces", "moved"]))

HOSTILE_RAW = hostile_bytes(st.one_of(TURN, REQUEST), 3000, REQUEST, VALUE)
# half well-formed turns (legal and not), half hostile bytes
RAW = st.booleans().flatmap(lambda turn: TURN.map(encode) if turn else HOSTILE_RAW)


def in_process(mod, data):
    """(status, stdout, stderr) of the command's main() on bytes stdin."""
    out, err = io.StringIO(), io.StringIO()
    rc = mod.main([], stdin=io.BytesIO(data), stdout=out, stderr=err)
    return rc, out.getvalue(), err.getvalue()


def assert_sane(mod, data, rc, out, err):
    lines = err.splitlines()
    if rc == 2:
        assert len(lines) == 1 and len(lines[0]) <= LINE_MAX, (data[:200], err[:500])
    else:
        assert rc in (0, 1) and not err, (data[:200], rc, err[:500])
    for line in out.splitlines():
        body = json.loads(line)
        if mod is check:
            assert body["valid"] is (rc == 0)
        else:
            assert {"table", "placed", "count", "value", "optimal", "ms"} <= set(body)


@settings(max_examples=FUZZ_CASES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(RAW)
def test_fuzz_check_never_crashes(data):
    rc, out, err = in_process(check, data)
    assert_sane(check, data, rc, out, err)
    assert len(out.splitlines()) == 1


@settings(max_examples=FUZZ_CASES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(RAW.map(lambda b: b.replace(b"\n", b" ")), min_size=1, max_size=3))
def test_fuzz_solve_never_crashes(lines):
    data = b"\n".join(lines) + b"\n"
    rc, out, err = in_process(solve, data)
    assert_sane(solve, data, rc, out, err)
