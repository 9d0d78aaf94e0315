"""Frames of link play: the tag, the keys, and frames refused by kind
(CPython + MicroPython)."""
from link import frames as F


def refused(fn, *args):
    try:
        fn(*args)
    except F.FrameError as e:
        return e.why
    return None


def test_hmac_is_rfc_4231_case_1():
    # RFC 4231, test case 1: key 0x0b x 20, "Hi There"
    got = F.Key(b"\x0b" * 20).mac(b"Hi There")
    assert got == bytes.fromhex("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")


def test_hmac_is_rfc_4231_case_6_with_a_long_key():
    got = F.Key(b"\xaa" * 131).mac(b"Test Using Larger Than Block-Size Key - Hash Key First")
    assert got == bytes.fromhex("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")


def test_a_sealed_frame_verifies_and_gives_its_body():
    k = F.Key(b"k" * 32)
    f = F.seal(F.HELLO, 0x1234, b"12345678", k)
    assert F.head(f) == (F.HELLO, 0x1234)
    assert bytes(F.verify(f, k)) == b"12345678"
    assert len(f) == F.HEAD + 8 + F.TAG


def test_any_flipped_bit_or_other_key_is_forged():
    k = F.Key(b"k" * 32)
    f = F.seal(F.DATA, 7, b"x" * 20, k)
    for i in range(len(f)):
        for bit in (1, 128):
            g = bytearray(f)
            g[i] ^= bit
            why = refused(lambda: (F.head(g), F.verify(g, k)))
            assert why in (F.FORGED, F.MALFORMED), (i, why)
    assert refused(F.verify, f, F.Key(b"j" * 32)) == F.FORGED


def test_not_our_frames_are_malformed():
    k = F.Key(b"k" * 32)
    good = F.seal(F.ACK, 1, b"\0\0\0\0", k)
    for bad in (b"", b"\xd1", bytes(good[:5]), b"\x00" + bytes(good[1:]),
                b"\xd1\x99" + bytes(good[2:]), bytes(good) + b"x" * 250,
                F.seal(F.ACK, 1, b"")[:F.HEAD + 3]):
        assert refused(F.head, bad) == F.MALFORMED, bad


def test_keys_differ_by_code_table_macs_and_nonces():
    a = F.code_key("123456", 1)
    assert a.secret == F.code_key("123456", 1).secret
    assert a.secret != F.code_key("123457", 1).secret
    assert a.secret != F.code_key("123456", 2).secret
    m1, m2, n1, n2 = b"\x02" * 6, b"\x04" * 6, b"a" * 8, b"b" * 8
    p = F.pair_key(a, m1, m2, n1, n2)
    assert p.secret != F.pair_key(a, m2, m1, n1, n2).secret
    assert p.secret != F.pair_key(a, m1, m2, n2, n1).secret
    s = F.session_key(p, n1, n2)
    assert s.secret != F.session_key(p, n1, b"c" * 8).secret
    assert len(p.secret) == 32 and len(s.secret) == 32


def test_text_fields_are_cut_not_trusted():
    out = bytearray()
    F.put_text(out, "Annabelle-Marie-Louise", 16)
    assert F.text(out, 0, 16) == ("Annabelle-Marie-", 17)
    assert F.text(b"\x05ab", 0)[0] == "ab"          # runs past the end: what is there
    assert F.text(b"\x02\xff\xfe", 0)[0] == "?"      # not UTF-8
