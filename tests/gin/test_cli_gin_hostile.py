"""`gin score` against hostile input: every malformed input exits 2 with
one short line naming the problem, never a traceback; exit 1 stays
"the knocker is over the knock limit" (issue 24 D6)."""
import io
import json
import os
import sys

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "host"))
import cli_fuzz  # noqa: E402
from cli_fuzz import LINE_MAX, refusal, hostile_bytes  # noqa: E402
from host_tools.gin import score  # noqa: E402

KNOCKER = "AS 2S 3S 7H 7D 7C 9C 10C JC KD"
DEFENDER = "4H 5H 6H 9S 9D 2C 3D KS KH QH"
FUZZ_CASES = 300


def knock(**kw):
    d = {"knocker": KNOCKER, "defender": DEFENDER}
    d.update(kw)
    return json.dumps(d).encode()


def run(data):
    return cli_fuzz.run(["gin", "score"], data)


def assert_refused(rc, out, err, needle):
    line = refusal(rc, out, err, needle)
    assert json.loads(out)["error"] in line


HOSTILE = [
    ("5000 nested [", b"[" * 5000 + b"]" * 5000, "nested"),
    ("rules self", knock(rules={"self": 1}), "'self'"),
    ("rules overrides", knock(rules={"overrides": 1}), "'overrides'"),
    ("deep rule value", knock()[:-1] + b', "rules": {"target": '
     + b"[" * 900 + b"]" * 900 + b"}}", "target"),
    ("invalid UTF-8", b'{"knocker": "AS\xff"}', "UTF-8"),
    ("10 MB", b'{"knocker": "' + b"AS " * 3500000 + b'"}', "bytes"),
    ("NaN knock limit", b'{"knocker": "AS", "defender": "2S", "knock_limit": NaN}', "NaN"),
    ("5000-digit knock limit", knock()[:-1] + b', "knock_limit": ' + b"9" * 5000 + b"}",
     "digits"),
    ("megabyte-long field name", knock(**{"x" * 60000: 1}), "unknown field"),
    ("a hand of 10000 cards", knock(knocker=" ".join(["AS"] * 10000)), "knocker"),
]


@pytest.mark.parametrize("name,data,needle", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_input_exits_2_with_one_short_line(name, data, needle):
    assert_refused(*run(data + b"\n"), needle=needle)


def test_help_and_arguments():
    out, err = io.StringIO(), io.StringIO()
    assert score.main(["--help"], io.BytesIO(b""), out, err) == 0
    assert "Exit 0" in out.getvalue() and err.getvalue() == ""
    out, err = io.StringIO(), io.StringIO()
    assert score.main(["x"], io.BytesIO(b""), out, err) == 2
    assert len(err.getvalue().splitlines()) == 1 and out.getvalue() == ""


# ---- fuzz: in-process, hypothesis-driven ------------------------------------

CARD = st.one_of(st.sampled_from(["AS", "2S", "3s", "10H", "TC", "JD", "QH", "KC", "1H",
                                  "11S", "A", "S", "\u2660", "A\u2660", "10", ""]),
                 st.text(max_size=3))
HAND = st.one_of(st.lists(CARD, max_size=12).map(" ".join), st.lists(CARD, max_size=12))
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 30, 10 ** 30),
                   st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8))
VALUE = st.recursive(SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=8)
RULES = st.dictionaries(st.sampled_from(["knock_limit", "oklahoma", "gin_layoff", "target",
                                         "self", "overrides", "nope"]),
                        st.one_of(st.sampled_from([True, False, 0, 10, 100]), VALUE),
                        max_size=3)
REQUEST = st.fixed_dictionaries({}, optional={
    "knocker": st.one_of(HAND, VALUE), "defender": st.one_of(HAND, VALUE),
    "knock_limit": st.one_of(st.integers(-2, 12), VALUE), "doubled": VALUE,
    "rules": st.one_of(RULES, VALUE), "extra": VALUE})


def a_deal(seed, limit, rules, grouped):
    """A well-formed request: two ten-card hands from one shuffled deck;
    grouped: the knocker holds three groups (all four of one rank, three
    of the next two), a gin, so legal knocks are tried as often as illegal."""
    import random
    from gin.cards import deck, fmt_cards, rank_of
    rnd = random.Random(seed)
    d = list(deck())
    rnd.shuffle(d)
    if grouped:
        r = rnd.randrange(1, 12)
        d.sort(key=lambda c: rank_of(c) - r if r <= rank_of(c) <= r + 2 else 3)
        del d[4]            # 4 of r, 3 of r + 1, 3 of r + 2, then the 4th of r + 2
    return {"knocker": fmt_cards(d[:10]), "defender": fmt_cards(d[10:20]),
            "knock_limit": limit, "doubled": seed % 2 == 0, "rules": rules}


DEAL = st.builds(a_deal, st.integers(0, 2 ** 31), st.integers(0, 10),
                 st.sampled_from([{}, {"gin_layoff": False}, {"target": 50}]), st.booleans())


RAW = hostile_bytes(st.one_of(DEAL, REQUEST), 6000, DEAL, DEAL, REQUEST, VALUE)


@settings(max_examples=FUZZ_CASES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(RAW)
def test_fuzz_gin_score_never_crashes(data):
    out, err = io.StringIO(), io.StringIO()
    rc = score.main([], io.BytesIO(data), out, err)
    lines = err.getvalue().splitlines()
    body = json.loads(out.getvalue())
    if rc == 0:
        assert not lines and {"winner", "points"} <= set(body)
    else:
        assert rc in (1, 2) and len(lines) == 1 and len(lines[0]) <= LINE_MAX, (data[:200], rc)
        assert body["error"] in lines[0]
        # exit 1 only for a well-formed knock over the limit
        assert (rc == 1) == ("over_by" in body), (data[:200], rc, body)
        if rc == 1:
            assert body["over_by"] > 0
