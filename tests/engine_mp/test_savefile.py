from check import raises, refuses_every_damage
from rummikub.game import Game
from rummikub.rules import Rules
from rummikub import savefile
from rummikub.savefile import SaveError
from simple_player import choose


def midgame(seed=7, turns=25, **rules):
    g = Game(Rules(**rules), 3, seed=seed, rounds=2, names=["Ana", "Bo", "Cy"])
    for _ in range(turns):
        after = choose(g)
        if after is None:
            g.draw()
        else:
            g.play(after)
    return g


def same(a, b):
    return savefile.dumps(a) == savefile.dumps(b) and a.table == b.table and \
        a.racks == b.racks and a.pool == b.pool and a.rules == b.rules and \
        a.rng.state == b.rng.state and a.current == b.current


def test_round_trip_is_exact_and_carries_app_state():
    g = midgame(joker_penalty=25, timer_s=90)
    data = savefile.dumps(g, {"screen": "play", "seats": ["human", "hard", "easy"]})
    h, extra = savefile.loads(data)
    assert same(g, h) and extra["seats"][1] == "hard" and h.names == ["Ana", "Bo", "Cy"]
    # the restored game goes on exactly like the original
    for _ in range(10):
        for x in (g, h):
            after = choose(x)
            x.draw() if after is None else x.play(after)
    assert same(g, h)


def test_save_is_compact():
    assert len(savefile.dumps(midgame())) < 400


def test_the_device_save_comes_in_small_parts():
    # the app hands Storage.save a list of parts: the opening (magic,
    # version, the header's length), the header JSON made piece by piece in
    # parts of about 64 bytes, then the state, built in room taken for exactly what it
    # holds (the appends never move it).  Never the whole save, nor the
    # whole header, in one block beside the JSON text (on a fragmented
    # 56 KB heap each such block was where saves failed)
    g = midgame(turns=8)
    extra = {"screen": "play", "review": ["Bo played 3 tiles: R5 R6 R7"] * 6}
    real = savefile.room
    asked = []

    def spy(n):
        asked.append(n)
        return real(n)
    savefile.room = spy
    try:
        parts = savefile.dumps(g, extra, True)
    finally:
        savefile.room = real
    whole = savefile.dumps(g, extra)
    assert b"".join([bytes(p) for p in parts]) == bytes(whole)
    assert asked == [len(parts[-1])]
    # each header part: about 64 bytes, and one value's JSON at most more
    assert len(whole) > 300 and max([len(p) for p in parts[:-1]]) <= 64 + 30
    assert len(parts[-1]) < len(whole) // 2
    h, got = savefile.loads(whole)
    assert same(g, h) and got == extra


def test_the_header_parts_hold_json_dumps_own_text():
    import json
    from common.container import opening
    head = {"a": [1, [2, "x y"], {"b": None, "c": True}], "d": "Zo\u00eb", "e": (1, 2),
            "f": {}, "g": [], "h": -3, "i": {"j": ["k", {"l": 5}]}}
    parts, _ = opening(b"TEST", 1, head)
    assert b"".join(parts[1:]).decode() == json.dumps(head)


def test_every_truncation_and_bit_flip_is_refused():
    refuses_every_damage(SaveError, savefile.loads, savefile.dumps(midgame(turns=8)))


def test_wrong_version_and_foreign_files_are_named():
    data = bytearray(savefile.dumps(midgame(turns=2)))
    data[4] = 99
    assert "version 99" in str(raises(SaveError, savefile.loads, data))
    assert "not a Pocket Rummikub save" in str(raises(SaveError, savefile.loads, b"hello world!"))


def test_a_reloaded_container_raises_the_same_save_error():
    # the app drops common.container after each save (ui.app) while a
    # caller may hold SaveError from before: a damaged save loaded after
    # the reload must still be the class that caller catches
    import sys
    sys.modules.pop("common.container", None)
    raises(SaveError, savefile.loads, b"not a save at all")
