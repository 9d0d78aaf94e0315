"""Frame protocol and record payloads (run on CPython and MicroPython)."""
from check import raises
from sync import messages as M
from sync import protocol as P
from sync import matchid
from sync import records as R


def frames_of(dec):
    out, errors = [], []
    while True:
        try:
            fr = dec.next()
        except P.FrameError as e:
            errors.append(str(e))
            continue
        if fr is None:
            return out, errors
        out.append(fr)


def test_frame_round_trip_byte_by_byte():
    data = P.encode(M.HELLO, 7) + P.encode(M.GET, 8, b"\x01\x02\x03\x04\x05")
    dec = P.Decoder()
    got = []
    for i in range(len(data)):
        dec.feed(data[i:i + 1])
        got.extend(frames_of(dec)[0])
    assert got == [(M.HELLO, 7, b""), (M.GET, 8, b"\x01\x02\x03\x04\x05")]
    assert dec.pending() == 0


def test_noise_before_frame_is_skipped_and_counted():
    dec = P.Decoder()
    dec.feed(b"MicroPython v1.2\r\n>>> " + P.encode(M.OK, 3, b"hi"))
    got, errors = frames_of(dec)
    assert got == [(M.OK, 3, b"hi")] and errors == []
    assert dec.noise == 22


def test_flipped_bit_is_reported_and_next_frame_survives():
    a = bytearray(P.encode(M.END, 5, b"payload"))
    a[11] ^= 0x10
    dec = P.Decoder()
    dec.feed(bytes(a) + P.encode(M.OK, 6))
    got, errors = frames_of(dec)
    assert got == [(M.OK, 6, b"")]
    assert len(errors) == 1 and "CRC mismatch in END frame seq 5" in errors[0]


def test_truncated_frame_then_stale_finds_the_next():
    whole = P.encode(M.ACK_OK, 9, b"abcd")
    dec = P.Decoder()
    dec.feed(whole[:10] + whole)       # a cut frame, then the frame again
    got, errors = frames_of(dec)
    # the cut frame's length swallows part of the next: CRC fails, resync
    assert got == [(M.ACK_OK, 9, b"abcd")], (got, errors)
    dec.feed(whole[:12])
    assert frames_of(dec)[0] == [] and dec.pending() == 12
    assert dec.stale() is True
    assert frames_of(dec)[0] == [] and dec.pending() == 0


def test_length_over_limit_is_an_error_not_a_wait():
    import struct
    bad = P.MAGIC + struct.pack(P.HEAD, P.MAX_PAYLOAD + 1, M.OK, 1)
    dec = P.Decoder()
    dec.feed(bad + P.encode(M.OK, 2))
    got, errors = frames_of(dec)
    assert got == [(M.OK, 2, b"")] and "exceeds" in errors[0]
    assert "exceeds" in str(raises(ValueError, P.encode, M.OK, 1, bytes(P.MAX_PAYLOAD + 1)))


def test_values_and_pairs_round_trip():
    out = bytearray()
    d = {"initial_meld": 40, "extra_draws": True, "tile_set": "xp", "neg": -5}
    P.put_pairs(out, d)
    back, pos = P.get_pairs(out, 0)
    assert back == d and pos == len(out)
    assert "cannot encode" in str(raises(ValueError, P.put_value, bytearray(), 1.5))
    assert "longer than 255" in str(raises(ValueError, P.put_str, bytearray(), "x" * 256))


def test_round_record_round_trip():
    b = R.encode_round(0x12340001, 3, ["Ana", "Bo", "Cé"], [24, -5, -19], [0, 5, 19], 0)[1]
    d = R.decode_round(b)
    assert d == {"match_id": 0x12340001, "round": 3, "names": ["Ana", "Bo", "Cé"],
                 "scores": [24, -5, -19], "racks": [0, 5, 19], "winner": 0,
                 "exhausted": False, "game": 0}
    d = R.decode_round(R.encode_round(1, 1, ["A", "B"], [3, -3], [10, 13], 0, True)[1])
    assert d["exhausted"] is True and d["racks"] == [10, 13]
    for code in (1, 2):                # the game's code beside the exhausted flag
        d = R.decode_round(R.encode_round(1, 1, ["A", "B"], [3, -3], [10, 13], 0, True, code)[1])
        assert d["exhausted"] is True and d["game"] == code
    assert len(b) < 40


def test_match_record_round_trip():
    rows = [[24, -5, -16, -3], [-6, -11, 22, -5], [-32, -13, -2, 47], [-10, -25, 41, -6]]
    b = R.encode_match(7, ["A", "B", "C", "D"], rows, [-24, -54, 45, 33], [1, 0, 2, 1],
                       2, {"joker_penalty": 20, "extra_draws": True})[1]
    d = R.decode_match(b)
    assert d["rounds"] == rows and d["totals"] == [-24, -54, 45, 33]
    assert d["wins"] == [1, 0, 2, 1] and d["winner"] == 2 and d["match_id"] == 7
    assert d["rules"] == {"joker_penalty": 20, "extra_draws": True}
    assert R.decode_match(R.encode_match(8, ["A", "B"], [], [0, 0], [0, 0], None)[1])["winner"] is None


def test_bad_record_values_name_the_problem():
    e = raises(ValueError, R.encode_round, 1, 1, ["A", "B"], [1], [0, 0], 0)
    assert "scores has 1 entries for 2 players" in str(e)
    e = raises(ValueError, R.encode_round, 1, 1, ["A", "B"], [1, -1], [0, 0], 2)
    assert "winner" in str(e)
    e = raises(ValueError, R.encode_round, 1, 0, ["A", "B"], [1, -1], [0, 0], 0)
    assert "round number" in str(e)
    e = raises(ValueError, R.encode_round, 1, 1, ["A", "B"], [40000, -1], [0, 0], 0)
    assert "score" in str(e)
    e = raises(ValueError, R.encode_match, 1, ["A", "B"], [[1, 2, 3]], [0, 0], [0, 0], 0)
    assert "round 1 scores" in str(e)


def _decodes_or_record_error(decode, buf):
    try:
        return decode(buf)
    except R.RecordError as e:
        assert "does not decode" in str(e) or "decoded" in str(e), e
        return None


def test_short_or_garbled_payloads_give_a_record_error():
    """Every cut and every byte change of real payloads: a dict or a
    RecordError (a ValueError), never IndexError or struct.error."""
    rnd = R.encode_round(0x12340001, 3, ["Ana", "Bo", "Cé"], [24, -5, -19], [0, 5, 19], 0)[1]
    mat = R.encode_match(7, ["A", "B", "C"], [[3, -1, -2], [-4, 9, -5]], [-1, 8, -7],
                         [1, 1, 0], 1, {"joker_penalty": 20, "first_player": "random"})[1]
    rnd2 = R.encode_round("hh-1.0000beef.3", 3, ["Ana", "Bo"], [24, -24], [0, 24], 0)[1]
    mat2 = R.encode_match("0000beef.3", ["A", "B"], [[3, -3]], [3, -3], [1, 0], 0)[1]
    bad = 0
    for decode, good in ((R.decode_round, rnd), (R.decode_match, mat),
                         (R.decode_log_start, R.encode_log_start(9)),
                         (lambda b: R.decode(P.ROUND2, b), rnd2),
                         (lambda b: R.decode(P.MATCH2, b), mat2)):
        for cut in range(len(good)):
            bad += _decodes_or_record_error(decode, good[:cut]) is None
        for i in range(len(good)):
            for v in (0x00, 0x08, 0x2E, 0x7F, 0xFF):
                b = bytearray(good)
                b[i] = v
                _decodes_or_record_error(decode, bytes(b))
    # every cut is refused
    assert bad == len(rnd) + len(mat) + 4 + len(rnd2) + len(mat2)
    e = raises(ValueError, R.decode_round, b"\x01\x00\x00\x00\x01\x03\x00\x00")
    assert isinstance(e, R.RecordError) and "round record of 8 bytes" in str(e)


def test_format_2_match_ids_round_trip_and_pick_the_kind():
    """The scheme (sync.matchid): "log.number" for this console's matches,
    "console.log.number" for another console's; ROUND2/MATCH2 records carry
    it, a 32-bit int still gives format 1 (ROUND/MATCH)."""
    own = matchid.make("", 0x5F3A9C01, 7)
    other = matchid.make("a4cf12b3c4d5", 0x5F3A9C01, 7)
    assert (own, other) == ("5f3a9c01.7", "a4cf12b3c4d5.5f3a9c01.7")
    assert matchid.split(own) == ("", 0x5F3A9C01, 7)
    assert matchid.split("sim.x.y.0000beef.4294967295") == ("sim.x.y", 0xBEEF, 0xFFFFFFFF)
    for mid, kinds in ((own, (P.ROUND2, P.MATCH2)), (other, (P.ROUND2, P.MATCH2)),
                       (0x12340001, (P.ROUND, P.MATCH))):
        kind, body = R.encode_round(mid, 2, ["A", "B"], [5, -5], [0, 5], 0)
        assert kind == kinds[0] and R.decode(kind, body)["match_id"] == mid
        kind, body = R.encode_match(mid, ["A", "B"], [[5, -5]], [5, -5], [1, 0], 0)
        assert kind == kinds[1] and R.decode(kind, body)["match_id"] == mid
    # this console's own id costs 1 byte more than a format 1 id
    assert len(R.encode_round(own, 2, ["A", "B"], [5, -5], [0, 5], 0)[1]) == \
        len(R.encode_round(1, 2, ["A", "B"], [5, -5], [0, 5], 0)[1]) + 5


def test_match_ids_outside_the_scheme_are_refused():
    for bad in ("", "7", "5f3a9c01", "5f3a9c01.0", "5F3A9C01.7", "5f3a9c1.7", ".5f3a9c01.7",
                "5f3a9c01.07", "+5f3a9c01.7", "-0000001.7", "5f3a9c01.4294967296",
                "a b.5f3a9c01.7", "\xe9.5f3a9c01.7", "x" * 41 + ".5f3a9c01.7", None, 1.5):
        e = raises(ValueError, matchid.split, bad)
        assert "log.number" in str(e), bad
        if isinstance(bad, str):
            assert "log.number" in str(raises(ValueError, R.encode_round, bad, 1, ["A"],
                                              [0], [0], 0))
    assert "32-bit" in str(raises(ValueError, R.encode_round, 1 << 32, 1, ["A"], [0], [0], 0))
    assert "not a round or match" in str(raises(ValueError, R.decode, P.LOG_START, b"1234"))
